import { LICENSE_EXPIRY_WARNING_DAYS } from '../../domain/constants';
import { ORG_A_UUID, ORG_B_UUID, ROOT_ORG_UUID } from '../testing/fixtures';
import { licenceBannerOf, type LicenceClaim, type LicenceState } from './licence';

// SPEC §4 "Licence banner", one test per state. ExpiresAt is in epoch seconds.

const NOW = Date.parse('2026-06-01T12:00:00Z');
const DAY_S = 86_400;
const nowS = NOW / 1000;
const plant = { UUID: ORG_A_UUID, Name: 'Plant A' };
const root = { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true };

const aClaim = (overrides: Partial<LicenceClaim> = {}): LicenceClaim => ({
  UUID: '99999999-9999-4999-8999-999999999999',
  Name: 'Acme',
  ExpiresAt: nowS + 365 * DAY_S,
  OrganizationUUID: ORG_A_UUID,
  LicensedFeatures: { Calculations: true },
  ...overrides,
});
const loaded = (...claims: LicenceClaim[]): LicenceState => ({ loaded: true, claims, error: null });

describe('licence banner', () => {
  it('nothing shows while loading', () => {
    expect(licenceBannerOf({ loaded: false, claims: [], error: null }, plant, NOW)).toEqual({ kind: 'loading' });
  });

  it('with no claims, a no-licence warning appears', () => {
    expect(licenceBannerOf(loaded(), plant, NOW)).toEqual({ kind: 'no_licence' });
  });

  it('with claims but no licence for the organization, an old-licence warning appears', () => {
    expect(licenceBannerOf(loaded(aClaim({ OrganizationUUID: ORG_B_UUID })), plant, NOW)).toEqual({ kind: 'old_licence' });
  });

  it('if the licence has expired, an expired warning appears', () => {
    expect(licenceBannerOf(loaded(aClaim({ ExpiresAt: nowS - 1 })), plant, NOW)).toEqual({ kind: 'expired' });
    expect(licenceBannerOf(loaded(aClaim({ ExpiresAt: nowS })), plant, NOW)).toEqual({ kind: 'expired' });
  });

  it('if it expires within 30 days, a warning with the days until expiry appears', () => {
    expect(licenceBannerOf(loaded(aClaim({ ExpiresAt: nowS + 12 * DAY_S })), plant, NOW)).toEqual({ kind: 'expires_in_days', days: 12 });
    expect(licenceBannerOf(loaded(aClaim({ ExpiresAt: nowS + 3600 })), plant, NOW)).toEqual({ kind: 'expires_in_days', days: 1 });
    const edge = aClaim({ ExpiresAt: nowS + LICENSE_EXPIRY_WARNING_DAYS * DAY_S });
    expect(licenceBannerOf(loaded(edge), plant, NOW)).toEqual({ kind: 'expires_in_days', days: 30 });
  });

  it('a licence with more than 30 days left shows nothing', () => {
    expect(licenceBannerOf(loaded(aClaim({ ExpiresAt: nowS + 31 * DAY_S })), plant, NOW)).toEqual({ kind: 'none' });
  });

  it('a trial covers every organization and warns as its 30 days run out', () => {
    const trial = aClaim({ OrganizationUUID: undefined, Trial: true, ExpiresAt: nowS + 20 * DAY_S });
    expect(licenceBannerOf(loaded(trial), plant, NOW)).toEqual({ kind: 'expires_in_days', days: 20 });
  });

  it('in the root organization, which holds no licence, the longest-running licence counts', () => {
    const older = aClaim({ ExpiresAt: nowS - DAY_S, OrganizationUUID: ORG_B_UUID });
    expect(licenceBannerOf(loaded(older, aClaim()), root, NOW)).toEqual({ kind: 'none' });
  });
});
