import { aggregationsOf } from '../../../domain/valueAggregations';

// A calculation's Settings (DOMAIN.md §2) as the editor holds them while the user types, and back.
// The server's rules (server/calculations/calculationSettings.ts) stay the judge; this only keeps
// what is shown and what is saved the same.

export const CALCULATION_TYPES = ['raw', 'sampled', 'simulation'] as const;
export type CalculationType = (typeof CALCULATION_TYPES)[number];

export interface DraftInput {
  /** Stable across edits, for React keys. */
  key: number;
  Alias: string;
  MeasurementUUID: string;
  /** The picked measurement's name and datatype, for the row (not saved). */
  name: string;
  datatype: string;
  Aggregation: string;
  /** As typed; a number when it reads as one (see defaultValueOf). */
  DefaultValue: string;
}

export interface CalculationDraft {
  Type: CalculationType;
  Interval: string;
  IntervalOffset: number;
  EvaluateInsufficientData: boolean;
  Inputs: DraftInput[];
  Script: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

let nextKey = 1;
export const newInputKey = () => nextKey++;

/** The editor's draft of stored Settings; a new calculation starts sampled over a minute. */
export function draftOf(settings: Record<string, unknown> | undefined): CalculationDraft {
  const given = settings ?? {};
  const type = CALCULATION_TYPES.find((candidate) => candidate === given.Type) ?? 'sampled';
  const inputs = Array.isArray(given.Inputs) ? given.Inputs.filter(isRecord) : [];
  return {
    Type: type,
    Interval: text(given.Interval) || (settings ? '' : '1m'),
    IntervalOffset: typeof given.IntervalOffset === 'number' ? given.IntervalOffset : 0,
    EvaluateInsufficientData: given.EvaluateInsufficientData === true,
    Inputs: inputs.map((input) => ({
      key: newInputKey(),
      Alias: text(input.Alias),
      MeasurementUUID: text(input.MeasurementUUID),
      name: '',
      datatype: '',
      Aggregation: text(input.Aggregation),
      DefaultValue: input.DefaultValue === undefined || input.DefaultValue === null ? '' : String(input.DefaultValue),
    })),
    Script: text(given.Script),
  };
}

/** A default value as typed: empty is none, a number or true/false is that, the rest is text. */
export function defaultValueOf(typed: string): number | boolean | string | undefined {
  const trimmed = typed.trim();
  if (trimmed === '') return undefined;
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : typed;
}

/** The Settings a draft saves: the fields of its type only. */
export function settingsOf(draft: CalculationDraft): Record<string, unknown> {
  const settings: Record<string, unknown> = { Type: draft.Type, Script: draft.Script };
  if (draft.Type !== 'raw') {
    settings.Interval = draft.Interval;
    settings.IntervalOffset = draft.IntervalOffset;
  }
  if (draft.Type === 'sampled') settings.EvaluateInsufficientData = draft.EvaluateInsufficientData;
  settings.Inputs =
    draft.Type === 'simulation'
      ? []
      : draft.Inputs.map((input) => {
          const saved: Record<string, unknown> = { Alias: input.Alias, MeasurementUUID: input.MeasurementUUID };
          if (draft.Type === 'sampled') saved.Aggregation = input.Aggregation;
          const fallback = defaultValueOf(input.DefaultValue);
          if (fallback !== undefined) saved.DefaultValue = fallback;
          return saved;
        });
  return settings;
}

/** The next free alias of A, B, … Z, then A1, B1, … */
export function nextAlias(used: readonly string[]): string {
  for (let round = 0; ; round++) {
    for (let letter = 0; letter < 26; letter++) {
      const alias = String.fromCharCode(65 + letter) + (round === 0 ? '' : String(round));
      if (!used.includes(alias)) return alias;
    }
  }
}

/** The aggregations an input of this datatype allows; mean first for numbers, last otherwise. */
export function aggregationChoices(datatype: string): readonly string[] {
  return aggregationsOf(datatype || 'number');
}

export function defaultAggregation(datatype: string): string {
  const choices = aggregationChoices(datatype);
  return choices.includes('mean') ? 'mean' : 'last';
}

/** The field paths of the editor, so that a save's or a test's errors land on them. */
export function calculationFieldNames(inputCount: number): string[] {
  const names = ['Settings.Type', 'Settings.Interval', 'Settings.IntervalOffset', 'Settings.EvaluateInsufficientData', 'Settings.Inputs', 'Settings.Script'];
  for (let index = 0; index < Math.max(inputCount, 1); index++) {
    for (const field of ['', '.Alias', '.MeasurementUUID', '.Aggregation', '.DefaultValue']) names.push(`Settings.Inputs.${index}${field}`);
  }
  return names;
}
