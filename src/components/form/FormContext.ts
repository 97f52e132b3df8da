import { createContext, useContext } from 'react';

export type FormMode = 'edit' | 'read';

export interface FormContextValue {
  mode: FormMode;
  /** Translated messages per field path. */
  errors: Readonly<Record<string, readonly string[]>>;
  /** A required field in edit mode says so while mounted; the form then explains the mark. */
  registerRequired?: () => () => void;
}

const NO_ERRORS: Readonly<Record<string, readonly string[]>> = {};

export const FormContext = createContext<FormContextValue>({ mode: 'edit', errors: NO_ERRORS });

export const useFormContext = () => useContext(FormContext);
