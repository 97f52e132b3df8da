import { useTranslation } from 'react-i18next';
import type { ErrorDetails } from '../../api/errorDetails';
import { Modal } from '../Modal/Modal';

interface ErrorDetailsDialogProps {
  details: ErrorDetails | null;
  onClose: () => void;
}

function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

/** The message, the request and its (redacted) body, and the stack trace of a failed action. */
export function ErrorDetailsDialog({ details, onClose }: ErrorDetailsDialogProps) {
  const { t } = useTranslation();
  const request = details?.request;
  return (
    <Modal open={details !== null} title={t('toast.details_title')} onCancel={onClose} labels={{ cancel: t('general.close') }} width="640px">
      {details && (
        <dl className="error-details">
          <dt>{t('toast.details_message')}</dt>
          <dd>
            {details.message}
            {details.code !== undefined && <span className="muted"> ({details.code})</span>}
          </dd>
          {request && (
            <>
              <dt>{t('toast.details_request')}</dt>
              <dd>
                <code>
                  {request.method} {request.url}
                </code>
              </dd>
              <dt>{t('toast.details_body')}</dt>
              <dd>
                {request.body === undefined || request.body === null ? (
                  <span className="muted">{t('toast.details_none')}</span>
                ) : (
                  <pre tabIndex={0}>{bodyText(request.body)}</pre>
                )}
              </dd>
            </>
          )}
          <dt>{t('toast.details_stack')}</dt>
          <dd>{details.stack ? <pre tabIndex={0}>{details.stack}</pre> : <span className="muted">{t('toast.details_none')}</span>}</dd>
        </dl>
      )}
    </Modal>
  );
}
