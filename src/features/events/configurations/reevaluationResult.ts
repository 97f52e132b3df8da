// Reads the result of an event_reevaluation job (server/events/README.md, "Re-evaluation")
// defensively: the job's Result is free-form in the contract.

export interface ReevaluationSample {
  EventUUID: string;
  StartTime: string;
  Property: string;
  Before: unknown;
  After: unknown;
}

export interface ReevaluationResult {
  Events: number;
  Changed: number;
  Kept: number;
  Samples: ReevaluationSample[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function reevaluationResultOf(result: unknown): ReevaluationResult | null {
  if (!isRecord(result)) return null;
  const samples = Array.isArray(result.Samples) ? result.Samples.filter(isRecord) : [];
  return {
    Events: count(result.Events),
    Changed: count(result.Changed),
    Kept: count(result.Kept),
    Samples: samples.map((sample) => ({
      EventUUID: String(sample.EventUUID ?? ''),
      StartTime: String(sample.StartTime ?? ''),
      Property: String(sample.Property ?? ''),
      Before: sample.Before,
      After: sample.After,
    })),
  };
}

/** A sample's value as shown: none as a dash, text as it is, the rest as JSON. */
export function valueText(value: unknown, number: (value: number) => string = String): string {
  if (value === undefined || value === null) return '–';
  if (typeof value === 'number') return number(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}
