import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_FILE } from '../app';
import { readRouteAccess } from './authAccess';

// Every operation of the contract declares who may call it, and the declarations make sense.

type Operation = Record<string, unknown> & { operationId: string };
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

function operations(): Operation[] {
  const contract: { paths: Record<string, Record<string, Operation>> } = parse(readFileSync(CONTRACT_FILE, 'utf8'));
  return Object.values(contract.paths).flatMap((item) => METHODS.filter((m) => m in item).map((m) => item[m]));
}

describe('access declarations in openapi/historian.yaml', () => {
  it.each(operations().map((op) => [op.operationId, op]))('%s declares a valid x-historian-access', (_id, operation) => {
    expect(readRouteAccess(operation)).toEqual(expect.objectContaining({ access: expect.any(String) }));
  });

  it('only sign-in, sign-out, product info and translations are public', () => {
    const open = operations()
      .filter((op) => op['x-historian-access'] === 'public')
      .map((op) => op.operationId)
      .sort();
    expect(open).toEqual(
      ['completeExternalLogin', 'getAuthOptions', 'getInfo', 'getTranslationFile', 'getTranslations', 'login', 'logout', 'startExternalLogin'].sort(),
    );
  });

  it('only reading the current user and changing the password are open to a user holding the default password', () => {
    const open = operations().filter((op) => op['x-historian-allow-default-password'] === true).map((op) => op.operationId);
    expect(open.sort()).toEqual(['getCurrentUser', 'updateCurrentUserPassword']);
  });

  it('a public operation is also public for the contract (security: [])', () => {
    for (const op of operations().filter((o) => o['x-historian-access'] === 'public')) expect(op.security).toEqual([]);
  });

  it('only the collector-facing calls take collector tokens, and they declare no privileges', () => {
    const collectorCalls = operations().filter((op) => op['x-historian-access'] === 'collector');
    expect(collectorCalls.map((op) => op.operationId).sort()).toEqual(
      [
        'downloadCollectorUpdate',
        'getCollectorAssignment',
        'getCollectorUpdateOffer',
        'registerCollector',
        'reportCollectorHealth',
        // the data path (server/ingestion)
        'getCollectorMeasurements',
        'discoverCollectorMeasurements',
        'writeCollectorPoints',
      ].sort(),
    );
    expect(readRouteAccess({ 'x-historian-access': 'collector', 'x-historian-privileges': ['READ_COLLECTORS'] })).toMatch(/needs access/);
  });

  it('rejects unknown levels, unknown privileges and privileges on session routes', () => {
    expect(readRouteAccess({ 'x-historian-access': 'admin' })).toMatch(/one of/);
    expect(readRouteAccess({ 'x-historian-access': 'root', 'x-historian-privileges': ['NOPE'] })).toMatch(/NOPE/);
    expect(readRouteAccess({ 'x-historian-access': 'session', 'x-historian-privileges': ['READ_USERS'] })).toMatch(/needs access/);
    expect(readRouteAccess({ 'x-historian-access': 'root', 'x-historian-organization-optional': true })).toMatch(/organization/);
  });
});
