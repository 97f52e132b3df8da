import { useReducer, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Setting } from '../../api/generated/historian.gen';
import { Modal } from '../../components/Modal/Modal';
import { ApiSettingsStep } from './steps/ApiSettingsStep';
import { DatabaseStep } from './steps/DatabaseStep';
import { FinishedStep } from './steps/FinishedStep';
import { LicenceStep } from './steps/LicenceStep';
import { OrganizationStep, type CreatedOrganization } from './steps/OrganizationStep';
import { STEP_FORM_ID } from './steps/stepForm';
import { canGoPrevious, FINISHED_STEP, initialWizardState, shownSteps, wizardReducer, type WizardStep } from './wizardMachine';
import './SetupWizard.css';

export interface SetupWizardProps {
  rootOrganizationUuid: string;
  settings: readonly Setting[];
  /** setup.trial_mode as the wizard opened (SPEC §2: it decides which steps show). */
  trialMode: boolean;
}

function StepTitle({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  switch (step) {
    case 0:
      return t('setup.steps.welcome');
    case 1:
      return t('setup.steps.licence');
    case 2:
      return t('setup.steps.organization');
    case 3:
      return t('setup.steps.database');
    case 4:
      return t('setup.steps.api');
    case 5:
      return t('setup.steps.finished');
  }
}

/** The first-run wizard of SPEC §2 (modal, steps 0 to 5). It cannot be cancelled, only finished. */
export function SetupWizard({ rootOrganizationUuid, settings, trialMode }: SetupWizardProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(wizardReducer, trialMode, initialWizardState);
  const [busy, setBusy] = useState(false);
  // What earlier steps made, so that going back and forth never creates anything twice.
  const [organization, setOrganization] = useState<CreatedOrganization | null>(null);
  const [databaseName, setDatabaseName] = useState<string | null>(null);
  const advance = () => dispatch({ type: 'advanced' });
  const steps = shownSteps(state);
  const welcomeDone = (event: FormEvent) => {
    event.preventDefault();
    advance();
  };
  const organizationCreated = (created: CreatedOrganization) => {
    setOrganization(created);
    advance();
  };
  const databaseCreated = (name: string) => {
    setDatabaseName(name);
    advance();
  };

  let body: ReactNode;
  switch (state.step) {
    case 0:
      body = (
        <form id={STEP_FORM_ID} onSubmit={welcomeDone}>
          <p>{t('setup.welcome.intro')}</p>
          <p>{t('setup.welcome.steps')}</p>
        </form>
      );
      break;
    case 1:
      body = <LicenceStep state={state} dispatch={dispatch} />;
      break;
    case 2:
      body = <OrganizationStep created={organization} licenceChosen={state.choice === 'activated'} onBusy={setBusy} onCreated={organizationCreated} onDone={advance} />;
      break;
    case 3:
      body = (
        <DatabaseStep
          organizationUuid={organization?.UUID}
          createdName={databaseName}
          onBusy={setBusy}
          onCreated={databaseCreated}
          onDone={advance}
        />
      );
      break;
    case 4:
      body = <ApiSettingsStep rootOrganizationUuid={rootOrganizationUuid} settings={settings} onBusy={setBusy} onDone={advance} />;
      break;
    case 5:
      body = <FinishedStep rootOrganizationUuid={rootOrganizationUuid} choice={state.choice} organization={organization} databaseName={databaseName} onBusy={setBusy} />;
      break;
  }

  const footer = (
    <div className="setup-nav">
      <button type="button" onClick={() => dispatch({ type: 'previous' })} disabled={busy || !canGoPrevious(state)}>
        {t('setup.previous')}
      </button>
      {state.step === FINISHED_STEP ? (
        <button type="submit" form={STEP_FORM_ID} className="primary" disabled={busy}>
          {t('setup.finish')}
        </button>
      ) : (
        <button type="submit" form={STEP_FORM_ID} className="primary" disabled={busy}>
          {t('setup.next')}
        </button>
      )}
    </div>
  );

  return (
    <Modal open title={t('setup.title')} cancellable={false} width="760px" footerStart={footer} className="setup-wizard">
      <nav aria-label={t('setup.progress')}>
        <ol className="setup-progress">
          {steps.map((step) => (
            <li key={step} aria-current={step === state.step ? 'step' : undefined}>
              <StepTitle step={step} />
            </li>
          ))}
        </ol>
      </nav>
      <section aria-labelledby="setup-step-title" className="setup-step">
        <h3 id="setup-step-title">
          <StepTitle step={state.step} />
        </h3>
        {body}
      </section>
    </Modal>
  );
}
