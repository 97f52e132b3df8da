import { SETTING_NAMES } from '../../../domain/settingNames';

// Kept apart from the wizard so that the shell's gate does not pull the wizard into the main chunk.

/**
 * SPEC §4: setup counts as done when the root's setup.done is 'true' or missing; the wizard opens
 * only otherwise.
 */
export const isSetupPending = (setupDone: string | undefined): boolean => setupDone !== undefined && setupDone !== 'true';

interface NamedValue {
  Name: string;
  Value: string;
}

export const settingValue = (settings: readonly NamedValue[] | undefined, name: string): string | undefined =>
  settings?.find((setting) => setting.Name === name)?.Value;

export const setupDoneOf = (settings: readonly NamedValue[] | undefined) => settingValue(settings, SETTING_NAMES.setupDone);

/** GET /settings for the root organization: named in the header too, where READ_SETTINGS is checked. */
export const rootSettingsArgs = (rootUuid: string) => ({ 'x-organization-uuid': rootUuid, organizationUuid: rootUuid });
