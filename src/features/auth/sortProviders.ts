import type { AuthOption } from '../../api/generated/historian.gen';

const FORM_TYPES = new Set(['local', 'ldap']);

export const isFormProvider = (option: AuthOption) => FORM_TYPES.has(option.ProviderType);

/** SPEC §2: local and ldap providers first, local first, then by name. */
export function sortFormProviders(options: readonly AuthOption[]): AuthOption[] {
  return options
    .filter(isFormProvider)
    .sort(
      (a, b) =>
        Number(b.ProviderType === 'local') - Number(a.ProviderType === 'local') ||
        a.ProviderName.localeCompare(b.ProviderName, undefined, { sensitivity: 'base' }),
    );
}

export function externalProviders(options: readonly AuthOption[]): AuthOption[] {
  return options
    .filter((o) => !isFormProvider(o))
    .sort((a, b) => a.ProviderName.localeCompare(b.ProviderName, undefined, { sensitivity: 'base' }));
}
