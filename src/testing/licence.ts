import { http, HttpResponse } from 'msw';
import type { License, LicenseInfo, SettingRead } from '../api/generated/historian.gen';
import { ORG_A_UUID, ROOT_ORG_UUID } from './fixtures';

// Fixture factories and msw handlers for the licence, settings and setup tests.

const DAY_S = 86_400;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export const aLicence = (overrides: Partial<License> = {}): License => ({
  UUID: '99999999-9999-4999-8999-999999999999',
  Name: 'Acme licence',
  ExpiresAt: nowSeconds() + 365 * DAY_S,
  OrganizationUUID: ORG_A_UUID,
  LicensedFeatures: { Calculations: true, Events: true, ManualEntry: 5 },
  ...overrides,
});

export const aTrial = (overrides: Partial<License> = {}): License => ({
  UUID: '88888888-8888-4888-8888-888888888888',
  Name: 'Trial',
  ExpiresAt: nowSeconds() + 30 * DAY_S,
  Trial: true,
  LicensedFeatures: { Calculations: true, Events: true, ManualEntry: true },
  ...overrides,
});

export const aSetting = (Name: string, Value: string, overrides: Partial<SettingRead> = {}): SettingRead => ({
  UUID: `00000000-0000-4000-8000-${String(Name.length).padStart(12, '0')}`,
  OrganizationUUID: ROOT_ORG_UUID,
  Name,
  Value,
  ...overrides,
});

export const licenceInfoHandler = (info: LicenseInfo) => http.get('/api/license/info', () => HttpResponse.json(info));

/** The root organization's settings, answered only when asked for in the root organization. */
export const rootSettingsHandler = (settings: SettingRead[]) =>
  http.get('/api/settings', ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get('OrganizationUUID') !== ROOT_ORG_UUID || request.headers.get('x-organization-uuid') !== ROOT_ORG_UUID) {
      return HttpResponse.json({ title: 'Forbidden', status: 403 }, { status: 403, headers: { 'content-type': 'application/problem+json' } });
    }
    return HttpResponse.json(settings);
  });

/** The organization's translation overrides, which the providers load for a signed-in user. */
export const noTranslationOverrides = () => http.get('/api/translations/:lng/:ns', () => HttpResponse.json([]));
