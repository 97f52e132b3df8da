import {
  canGoPrevious,
  finishSettings,
  initialWizardState,
  isStepShown,
  shownSteps,
  submissionAt,
  wizardReducer,
  type LicenceChoice,
  type WizardAction,
  type WizardState,
  type WizardStep,
} from './wizardMachine';
import { isSetupPending } from './setupStatus';

// SPEC §2 "Setup wizard" and §4 "Setup" / "Licence choice", one test per rule.

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const at = (step: WizardStep, trialMode: boolean, choice: LicenceChoice = 'undecided', eulaAccepted = false): WizardState => ({
  step,
  trialMode,
  choice,
  eulaAccepted,
});
const ROOT = '11111111-1111-4111-8111-111111111111';

describe('which steps show', () => {
  it('steps 0, 1 and 5 always show', () => {
    for (const trialMode of [false, true]) {
      for (const choice of ['undecided', 'licence', 'trial', 'activated'] as const) {
        expect([0, 1, 5].every((step) => isStepShown(step as WizardStep, trialMode, choice))).toBe(true);
      }
    }
  });

  it('step 2 (default organization) shows if trial mode is not true', () => {
    expect(isStepShown(2, false, 'trial')).toBe(true);
    expect(isStepShown(2, false, 'undecided')).toBe(true);
  });

  it('step 2 (default organization) shows in trial mode if the licence type chosen is licence', () => {
    expect(isStepShown(2, true, 'licence')).toBe(true);
    expect(isStepShown(2, true, 'activated')).toBe(true);
    expect(isStepShown(2, true, 'trial')).toBe(false);
  });

  it('step 3 (time-series database) shows only if trial mode is not already true', () => {
    expect(isStepShown(3, false, 'licence')).toBe(true);
    expect(isStepShown(3, true, 'licence')).toBe(false);
  });

  it('step 4 (API and authentication settings) is hidden when setup trial mode is already true', () => {
    expect(isStepShown(4, false, 'trial')).toBe(true);
    expect(isStepShown(4, true, 'activated')).toBe(false);
  });

  it('a first run shows all six steps', () => {
    expect(shownSteps({ trialMode: false, choice: 'trial' })).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('previous, next and finish', () => {
  it('previous is disabled at step 1 or lower', () => {
    expect(canGoPrevious(at(0, false))).toBe(false);
    expect(canGoPrevious(at(1, false))).toBe(false);
    expect(canGoPrevious(at(2, false))).toBe(true);
    expect(run(at(1, false, 'trial', true), { type: 'previous' }).step).toBe(1);
  });

  it('next at step 0 goes to step 1', () => {
    expect(run(at(0, false), { type: 'advanced' }).step).toBe(1);
  });

  it('next at each step submits that step’s form: licence, organization, database, settings, then finish', () => {
    expect([0, 1, 2, 3, 4, 5].map((step) => submissionAt(step as WizardStep))).toEqual([
      'advance',
      'licence',
      'organization',
      'database',
      'settings',
      'finish',
    ]);
  });

  it('the licence step does not advance while the choice is undecided', () => {
    expect(run(at(1, false), { type: 'advanced' }).step).toBe(1);
  });

  it('a trial needs the EULA accepted before the licence step advances', () => {
    expect(run(at(1, false, 'trial'), { type: 'advanced' }).step).toBe(1);
    expect(run(at(1, false, 'trial'), { type: 'eulaToggled', accepted: true }, { type: 'advanced' }).step).toBe(2);
  });

  it('the licence path advances only once the token is activated', () => {
    expect(run(at(1, false, 'licence'), { type: 'advanced' }).step).toBe(1);
    expect(run(at(1, false, 'licence'), { type: 'licenceActivated' }, { type: 'advanced' }).step).toBe(2);
  });

  it('a first run walks through steps 2, 3 and 4 to step 5', () => {
    const steps: WizardStep[] = [];
    let state = at(1, false, 'trial', true);
    for (let i = 0; i < 4; i += 1) {
      state = run(state, { type: 'advanced' });
      steps.push(state.step);
    }
    expect(steps).toEqual([2, 3, 4, 5]);
  });
});

describe('the jumps', () => {
  it('after the licence step in trial mode with trial chosen, the wizard jumps to step 5', () => {
    expect(run(at(1, true, 'trial', true), { type: 'advanced' }).step).toBe(5);
  });

  it('in trial mode with a licence, the licence step leads to step 2 and step 2 to step 5', () => {
    const onOrganization = run(at(1, true, 'activated'), { type: 'advanced' });
    expect(onOrganization.step).toBe(2);
    expect(run(onOrganization, { type: 'advanced' }).step).toBe(5);
  });

  it('going back from step 5 in trial mode goes to step 2 if a licence was chosen', () => {
    expect(run(at(5, true, 'activated'), { type: 'previous' }).step).toBe(2);
  });

  it('going back from step 5 in trial mode goes to step 1 otherwise', () => {
    expect(run(at(5, true, 'trial', true), { type: 'previous' }).step).toBe(1);
  });

  it('going back from step 5 outside trial mode goes to step 4', () => {
    expect(run(at(5, false, 'trial', true), { type: 'previous' }).step).toBe(4);
  });
});

describe('licence choice', () => {
  it('starts undecided', () => {
    expect(initialWizardState(false)).toEqual({ step: 0, trialMode: false, choice: 'undecided', eulaAccepted: false });
  });

  it('becomes licence or trial', () => {
    expect(run(at(1, false), { type: 'licenceChosen', choice: 'licence' }).choice).toBe('licence');
    expect(run(at(1, false), { type: 'licenceChosen', choice: 'trial' }).choice).toBe('trial');
  });

  it('cancel returns to undecided', () => {
    expect(run(at(1, false, 'trial', true), { type: 'licenceCancelled' })).toMatchObject({ choice: 'undecided', eulaAccepted: false });
  });

  it('a valid licence token moves it to activated', () => {
    expect(run(at(1, false, 'licence'), { type: 'licenceActivated' }).choice).toBe('activated');
  });
});

describe('opening and finishing', () => {
  it('the wizard opens only if setup.done is not true', () => {
    expect(isSetupPending('false')).toBe(true);
    expect(isSetupPending('')).toBe(true);
    expect(isSetupPending('true')).toBe(false);
  });

  it('setup counts as done when setup.done is missing', () => {
    expect(isSetupPending(undefined)).toBe(false);
  });

  it('finish saves setup.done true and setup.trial_mode true when no licence is present', () => {
    expect(finishSettings(false, ROOT)).toEqual([
      { Name: 'setup.done', Value: 'true', OrganizationUUID: ROOT },
      { Name: 'setup.trial_mode', Value: 'true', OrganizationUUID: ROOT },
    ]);
  });

  it('finish saves setup.trial_mode false when a licence is present', () => {
    expect(finishSettings(true, ROOT)).toContainEqual({ Name: 'setup.trial_mode', Value: 'false', OrganizationUUID: ROOT });
  });
});
