import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRIAL_DAYS } from '../../domain/constants';
import { LICENSED_FEATURES } from '../../domain/licenceFeatures';
import { createTestOrganization, createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type SessionHeaders, type TestApp } from '../auth/testing/testUsers';
import { generateLicenceKeyPair, issueLicenceToken } from './issue';

// Licences over HTTP (SPEC §7): GET /license/fingerprint, GET /license/info (trial without a
// licence), and POST /license with the form field licenseToken refusing every forged or stale
// token.

const vendor = generateLicenceKeyPair('ed25519');
const DAY_S = 86_400;
let t: TestApp;
let admin: SessionHeaders;
let operator: SessionHeaders;

beforeAll(async () => {
  t = await openTestApp({ HISTORIAN_LICENSE_PUBLIC_KEY: vendor.publicKeyPem });
  const root = await rootOrganizationUuid(t.db);
  const organization = await createTestOrganization(t.db);
  admin = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [root]: ['MANAGE_SETTINGS', 'READ_SETTINGS'] } })).uuid);
  operator = await sessionHeaders(t.ctx, (await createTestUser(t.db, { privileges: { [organization]: ['READ_COLLECTORS'] } })).uuid);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function fingerprint(): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/license/fingerprint', headers: admin });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

const inAYear = () => Math.floor(Date.now() / 1000) + 365 * DAY_S;

async function issue(overrides: Partial<Parameters<typeof issueLicenceToken>[0]> = {}): Promise<string> {
  return issueLicenceToken({
    privateKeyPem: vendor.privateKeyPem,
    fingerprint: await fingerprint(),
    features: { Calculations: true, Events: true, ManualEntry: 5 },
    expiresAt: inAYear(),
    name: 'Acme',
    ...overrides,
  });
}

const activate = (token: string, headers: SessionHeaders = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/license',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `licenseToken=${encodeURIComponent(token)}`,
  });

const info = async (headers: SessionHeaders = admin) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/license/info', headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ LicenseClaims: Array<Record<string, unknown>>; Error?: string }>();
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decoded = (part: string): Record<string, unknown> => JSON.parse(Buffer.from(part, 'base64url').toString());

describe('the installation fingerprint', () => {
  it('is a stable base64url token', async () => {
    const first = await fingerprint();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await fingerprint()).toBe(first);
  });

  it('is only for holders of ManageSettings at root', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/license/fingerprint', headers: operator })).statusCode).toBe(403);
  });
});

describe('trial mode', () => {
  it('without a licence reports a trial with every feature for 30 days from setup', async () => {
    const { rows } = await t.db.query<{ started: number }>('SELECT extract(epoch FROM trial_started_at)::float8 AS started FROM installation');
    const { LicenseClaims } = await info(operator);
    expect(LicenseClaims).toHaveLength(1);
    expect(LicenseClaims[0]).toMatchObject({
      Name: 'Trial',
      Trial: true,
      ExpiresAt: Math.floor(rows[0].started) + TRIAL_DAYS * DAY_S,
      LicensedFeatures: Object.fromEntries(LICENSED_FEATURES.map((name) => [name, true])),
    });
  });
});

describe('POST /license refuses', () => {
  const refused = async (token: string) => {
    const response = await activate(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'historian.errors.invalid_token' });
    expect((await t.db.query('SELECT 1 FROM licences')).rowCount).toBe(0);
  };

  it('alg none', async () => {
    const [, payload] = (await issue()).split('.');
    await refused(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`);
  });

  it('a token signed with a wrong key', async () => {
    await refused(await issue({ privateKeyPem: generateLicenceKeyPair('ed25519').privateKeyPem }));
  });

  it('a changed payload', async () => {
    const [header, payload, signature] = (await issue()).split('.');
    await refused(`${header}.${b64({ ...decoded(payload), name: 'Everything forever', exp: inAYear() * 2 })}.${signature}`);
  });

  it('a past exp', async () => {
    await refused(await issue({ expiresAt: Math.floor(Date.now() / 1000) - DAY_S }));
  });

  it('HS256 signed with the public key as the secret', async () => {
    const [, payload] = (await issue()).split('.');
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const signature = createHmac('sha256', vendor.publicKeyPem).update(`${header}.${payload}`).digest('base64url');
    await refused(`${header}.${payload}.${signature}`);
  });

  it('a licence issued for another installation', async () => {
    await refused(await issue({ fingerprint: 'somewhere-else' }));
  });

  it('anyone without ManageSettings at root', async () => {
    expect((await activate(await issue(), operator)).statusCode).toBe(403);
  });
});

describe('POST /license accepts', () => {
  afterEach(async () => {
    await t.db.query(`UPDATE organizations SET license_uuid = '00000000-0000-0000-0000-000000000000'`);
    await t.db.query('DELETE FROM licences');
    await t.db.query(`DELETE FROM settings WHERE name = 'setup.trial_mode'`);
  });

  it('a licence of this installation, which then replaces the trial', async () => {
    const response = await activate(await issue());
    expect(response.statusCode).toBe(200);
    const claims = response.json<{ LicenseClaims: unknown[] }>().LicenseClaims;
    expect(claims).toEqual([
      { UUID: expect.any(String), Name: 'Acme', ExpiresAt: expect.any(Number), LicensedFeatures: { Calculations: true, Events: true, ManualEntry: 5 } },
    ]);
    expect((await info(operator)).LicenseClaims).toEqual(claims);
  });

  it('the form field as multipart too', async () => {
    const boundary = 'historianboundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="licenseToken"\r\n\r\n${await issue()}\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/license',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  });

  it('a licence bound to an organization gives it to that organization only', async () => {
    const organization = await createTestOrganization(t.db);
    const response = await activate(await issue({ organization }));
    const [claim] = response.json<{ LicenseClaims: Array<{ UUID: string; OrganizationUUID?: string }> }>().LicenseClaims;
    expect(claim.OrganizationUUID).toBe(organization);
    const { rows } = await t.db.query<{ license_uuid: string }>('SELECT license_uuid FROM organizations WHERE uuid = $1', [organization]);
    expect(rows[0].license_uuid).toBe(claim.UUID);
  });

  it('still lists a licence that has expired since, so the expired banner can show', async () => {
    const uuid = '7a9d3c1e-0000-4000-8000-000000000001';
    await activate(await issue({ uuid }));
    // As if the licence had run out since it was activated: the stored token is replaced by one
    // the vendor signed with a past expiry.
    const expired = await issue({ uuid, expiresAt: Math.floor(Date.now() / 1000) - DAY_S });
    await t.db.query('UPDATE licences SET token = $1', [expired]);
    const { LicenseClaims } = await info();
    expect(LicenseClaims).toEqual([expect.objectContaining({ UUID: uuid, ExpiresAt: expect.any(Number) })]);
    expect(Number(LicenseClaims[0].ExpiresAt)).toBeLessThan(Date.now() / 1000);
  });

  it('reports a tampered stored licence as an error, never as a licence', async () => {
    await activate(await issue());
    const [header, payload, signature] = (await t.db.query<{ token: string }>('SELECT token FROM licences')).rows[0].token.split('.');
    await t.db.query('UPDATE licences SET token = $1', [`${header}.${b64({ ...decoded(payload), features: { Calculations: 99 } })}.${signature}`]);
    await t.db.query(`INSERT INTO settings (organization_uuid, name, value) VALUES ($1, 'setup.trial_mode', 'false')`, [
      await rootOrganizationUuid(t.db),
    ]);
    const result = await info();
    expect(result.LicenseClaims).toEqual([]);
    expect(result.Error).toMatch(/signature/);
  });

  it('a licence issued by the CLI with a key pair it generated', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'historian-licence-cli-'));
    try {
      const cli = (args: string[]) =>
        execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'cli.ts'), ...args], {
          encoding: 'utf8',
          env: { ...process.env, INIT_CWD: dir },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      const printedKey = cli(['keygen', '--out', 'keys']);
      expect(printedKey).toBe(readFileSync(path.join(dir, 'keys', 'licence-public.pem'), 'utf8'));
      const cliApp = await openTestApp({ HISTORIAN_LICENSE_PUBLIC_KEY: path.join(dir, 'keys', 'licence-public.pem') });
      try {
        const root = await rootOrganizationUuid(cliApp.db);
        const headers = await sessionHeaders(cliApp.ctx, (await createTestUser(cliApp.db, { privileges: { [root]: ['MANAGE_SETTINGS'] } })).uuid);
        const print = await cliApp.app.inject({ method: 'GET', url: '/api/license/fingerprint', headers });
        const token = cli([
          'issue', '--key', 'keys/licence-private.pem', '--fingerprint', print.json<{ token: string }>().token,
          '--features', 'Calculations,Events,ManualEntry=5', '--expires', '+365d', '--name', 'From the CLI',
        ]).trim();
        const response = await cliApp.app.inject({
          method: 'POST',
          url: '/api/license',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `licenseToken=${encodeURIComponent(token)}`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ LicenseClaims: [{ Name: 'From the CLI', LicensedFeatures: { ManualEntry: 5 } }] });
      } finally {
        await cliApp.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('when setup finished on the licence path and no licence is left', () => {
  it('reports no claims (the no-licence banner), not a fresh trial', async () => {
    await t.db.query(`INSERT INTO settings (organization_uuid, name, value) VALUES ($1, 'setup.trial_mode', 'false')
                      ON CONFLICT (organization_uuid, name) DO UPDATE SET value = 'false'`, [await rootOrganizationUuid(t.db)]);
    expect((await info()).LicenseClaims).toEqual([]);
  });
});
