import { SETTING_NAMES } from '../../../domain/settingNames';

// The setup wizard of SPEC §2 and §4 as a pure reducer: which steps show, where next and previous
// lead, and what next submits at each step. The component only performs the submissions.
//
// "Trial mode" is the root setting setup.trial_mode as it stood when the wizard opened: a first
// run ('false' or missing) shows every step whatever the licence choice; a run after a trial
// ('true') shows only the licence step, plus the default organization when a licence is chosen.

export type WizardStep = 0 | 1 | 2 | 3 | 4 | 5;
export const WIZARD_STEPS: readonly WizardStep[] = [0, 1, 2, 3, 4, 5];
export const FINISHED_STEP: WizardStep = 5;

/** SPEC §4 licence choice: undecided, then licence or trial; a valid token makes it activated. */
export type LicenceChoice = 'undecided' | 'licence' | 'trial' | 'activated';

export interface WizardState {
  step: WizardStep;
  trialMode: boolean;
  choice: LicenceChoice;
  eulaAccepted: boolean;
}

export type WizardAction =
  /** The current step's form was accepted (or needs none): go to the next shown step. */
  | { type: 'advanced' }
  | { type: 'previous' }
  | { type: 'licenceChosen'; choice: 'licence' | 'trial' }
  | { type: 'licenceCancelled' }
  | { type: 'licenceActivated' }
  | { type: 'eulaToggled'; accepted: boolean };

/** What pressing next does at each step (SPEC §4). */
export type StepSubmission = 'advance' | 'licence' | 'organization' | 'database' | 'settings' | 'finish';

const SUBMISSIONS: Record<WizardStep, StepSubmission> = {
  0: 'advance',
  1: 'licence',
  2: 'organization',
  3: 'database',
  4: 'settings',
  5: 'finish',
};

export function initialWizardState(trialMode: boolean): WizardState {
  return { step: 0, trialMode, choice: 'undecided', eulaAccepted: false };
}

export const submissionAt = (step: WizardStep): StepSubmission => SUBMISSIONS[step];

export const hasChosenLicence = (choice: LicenceChoice) => choice === 'licence' || choice === 'activated';

/** SPEC §2: 2 shows without trial mode or with a licence chosen; 3 and 4 only without trial mode. */
export function isStepShown(step: WizardStep, trialMode: boolean, choice: LicenceChoice): boolean {
  if (step === 2) return !trialMode || hasChosenLicence(choice);
  if (step === 3 || step === 4) return !trialMode;
  return true;
}

export const shownSteps = (state: Pick<WizardState, 'trialMode' | 'choice'>): WizardStep[] =>
  WIZARD_STEPS.filter((step) => isStepShown(step, state.trialMode, state.choice));

/** SPEC §2: previous is disabled at step 1 or lower. */
export const canGoPrevious = (state: WizardState): boolean => state.step > 1;

/** The licence step is done once a trial has its EULA accepted or a licence is activated. */
export function licenceStepComplete(state: WizardState): boolean {
  if (state.choice === 'trial') return state.eulaAccepted;
  return state.choice === 'activated';
}

export function nextStep(state: WizardState): WizardStep {
  // After the licence step in trial mode with trial chosen, the wizard jumps to step 5.
  if (state.step === 1 && state.trialMode && state.choice === 'trial') return FINISHED_STEP;
  return shownSteps(state).find((step) => step > state.step) ?? FINISHED_STEP;
}

export function previousStep(state: WizardState): WizardStep {
  if (!canGoPrevious(state)) return state.step;
  // Back from step 5 in trial mode: to step 2 if a licence was chosen, otherwise to step 1.
  if (state.step === FINISHED_STEP && state.trialMode) return hasChosenLicence(state.choice) ? 2 : 1;
  const earlier = shownSteps(state).filter((step) => step < state.step);
  return earlier[earlier.length - 1] ?? state.step;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'advanced':
      if (state.step === 1 && !licenceStepComplete(state)) return state;
      return { ...state, step: nextStep(state) };
    case 'previous':
      return { ...state, step: previousStep(state) };
    case 'licenceChosen':
      return { ...state, choice: action.choice };
    case 'licenceCancelled':
      return { ...state, choice: 'undecided', eulaAccepted: false };
    case 'licenceActivated':
      return { ...state, choice: 'activated' };
    case 'eulaToggled':
      return { ...state, eulaAccepted: action.accepted };
  }
}

/** Finish: setup.done 'true' and setup.trial_mode 'true' unless a licence is present. */
export function finishSettings(hasLicence: boolean, rootOrganizationUuid: string) {
  return [
    { Name: SETTING_NAMES.setupDone, Value: 'true', OrganizationUUID: rootOrganizationUuid },
    { Name: SETTING_NAMES.trialMode, Value: hasLicence ? 'false' : 'true', OrganizationUUID: rootOrganizationUuid },
  ];
}
