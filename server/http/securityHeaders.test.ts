import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { buildApp, CONTRACT_FILE } from '../app';
import { createTestUser, openTestApp, rootOrganizationUuid, sessionHeaders, type TestApp } from '../auth/testing/testUsers';

// Security headers: a Content-Security-Policy without inline script, no framing by other sites
// (the EULA page only by the console itself), no MIME sniffing, no referrer, and no-store on
// every API answer with personal data or a token.

let t: TestApp;
let pages: FastifyInstance;
let clientDir: string;
let admin: Record<string, string>;

const PUBLIC_DIR = path.resolve(__dirname, '../../public');

beforeAll(async () => {
  t = await openTestApp();
  // A handler that tries to let browsers cache personal data.
  t.app.get('/api/current-user/cacheable-probe', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return {};
  });
  const root = await rootOrganizationUuid(t.db);
  const { rows } = await t.db.query<{ name: string }>('SELECT name FROM privileges');
  const user = await createTestUser(t.db, { privileges: { [root]: rows.map((row) => row.name) } });
  admin = { ...(await sessionHeaders(t.ctx, user.uuid)), 'x-organization-uuid': root };

  clientDir = mkdtempSync(path.join(os.tmpdir(), 'historian-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), readFileSync(path.join(PUBLIC_DIR, 'index.html')));
  writeFileSync(path.join(clientDir, 'eula.html'), readFileSync(path.join(PUBLIC_DIR, 'eula.html')));
  pages = await buildApp(t.ctx, { clientDir, logLevel: 'silent' });
}, 60_000);

afterAll(async () => {
  await pages?.close();
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const cspOf = (headers: Record<string, unknown>) =>
  new Map(
    String(headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('the console pages', () => {
  it('carry a Content-Security-Policy without inline script or style, and cannot be framed', async () => {
    const response = await pages.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const csp = cspOf(response.headers);
    expect(csp.get('script-src')).toContain("'self'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('let the console embed its own EULA page, and no other site', async () => {
    const response = await pages.inject({ method: 'GET', url: '/eula.html' });
    expect(response.statusCode).toBe(200);
    expect(cspOf(response.headers).get('frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(cspOf((await pages.inject({ method: 'GET', url: '/' })).headers).get('frame-src')).toContain("'self'");
  });

  it.each(['index.html', 'eula.html'])('%s has no inline script, style or event handler for the policy to refuse', (file) => {
    const html = readFileSync(path.join(PUBLIC_DIR, file), 'utf8');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(html).not.toMatch(/<style[\s>]/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('API answers', () => {
  it('are data that nothing may run, sniff or frame', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/info' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('with personal data are no-store even when the handler asks for caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/current-user/cacheable-probe', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keep a cache rule their handler chose when they hold no personal data (translations)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/translations/en/general' });
    expect(response.headers['cache-control']).toBe('private, max-age=60');
  });

  // Every operation on the current user, users, tokens, providers and collector tokens.
  const contract: { paths: Record<string, Record<string, { operationId?: string }>> } = parse(readFileSync(CONTRACT_FILE, 'utf8'));
  const personal = Object.entries(contract.paths)
    .filter(([route]) => /^\/(current-user|users|auth\/|authentication-provider|collectors\/\{id\}\/token|user-group-users|collector-api\/)/.test(route))
    .flatMap(([route, item]) =>
      ['get', 'put', 'post', 'patch', 'delete'].filter((method) => item[method]).map((method) => [`${method.toUpperCase()} ${route}`, method.toUpperCase(), route] as const),
    );

  it('cover the personal operations of the contract', () => {
    expect(personal.map(([name]) => name)).toEqual(expect.arrayContaining(['GET /current-user', 'GET /users', 'GET /current-user/tokens', 'GET /collectors/{id}/token', 'GET /authentication-providers']));
  });

  it.each(personal)('%s answers no-store, whatever its status', async (_name, method, route) => {
    const values: Record<string, string> = { provider: 'nobody', id: randomUUID(), tokenId: randomUUID() };
    const url = `/api${route.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? randomUUID())}`;
    const response = await t.app.inject({ method, url, headers: admin, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
