import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export interface FormActionsProps {
  /** Where Back leads (a page's list); shown at the left. */
  backTo?: string;
  /** Cancel at the left instead of Back (dialogs, inline forms). */
  onCancel?: () => void;
  /** The form Save submits when the actions are outside it. */
  formId?: string;
  saveLabel?: string;
  busy?: boolean;
  /** Runs before Save submits (a form with two submit buttons learns which one was pressed). */
  onSaveClick?: () => void;
  /** Other actions, between the left and Save (e.g. "Set password"). */
  children?: ReactNode;
}

/**
 * The bottom row of every form: Back or Cancel at the left, Save (primary) at the right, so the
 * two are never side by side and Save is where the eye ends.
 */
export function FormActions({ backTo, onCancel, formId, saveLabel, busy = false, onSaveClick, children }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="form-actions form-actions-split">
      <div className="form-actions-start">
        {backTo !== undefined && (
          <Link to={backTo} className="button">
            <ArrowLeft size={16} aria-hidden="true" />
            {t('form.back')}
          </Link>
        )}
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('general.cancel')}
          </button>
        )}
      </div>
      <div className="form-actions-end">
        {children}
        <button type="submit" form={formId} className="primary" disabled={busy} aria-busy={busy || undefined} onClick={onSaveClick}>
          {saveLabel ?? t('general.save')}
        </button>
      </div>
    </div>
  );
}
