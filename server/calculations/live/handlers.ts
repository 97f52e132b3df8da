import type { FastifyRequest } from 'fastify';
import type { Read, Write } from '../../../domain/contract';
import type { AppContext } from '../../context';
import { organizationOf } from '../../http/caller';
import { badRequest, conflict, forbidden, HttpProblem } from '../../http/problem';
import { CALCULATIONS_FEATURE, organizationHasFeature } from '../../measurements/licence';
import { loadCalculation } from '../engine/definition';
import type { CalculationDefinition } from '../engine/types';
import { SANDBOX_DEFAULTS } from '../sandbox/sandbox';
import { loadState, saveContext } from './state';

// GET/PUT /calculations/{id}/context (DOMAIN.md §2): a calculation's live state, which the live
// engine (engine.ts) keeps in calculation_state. It can be replaced only while the calculation is
// Paused, so the engine never evaluates with half of an edit.
//
//   GET /calculations/{id}/context   Local, PreviousResult, PreviousTimestamp, LastEvaluatedAt, LastError, Running
//   PUT /calculations/{id}/context   { Local, PreviousResult? } while Paused; 409 otherwise

type CalculationContext = Read<'CalculationContext'>;
type ContextUpdate = Write<'CalculationContextUpdate'>;
type ById = { Params: { id: string } };

/** The sandbox refuses a `local` larger than this as JSON; the context call refuses it too. */
export const LOCAL_LIMIT_BYTES = SANDBOX_DEFAULTS.localLimitBytes;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function calculationContextHandlers(ctx: AppContext) {
  /** The organization's calculation, or 403 without the licence feature, or 404. */
  const calculationOf = async (request: FastifyRequest<ById>): Promise<CalculationDefinition & { uuid: string }> => {
    const organizationUuid = organizationOf(request);
    if (!(await organizationHasFeature(ctx, organizationUuid, CALCULATIONS_FEATURE))) {
      throw forbidden('The licence has no Calculations', 'calculations.errors.unlicensed');
    }
    const calc = await loadCalculation(ctx.db, organizationUuid, request.params.id);
    if (!calc || calc.uuid === null) throw new HttpProblem(404, 'No such calculation', { code: 'measurements.errors.not_found' });
    return { ...calc, uuid: calc.uuid };
  };

  const contextOf = async (calc: CalculationDefinition & { uuid: string }): Promise<CalculationContext> => {
    const stored = await loadState(ctx.db, calc.uuid);
    return {
      MeasurementUUID: calc.uuid,
      Local: stored?.state.local ?? {},
      PreviousResult: stored?.state.previousResult ?? null,
      PreviousTimestamp: stored?.state.previousTimestamp ?? null,
      LastEvaluatedAt: stored?.lastEvaluatedAt?.toISOString() ?? null,
      LastError: stored?.lastError ?? null,
      // The licence was checked above (403 without it).
      Running: calc.status === 'Active' && calc.databaseUuid !== null,
    };
  };

  return {
    async getCalculationContext(request: FastifyRequest<ById>) {
      return contextOf(await calculationOf(request));
    },

    async updateCalculationContext(request: FastifyRequest<ById & { Body: ContextUpdate }>) {
      const calc = await calculationOf(request);
      if (calc.status !== 'Paused') {
        throw conflict('The context of a calculation can be changed only while it is paused', 'calculations.errors.context_not_paused');
      }
      const { Local: local, PreviousResult: previousResult } = request.body;
      if (!isObject(local)) throw badRequest('Local must be an object', { Local: ['must be a JSON object'] }, 'calculations.errors.context_local');
      if (Buffer.byteLength(JSON.stringify(local)) > LOCAL_LIMIT_BYTES) {
        throw badRequest(`Local is larger than ${LOCAL_LIMIT_BYTES / 1024} KB as JSON`, { Local: [`must be at most ${LOCAL_LIMIT_BYTES / 1024} KB as JSON`] }, 'calculations.errors.context_too_large');
      }
      if (previousResult !== undefined && previousResult !== null && !['number', 'string', 'boolean'].includes(typeof previousResult)) {
        throw badRequest('PreviousResult must be a number, text, boolean or null', { PreviousResult: ['must be a number, text, boolean or null'] }, 'calculations.errors.context_previous');
      }
      await saveContext(ctx.db, calc.uuid, local, previousResult);
      return contextOf(calc);
    },
  };
}
