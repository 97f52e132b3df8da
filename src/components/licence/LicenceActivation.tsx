import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivateLicenseMutation, useGetLicenseFingerprintQuery } from '../../api/areas/configuration';
import type { LicenseInfo } from '../../api/generated/historian.gen';
import { isJwtShaped } from '../../lib/jwtShape';
import { useToasts } from '../Toasts/useToasts';
import './LicenceActivation.css';

// The licence path of SPEC §2: copy the fingerprint token, obtain a licence token elsewhere, then
// paste it and activate (or cancel). Used by the setup wizard and the licence page.

export interface LicenceActivationProps {
  /** The form's id, so that a button outside it (the wizard's next) can submit it too. */
  formId: string;
  /**
   * `byActivateButton` tells the activate button from another submitter: the wizard moves on
   * when its next button activated the licence, and stays when the user pressed activate.
   */
  onActivated: (info: LicenseInfo, byActivateButton: boolean) => void;
  onCancel?: () => void;
}

const ACTIVATE_BUTTON = 'activate';

function FingerprintStep() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const fieldId = useId();
  const { data, isLoading, isError } = useGetLicenseFingerprintQuery();

  const copy = async () => {
    try {
      if (!data) throw new Error('No fingerprint yet');
      await navigator.clipboard.writeText(data.token);
      toasts.show('success', t('historian.success.copy_token'));
    } catch (error) {
      toasts.showError(t('historian.errors.copy_token'), error);
    }
  };

  return (
    <li>
      <label htmlFor={fieldId}>{t('licence.activation.copy_fingerprint')}</label>
      <div className="licence-fingerprint">
        <input
          id={fieldId}
          readOnly
          value={data?.token ?? (isError ? t('licence.activation.fingerprint_unavailable') : isLoading ? t('app.loading') : '')}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" onClick={() => void copy()} disabled={!data}>
          {t('licence.activation.copy')}
        </button>
      </div>
    </li>
  );
}

export function LicenceActivation({ formId, onActivated, onCancel }: LicenceActivationProps) {
  const { t } = useTranslation();
  const tokenId = useId();
  const [activate, { isLoading }] = useActivateLicenseMutation();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = typeof SubmitEvent !== 'undefined' && event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
    const byActivateButton = submitter instanceof HTMLButtonElement && submitter.value === ACTIVATE_BUTTON;
    if (!isJwtShaped(token)) {
      setError(t('historian.errors.invalid_token'));
      return;
    }
    setError(null);
    const result = await activate({ licenseActivation: { licenseToken: token.trim() } });
    if (result.error) return;
    setToken('');
    onActivated(result.data, byActivateButton);
  };

  return (
    <form id={formId} className="licence-activation" noValidate onSubmit={(event) => void submit(event)} aria-busy={isLoading || undefined}>
      <ol className="licence-activation-steps">
        <FingerprintStep />
        <li>
          <p>{t('licence.activation.obtain_token')}</p>
        </li>
        <li>
          <label htmlFor={tokenId}>{t('licence.activation.paste_token')}</label>
          <textarea
            id={tokenId}
            name="licenseToken"
            rows={4}
            spellCheck={false}
            className="field-code"
            value={token}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${tokenId}-error` : undefined}
            onChange={(event) => {
              setToken(event.currentTarget.value);
              setError(null);
            }}
          />
          {error && (
            <p id={`${tokenId}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="licence-activation-actions">
            <button type="submit" className="primary" value={ACTIVATE_BUTTON} disabled={isLoading}>
              {t('licence.activation.activate')}
            </button>
            {onCancel && (
              <button type="button" onClick={onCancel} disabled={isLoading}>
                {t('general.cancel')}
              </button>
            )}
          </div>
        </li>
      </ol>
    </form>
  );
}
