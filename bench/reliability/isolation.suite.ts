import { openTestApp } from '../../server/auth/testing/testUsers';
import { runIsolation } from '../../server/reliability/isolation';
import type { ReliabilitySuite } from '../../server/reliability/suite';

// Organization isolation (server/reliability/README.md, issue 22 item 4): every contract operation
// with an id, and every body and query id, with the other organization's ids, in both directions
// (an administrator of A with B's ids, then one of B with A's), the body ids under both headers,
// the tables checksummed around every call so a change is pinned to it. Isolation is not random:
// a scale below 1 drops the reverse direction and the owner's header for body ids.

export const suite: ReliabilitySuite = {
  name: 'isolation',
  description: 'every operation taking an id, with another organization’s id under both headers: never a read, never a change',
  async run({ log, scale }) {
    const t = await openTestApp();
    try {
      const full = scale >= 1;
      const report = await runIsolation(t, {
        fields: true,
        reverse: full,
        fieldsWithOwnerHeader: full,
        checkEach: true,
        log,
      });
      for (const line of [...report.leakedReads, ...report.leakedChanges, ...report.unexpected, ...report.controlFailures, ...report.unmapped]) log(line);
      const refusedBy = (status: number) => report.statuses[status] ?? 0;
      return [
        {
          label: 'operations with an id in the path',
          value: report.operations,
          unit: 'operations',
        },
        {
          label: 'body, query and second path ids',
          value: report.fields,
          unit: 'fields',
        },
        { label: 'directions', value: full ? 2 : 1 },
        { label: 'pairs tried', value: report.pairs, unit: 'calls' },
        {
          label: 'body and query ids answered 400 / 404 / 2xx without a leak',
          value: `${refusedBy(400)} / ${refusedBy(404)} / ${refusedBy(200) + refusedBy(201) + refusedBy(204)}`,
        },
        { label: 'leaked reads', value: report.leakedReads.length, goal: 0 },
        {
          label: 'leaked changes',
          value: report.leakedChanges.length,
          goal: 0,
        },
        {
          label: 'unexpected answers (not 403/404, or a 5xx)',
          value: report.unexpected.length,
          goal: 0,
        },
        {
          label: 'fixtures their owner could not read',
          value: report.controlFailures.length,
          goal: 0,
        },
        {
          label: 'ids in the contract not tried',
          value: report.unmapped.length,
          goal: 0,
        },
      ];
    } finally {
      await t.close();
    }
  },
};
