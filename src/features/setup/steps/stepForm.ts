/** Every step renders one form with this id; the wizard's next and finish buttons submit it. */
export const STEP_FORM_ID = 'setup-step-form';
