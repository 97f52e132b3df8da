import type { ReactNode } from 'react';
import type { FormMode } from './FormContext';

/** The props every field component shares with FormField. */
export interface BaseFieldProps {
  name: string;
  label: ReactNode;
  id?: string;
  help?: ReactNode;
  error?: string | readonly string[];
  required?: boolean;
  mode?: FormMode;
  /** What read mode shows; defaults to the field's value. */
  readValue?: ReactNode;
}

/** Controlled or uncontrolled value as text, for read mode. */
export function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}
