import { useId, useState, type Dispatch, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LicenceActivation } from '../../../components/licence/LicenceActivation';
import type { WizardAction, WizardState } from '../wizardMachine';
import { EulaDialog } from './EulaDialog';
import { STEP_FORM_ID } from './stepForm';

interface LicenceStepProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

/** Step 1 (SPEC §2, §4): choose a licence or a trial; a trial needs the EULA accepted. */
export function LicenceStep({ state, dispatch }: LicenceStepProps) {
  const { t } = useTranslation();
  const eulaId = useId();
  const [eulaOpen, setEulaOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const advance = () => dispatch({ type: 'advanced' });
  const send = (action: WizardAction) => {
    setError(null);
    dispatch(action);
  };

  if (state.choice === 'licence') {
    return (
      <LicenceActivation
        formId={STEP_FORM_ID}
        onActivated={(_info, byActivateButton) => {
          dispatch({ type: 'licenceActivated' });
          if (!byActivateButton) advance();
        }}
        onCancel={() => dispatch({ type: 'licenceCancelled' })}
      />
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.choice === 'undecided') setError(t('setup.errors.choose_licence'));
    else if (state.choice === 'trial' && !state.eulaAccepted) setError(t('setup.errors.eula_required'));
    else advance();
  };

  return (
    <form id={STEP_FORM_ID} noValidate onSubmit={submit}>
      {state.choice === 'activated' && <p role="status">{t('setup.licence.activated')}</p>}
      {state.choice === 'undecided' && (
        <>
          <p>{t('setup.licence.choose')}</p>
          <div className="setup-choices">
            <button type="button" onClick={() => send({ type: 'licenceChosen', choice: 'licence' })}>
              {t('setup.licence.choose_licence')}
            </button>
            <button type="button" onClick={() => send({ type: 'licenceChosen', choice: 'trial' })}>
              {t('setup.licence.choose_trial')}
            </button>
          </div>
        </>
      )}
      {state.choice === 'trial' && (
        <>
          <p>{t('setup.licence.trial_intro')}</p>
          <div className="field field-inline">
            <div className="field-inline-row">
              <input
                id={eulaId}
                type="checkbox"
                checked={state.eulaAccepted}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${eulaId}-error` : undefined}
                onChange={(event) => send({ type: 'eulaToggled', accepted: event.currentTarget.checked })}
              />
              <label htmlFor={eulaId}>{t('setup.licence.accept_eula')}</label>
            </div>
          </div>
          <div className="setup-choices">
            <button type="button" onClick={() => setEulaOpen(true)}>
              {t('setup.licence.read_eula')}
            </button>
            <button type="button" onClick={() => send({ type: 'licenceCancelled' })}>
              {t('general.cancel')}
            </button>
          </div>
          <EulaDialog open={eulaOpen} onClose={() => setEulaOpen(false)} />
        </>
      )}
      {error && (
        <p id={`${eulaId}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
