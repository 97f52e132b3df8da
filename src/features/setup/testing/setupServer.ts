import { http, HttpResponse } from 'msw';
import type { LicenseInfo, SettingRead } from '../../../api/generated/historian.gen';
import { aPrivilege, aSession, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { aLicence, aSetting, aTrial, noTranslationOverrides, rootSettingsHandler } from '../../../testing/licence';
import { server } from '../../../testing/server';

// msw handlers of a fresh installation for the setup wizard tests, recording what was sent.

export const NEW_ORGANIZATION_UUID = '77777777-7777-4777-8777-777777777777';
export const DATABASE_TYPE_UUID = '64ef84a8-d87b-4b36-860a-9cc32d1b79e9';
export const FINGERPRINT = 'fingerprint-of-this-installation-0123456789ab';

export interface Sent {
  organizations: unknown[];
  databases: { body: unknown; organization: string | null; createDatabase: string | null }[];
  batches: unknown[];
  licences: (string | null)[];
}

export const rootAdmin = () => ({
  session: aSession({ userName: 'admin', userPrivileges: [aPrivilege('MANAGE_SETTINGS', ROOT_ORG_UUID), aPrivilege('READ_SETTINGS', ROOT_ORG_UUID)] }),
  organization: { current: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
});

export function serveFreshInstallation(settings: SettingRead[] = [aSetting('setup.done', 'false')]): Sent {
  document.cookie = 'XSRF-TOKEN=test';
  const sent: Sent = { organizations: [], databases: [], batches: [], licences: [] };
  let info: LicenseInfo = { LicenseClaims: [aTrial()] };
  const licence = aLicence({ OrganizationUUID: undefined, Name: 'Acme licence' });
  server.use(
    rootSettingsHandler(settings),
    noTranslationOverrides(),
    http.get('/api/license/info', () => HttpResponse.json(info)),
    http.get('/api/license/fingerprint', () => HttpResponse.json({ token: FINGERPRINT })),
    http.post('/api/license', async ({ request }) => {
      sent.licences.push((await request.formData()).get('licenseToken')?.toString() ?? null);
      info = { LicenseClaims: [licence] };
      return HttpResponse.json(info);
    }),
    http.post('/api/organizations', async ({ request }) => {
      const body = await request.json();
      sent.organizations.push(body);
      return HttpResponse.json({ UUID: NEW_ORGANIZATION_UUID, Name: 'Default organization', Status: 'Active' }, { status: 201 });
    }),
    http.get('/api/timeseries-database-types', () =>
      HttpResponse.json([
        {
          UUID: DATABASE_TYPE_UUID,
          Name: 'PostgreSQL',
          SettingsSchema: { type: 'object', properties: { mode: { type: 'string', title: 'Mode', enum: ['builtin', 'external'], default: 'builtin' } } },
        },
      ]),
    ),
    http.post('/api/timeseries-databases', async ({ request }) => {
      const url = new URL(request.url);
      sent.databases.push({ body: await request.json(), organization: request.headers.get('x-organization-uuid'), createDatabase: url.searchParams.get('createDatabase') });
      return HttpResponse.json({ UUID: '66666666-6666-4666-8666-666666666666', Name: 'historian', TimeseriesDatabaseTypeUUID: DATABASE_TYPE_UUID }, { status: 201 });
    }),
    http.put('/api/settings/batch', async ({ request }) => {
      const body = await request.json();
      sent.batches.push(body);
      return HttpResponse.json(Array.isArray(body) ? body.map((setting: SettingRead) => ({ ...setting, UUID: aSetting(setting.Name, '').UUID })) : []);
    }),
    http.get('/api/current-user/organizations', () =>
      HttpResponse.json([
        { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true },
        { UUID: NEW_ORGANIZATION_UUID, Name: 'Default organization' },
      ]),
    ),
    // Finishing setup reads the admin's own access again: what rootAdmin() holds, no forms.
    http.get('/api/current-user/privileges', () => HttpResponse.json(rootAdmin().session.userPrivileges)),
    http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json([])),
  );
  return sent;
}

