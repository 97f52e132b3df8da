// The result of a calculation_backfill job (DOMAIN.md §2): per calculation, this one first and then
// those downstream in the order they were recomputed. Read defensively: the job's Result is free-form.

export interface BackfillSample {
  T: number;
  Old: unknown;
  New: unknown;
}

export interface BackfillError {
  T: number;
  Code: string;
  Message: string;
  Line?: number;
}

export interface BackfillCalculationResult {
  UUID: string;
  Name: string;
  Evaluations: number;
  Errors: number;
  Added: number;
  Changed: number;
  Unchanged: number;
  OnlyOld: number;
  Written: number;
  Sample: BackfillSample[];
  FirstErrors: BackfillError[];
}

export interface BackfillResult {
  DryRun: boolean;
  Calculations: BackfillCalculationResult[];
}

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
