import { openTestApp, type TestApp } from '../auth/testing/testUsers';
import { CALLS, FIELD_CALLS, NOT_IDS, operationsWithPathIds, runIsolation, unmappedFields, unmappedOperations, type IsolationReport } from './isolation';

// Issue 22 item 4: an administrator of organization A tries every operation of the contract that
// takes an id with organization B's ids, under A's header and under B's (server/reliability/
// isolation.ts). Never a read, never a change; the refusals are 404 (A's header) and 403 (B's).
// The long run, with the reverse direction and the body ids under both headers, is the bench
// suite `npm run bench -- reliability isolation`.

// PGlite on two shared cores; a few hundred calls, each between two checksums of every table.
jest.setTimeout(240_000);

let t: TestApp;
let report: IsolationReport;

beforeAll(async () => {
  t = await openTestApp();
  report = await runIsolation(t, { fields: true, checkEach: false });
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('organization isolation, derived from the contract', () => {
  it('maps every operation with an id, and every body and query id, to a call (or a reason it names nothing of an organization)', () => {
    expect(unmappedOperations()).toEqual([]);
    expect(unmappedFields()).toEqual([]);
    const withIds = operationsWithPathIds();
    expect(withIds.length).toBeGreaterThan(100);
    expect(withIds.filter((operation) => !NOT_IDS[operation.operationId]).every((operation) => CALLS[operation.operationId] !== undefined)).toBe(true);
    expect(report.unmapped).toEqual([]);
  });

  it('reads every fixture as its owner first (a wrong id cannot pass as refused)', () => {
    expect(report.controlFailures).toEqual([]);
  });

  it('tries every operation under both headers and every body and query id', () => {
    expect(report.operations).toBe(Object.keys(CALLS).length);
    expect(report.fields).toBe(FIELD_CALLS.length);
    expect(report.pairs).toBe(2 * report.operations + report.fields);
  });

  it('never lets a call read or change the other organization’s things', () => {
    expect(report.leakedReads).toEqual([]);
    expect(report.leakedChanges).toEqual([]);
  });

  it('refuses with 404 under the caller’s own header (root-level operations 403) and 403 or 404 under the other one', () => {
    expect(report.unexpected).toEqual([]);
    expect(report.statuses[500] ?? 0).toBe(0);
  });

  it('counts a read and a change as leaks when they happen (the owner’s own administrator, the same calls)', async () => {
    const own = await runIsolation(t, {
      sameOrganization: true,
      fields: true,
      only: ['getSink', 'setSinkState', 'createForwarder'],
    });
    expect(own.leakedReads.filter((line) => line.includes('getSink'))).toHaveLength(2);
    expect(own.leakedChanges.filter((line) => line.includes('setSinkState')).length).toBeGreaterThanOrEqual(1);
    expect(own.leakedChanges.filter((line) => line.includes('createForwarder')).length).toBeGreaterThanOrEqual(1);
  });
});
