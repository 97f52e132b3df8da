import type { CollectorRead } from '../../api/generated/historian.gen';
import { COLLECTOR_STALE_AFTER_MS, isStale, licenceStanding, licenceItem } from './homeRules';

// The rules behind the home page's stale marks, licence days and licence step.

const NOW = Date.UTC(2026, 4, 1, 12);
const at = (msBefore: number) => new Date(NOW - msBefore).toISOString();
const collector = (overrides: Partial<CollectorRead>): CollectorRead => ({ UUID: 'c', Name: 'Press', Status: 'Active', ...overrides });

describe('a collector is stale', () => {
  it('when Active and silent for longer than the stale time', () => {
    expect(isStale(collector({ HealthUpdatedAt: at(COLLECTOR_STALE_AFTER_MS + 1000) }), NOW)).toBe(true);
    expect(isStale(collector({ HealthUpdatedAt: at(COLLECTOR_STALE_AFTER_MS - 1000) }), NOW)).toBe(false);
  });

  it('when Active without ever reporting, but not while Initial, Paused or the organization’s own', () => {
    expect(isStale(collector({}), NOW)).toBe(true);
    expect(isStale(collector({ Status: 'Initial' }), NOW)).toBe(false);
    expect(isStale(collector({ Status: 'Paused', HealthUpdatedAt: at(3_600_000) }), NOW)).toBe(false);
    expect(isStale(collector({ IsSystem: true }), NOW)).toBe(false);
  });
});

describe('licence days left', () => {
  const claim = (secondsLeft: number) => ({ UUID: 'l', Name: 'Acme', ExpiresAt: NOW / 1000 + secondsLeft, LicensedFeatures: {} });

  it('counts a started day as a day and warns within the warning days', () => {
    expect(licenceStanding(claim(86_400 * 10 - 60), NOW, 30)).toMatchObject({ kind: 'valid', daysLeft: 10, warn: true });
    expect(licenceStanding(claim(86_400 * 90), NOW, 30)).toMatchObject({ kind: 'valid', daysLeft: 90, warn: false });
  });

  it('an expired licence or none says so', () => {
    expect(licenceStanding(claim(-1), NOW, 30).kind).toBe('expired');
    expect(licenceStanding(undefined, NOW, 30).kind).toBe('none');
  });

  it('an expired licence does not tick the licence step', () => {
    expect(licenceItem([claim(-1)], NOW).status).toBe('todo');
    expect(licenceItem([claim(60)], NOW).status).toBe('done');
    expect(licenceItem(undefined, NOW).status).toBe('unknown');
  });
});
