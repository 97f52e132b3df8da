import type { FastifyRequest } from 'fastify';
import type { Read, Write } from '../../domain/contract';
import { definitionFromTest } from '../calculations/engine/definition';
import { evaluateRange } from '../calculations/engine/evaluate';
import { createSandbox, type Sandbox } from '../calculations/sandbox/sandbox';
import type { AppContext } from '../context';
import { organizationOf } from '../http/caller';
import { badRequest, forbidden } from '../http/problem';
import { CALCULATIONS_FEATURE, organizationHasFeature } from '../measurements/licence';
import { createTimeseriesStores } from '../timeseries/stores';
import type { PointValue } from '../timeseries/types';

// POST /calculations/test (DOMAIN.md §2): a calculation's unsaved settings run over a past range
// through the same evaluation core as the live engine and the backfill; nothing is written.

type Preview = Read<'CalculationPreview'>;

export const TEST_MAX_RANGE_MS = 31 * 86_400_000;
export const TEST_MAX_EVALUATIONS = 10_000;
export const TEST_MAX_ERRORS = 1_000;
/** A test call answers within this much work even when every evaluation runs into its time limit. */
export const TEST_MAX_RUN_MS = 20_000;

// One sandbox for the test calls of the process, made on the first call. It is synchronous, but
// evaluateRange yields to the event loop between slow evaluations, so other requests go on while
// a script that loops forever uses up its time limit evaluation after evaluation.
let testSandbox: Promise<Sandbox> | undefined;
function sandboxForTests(): Promise<Sandbox> {
  if (!testSandbox) {
    const made = createSandbox();
    testSandbox = made;
    // A failed start is not kept: the next call tries again.
    made.catch(() => {
      if (testSandbox === made) testSandbox = undefined;
    });
  }
  return testSandbox;
}

const previewValue = (value: PointValue) => (value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value);

export function calculationsHandlers(ctx: AppContext) {
  const timeseries = ctx.timeseries ?? createTimeseriesStores(ctx.db);

  return {
    async testCalculation(request: FastifyRequest<{ Body: Write<'CalculationTest'> }>): Promise<Preview> {
      const organizationUuid = organizationOf(request);
      if (!(await organizationHasFeature(ctx, organizationUuid, CALCULATIONS_FEATURE))) {
        throw forbidden('The licence has no Calculations', 'calculations.errors.unlicensed');
      }
      const body = request.body;
      const from = Date.parse(body.Start);
      const to = Date.parse(body.End);
      if (!(to > from)) throw badRequest('End must be after Start', { End: ['must be after Start'] }, 'calculations.errors.test_range');
      if (to - from > TEST_MAX_RANGE_MS) throw badRequest('The range is longer than 31 days', { End: ['must be at most 31 days after Start'] }, 'calculations.errors.test_range_too_long');
      const calc = await definitionFromTest(ctx.db, organizationUuid, body);
      const outcome = await evaluateRange(
        { timeseries, sandbox: await sandboxForTests() },
        calc,
        { from, to },
        { maxEvaluations: TEST_MAX_EVALUATIONS, stopAt: Date.now() + TEST_MAX_RUN_MS },
      );
      return {
        Points: outcome.points.map((p) => ({ T: p.time, V: previewValue(p.value), Status: p.status, ...(Object.keys(p.tags).length > 0 ? { Tags: p.tags } : {}) })),
        Errors: outcome.errors.slice(0, TEST_MAX_ERRORS).map((e) => ({ T: e.time, Code: e.code, Message: e.message, ...(e.line !== undefined ? { Line: e.line } : {}) })),
        Evaluations: outcome.evaluations,
        Truncated: outcome.truncated,
      };
    },
  };
}
