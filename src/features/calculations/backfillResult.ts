// Reads the result of a calculation_backfill job (domain/calculationBackfill.ts) defensively: the
// job's Result is free-form in the contract.

import type { BackfillCalculationResult, BackfillResult } from '../../../domain/calculationBackfill';

export type { BackfillCalculationResult, BackfillResult };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);

export function backfillResultOf(result: unknown): BackfillResult | null {
  if (!isRecord(result) || !Array.isArray(result.Calculations)) return null;
  return {
    DryRun: result.DryRun === true,
    Calculations: list(result.Calculations).map((calculation) => ({
      UUID: String(calculation.UUID ?? ''),
      Name: String(calculation.Name ?? ''),
      Evaluations: count(calculation.Evaluations),
      Errors: count(calculation.Errors),
      Added: count(calculation.Added),
      Changed: count(calculation.Changed),
      Unchanged: count(calculation.Unchanged),
      OnlyOld: count(calculation.OnlyOld),
      Written: count(calculation.Written),
      Sample: list(calculation.Sample).map((sample) => ({ T: count(sample.T), Old: sample.Old, New: sample.New })),
      FirstErrors: list(calculation.FirstErrors).map((error) => ({
        T: count(error.T),
        Code: String(error.Code ?? ''),
        Message: String(error.Message ?? ''),
        ...(typeof error.Line === 'number' ? { Line: error.Line } : {}),
      })),
    })),
  };
}

/** A value of the sample as shown: none as a dash, numbers to six decimals, text as it is, the rest as JSON. */
export function sampleText(value: unknown, number: (value: number) => string = String): string {
  if (value === undefined || value === null) return '–';
  if (typeof value === 'number') return number(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}
