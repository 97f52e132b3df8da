// Jest's order for the browser suites: the slowest first, so that neither of the two workers is
// left alone with a long suite at the end. Jest does so by itself from its cache of earlier
// durations, but CI starts without one and then Jest orders by file size, which puts the page
// tour (short files, long runs) last. Known durations come from the cache when it has them, else
// from the table below (seconds, from a full run on CI's two cores; a rough order is enough).
// A suite in neither runs first, as Jest runs unknown suites first.
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

const SECONDS = {
  'pages.light.e2e.test.ts': 70,
  'pages.dark.e2e.test.ts': 70,
  'widgets.e2e.test.ts': 100,
  'xss.e2e.test.ts': 60,
  'calculations.e2e.test.ts': 46,
  'measurements.e2e.test.ts': 45,
  'qaReplay.e2e.test.ts': 43,
  'pages.german.e2e.test.ts': 40,
  'auth.e2e.test.ts': 36,
  'groupPrivileges.e2e.test.ts': 35,
  'collectors.e2e.test.ts': 30,
  'setup.e2e.test.ts': 30,
  'measurementImport.e2e.test.ts': 20,
  'accessAdmin.e2e.test.ts': 16,
  'auditLog.e2e.test.ts': 15,
  'timeseriesDatabases.e2e.test.ts': 14,
  'lostSession.e2e.test.ts': 12,
  'signIn.e2e.test.ts': 12,
};
const UNKNOWN = 1_000;

export default class SlowestFirst extends Sequencer {
  sort(tests) {
    const seconds = (test) => this._getCache(test)[test.path]?.[1] / 1000 || SECONDS[path.basename(test.path)] || UNKNOWN;
    return [...tests].sort((a, b) => seconds(b) - seconds(a));
  }
}
