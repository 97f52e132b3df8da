import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterFixtures, runServersRounds } from '../../server/reliability/serversRounds';
import type { ReliabilitySuite } from '../../server/reliability/suite';
import { startCluster } from '../../server/testing/cluster';
import { startMosquitto, subscribeTo } from '../../server/testing/mosquittoServer';

// Two servers on one PostgreSQL behind a loopback proxy (server/testing/cluster.ts); each round
// kills (SIGKILL) the server holding the most leases under steady ingestion (among its points the
// trigger of an event configuration) and jobs, waits for the other to take over, and starts it
// again. What server/reliability/servers.test.ts proves in one round, over many
// (server/reliability/README.md, suite `servers`).

const median = (values: readonly number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const suite: ReliabilitySuite = {
  name: 'servers',
  description: 'two servers on one PostgreSQL behind a loopback proxy; the lease holder killed and restarted each round under ingestion and jobs',
  async run({ scale, log }) {
    const rounds = Math.max(1, Math.round(10 * scale));
    const work = await mkdtemp(path.join(tmpdir(), 'historian-servers-bench-'));
    log('starting PostgreSQL, Mosquitto and two servers');
    const broker = await startMosquitto({ persistence: true });
    const consumers: Array<{ endAsync(force?: boolean): Promise<void> }> = [];
    const cluster = await startCluster({
      servers: 2,
      // Leases at their production length (15 s, renewed every 5 s); jobs' claims shortened so a round ends sooner.
      // Scripts get 1 s: on a loaded machine a compile over the 50 ms default would count as a missed window.
      env: { HISTORIAN_TEST_JOB_TYPES: '1', HISTORIAN_JOB_LEASE_MS: '5000', HISTORIAN_CALCULATION_TIME_LIMIT_MS: '1000' },
    });
    try {
      const fixtures = await clusterFixtures(cluster, {
        url: broker.url,
        subscribe: async (topic) => {
          const { client, received } = await subscribeTo(broker.url, topic);
          consumers.push(client);
          return received;
        },
      });
      const result = await runServersRounds(cluster, fixtures, { rounds, steadyMs: 10_000, jobsPerRound: 5, workDir: work, forwarding: true, log });
      return [
        { label: 'servers', value: result.servers },
        { label: 'rounds (a server killed and restarted)', value: result.rounds },
        { label: 'acknowledged writes (points)', value: result.acknowledgedPoints },
        { label: 'acknowledged writes lost', value: result.acknowledgedLost, goal: 0 },
        { label: 'batches taken by each server', value: result.batchesByServer.join(' / ') },
        { label: 'jobs', value: result.jobs },
        { label: 'jobs run twice', value: result.jobsRunTwice, goal: 0 },
        { label: 'jobs missed', value: result.jobsMissed, goal: 0 },
        { label: 'calculation windows', value: result.calculationWindows },
        { label: 'calculation windows doubled', value: result.calculationWindowsDoubled, goal: 0 },
        { label: 'calculation windows missed', value: result.calculationWindowsMissed, goal: 0 },
        { label: 'events (one per rise of the trigger)', value: result.events },
        { label: 'events doubled', value: result.eventsDoubled, goal: 0 },
        { label: 'events missed', value: result.eventsMissed, goal: 0 },
        { label: 'forwarded messages doubled', value: result.forwardedDoubled, goal: 0 },
        { label: 'forwarded messages missed', value: result.forwardedMissed, goal: 0 },
        { label: 'leases taken over', value: result.leasesTakenOver.length },
        { label: 'takeover (median)', value: median(result.takeoverSeconds), unit: 's' },
      ];
    } finally {
      await Promise.all(consumers.map((client) => client.endAsync(true)));
      await cluster.stop();
      await broker.close();
      await rm(work, { recursive: true, force: true });
    }
  },
};
