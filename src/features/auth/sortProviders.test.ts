import { anAuthOption } from '../../testing/fixtures';
import { externalProviders, sortFormProviders } from './sortProviders';

const option = (ProviderName: string, ProviderType: 'local' | 'ldap' | 'oidc', n: number) =>
  anAuthOption({ UUID: `00000000-0000-4000-8000-00000000000${n}`, ProviderName, ProviderType });

const options = [option('Zeta', 'ldap', 1), option('okta', 'oidc', 2), option('local', 'local', 3), option('alpha', 'ldap', 4), option('Azure', 'oidc', 5)];

describe('provider order on the login page (SPEC §2)', () => {
  it('local and ldap providers come first, local first, then by name', () => {
    expect(sortFormProviders(options).map((o) => o.ProviderName)).toEqual(['local', 'alpha', 'Zeta']);
  });

  it('other providers are the external ones, by name', () => {
    expect(externalProviders(options).map((o) => o.ProviderName)).toEqual(['Azure', 'okta']);
  });
});
