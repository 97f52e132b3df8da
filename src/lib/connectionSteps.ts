import type { TFunction } from 'i18next';

// The steps of a connection test come from the server by name (connect, authenticate, …; SPEC §7).
// The console shows each in the user's language; a step it does not know keeps the server's name.

export function connectionStepLabel(name: string, t: TFunction): string {
  return t(`connection_steps.${name}`, { defaultValue: name });
}
