import type { CollectorStatus } from '../../components/StatusIcon/CollectorStatusIcon';

// Made-up collectors for the gallery: deterministic, so the browser tests can name rows.

export interface SampleCollector {
  id: string;
  name: string;
  status: CollectorStatus;
  version: number;
  os: string;
  arch: string;
  health: string;
}

const STATUSES: readonly CollectorStatus[] = ['Active', 'Initial', 'Paused', 'Deleted'];
const HEALTH = ['Collecting', 'Idle', 'Initializing collector', 'Unstable'];

export function sampleCollectors(count: number): SampleCollector[] {
  const rows: SampleCollector[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    rows[i] = {
      id: `c${i}`,
      name: `Collector ${i + 1}`,
      status: STATUSES[i % STATUSES.length],
      version: (i * 7919) % 1000,
      os: i % 3 === 0 ? 'windows' : 'linux',
      arch: i % 2 === 0 ? 'amd64' : 'arm64',
      health: HEALTH[i % HEALTH.length],
    };
  }
  return rows;
}

/** A module-level getRowId: a new function per render would make the table rebuild its rows. */
export const collectorId = (collector: SampleCollector) => collector.id;
