import type { EventPropertyConfiguration, EventPropertyConfigurationRead, EventPropertyDatatype, EventPropertyMode, EventType } from '../../../api/generated/historian.gen';
import { aggregationsOf } from '../../../../domain/valueAggregations';

// The property configuration form's draft (server/events/README.md, "Property configuration"):
// what the user types, and the body the server takes, with only the fields the mode and the
// source use.

export type Aggregation = NonNullable<EventPropertyConfiguration['Aggregation']>;
export type ReferenceKind = 'measurement' | 'asset_property';

export interface PossibleValueLine {
  key: string;
  Label: string;
  Value: string;
}

export interface PropertyDraft {
  Mode: EventPropertyMode;
  Source: 'data_reference' | 'property';
  referenceKind: ReferenceKind;
  MeasurementUUID: string;
  AssetPropertyUUID: string;
  Aggregation: string;
  Interval: string;
  DimensionMeasurementUUID: string;
  SourcePropertyName: string;
  FromParent: boolean;
  Priority: string;
  StartOffset: string;
  StopOffset: string;
  CloseAfter: string;
  DefaultValue: string;
  Preview: boolean;
  GoodPointsOnly: boolean;
  PossibleValues: PossibleValueLine[];
  ExternalDatabaseUUID: string;
  ExternalQuery: string;
}

let lastKey = 0;
export const newValueKey = () => `value-${++lastKey}`;

const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

export function propertyDraftOf(stored: EventPropertyConfigurationRead | null, priority: number): PropertyDraft {
  return {
    Mode: stored?.Mode ?? 'historian',
    Source: stored?.Source ?? 'data_reference',
    referenceKind: stored?.AssetPropertyUUID ? 'asset_property' : 'measurement',
    MeasurementUUID: stored?.MeasurementUUID ?? '',
    AssetPropertyUUID: stored?.AssetPropertyUUID ?? '',
    Aggregation: stored?.Aggregation ?? '',
    Interval: stored?.Interval ?? '',
    DimensionMeasurementUUID: stored?.DimensionMeasurementUUID ?? '',
    SourcePropertyName: stored?.SourcePropertyName ?? '',
    FromParent: stored?.FromParent ?? false,
    Priority: String(stored?.Priority ?? priority),
    StartOffset: stored?.StartOffset ?? '',
    StopOffset: stored?.StopOffset ?? '',
    CloseAfter: stored?.CloseAfter ?? '',
    DefaultValue: textOf(stored?.DefaultValue),
    Preview: stored?.Preview ?? false,
    GoodPointsOnly: stored?.GoodPointsOnly ?? true,
    PossibleValues: (stored?.PossibleValues ?? []).map((value) => ({ key: newValueKey(), Label: value.Label, Value: textOf(value.Value) })),
    ExternalDatabaseUUID: stored?.ExternalDatabaseUUID ?? '',
    ExternalQuery: stored?.ExternalQuery ?? '',
  };
}

/** A typed value as the property's datatype holds it; undefined when the text is not one. */
export function typedValue(text: string, datatype: EventPropertyDatatype): number | string | boolean | undefined {
  if (datatype === 'number') {
    const number = Number(text.trim());
    return text.trim() === '' || !Number.isFinite(number) ? undefined : number;
  }
  if (datatype === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  return text;
}

/** The aggregations the data reference's datatype allows (the stores' own table). */
export function aggregationChoices(datatype: string | undefined): readonly string[] {
  return aggregationsOf(datatype ?? 'number');
}

const trimmed = (text: string) => (text.trim() === '' ? undefined : text.trim());

function aggregationOf(text: string): Aggregation | null {
  const all: readonly Aggregation[] = ['count', 'integral', 'mean', 'median', 'mode', 'spread', 'stddev', 'sum', 'first', 'last', 'max', 'min'];
  return all.find((value) => value === text) ?? null;
}

/** Problems the form sees before sending, by field; values are translation needs, not texts. */
export function draftProblems(draft: PropertyDraft, datatype: EventPropertyDatatype): Record<string, 'required' | 'not_a_value'> {
  const problems: Record<string, 'required' | 'not_a_value'> = {};
  if (draft.DefaultValue !== '' && typedValue(draft.DefaultValue, datatype) === undefined) problems.DefaultValue = 'not_a_value';
  draft.PossibleValues.forEach((line, index) => {
    if (line.Value === '' || typedValue(line.Value, datatype) === undefined) problems[`PossibleValues.${index}.Value`] = 'not_a_value';
  });
  if (draft.Priority.trim() === '' || !Number.isInteger(Number(draft.Priority))) problems.Priority = 'required';
  if (draft.Mode === 'external_database' && !draft.ExternalDatabaseUUID) problems.ExternalDatabaseUUID = 'required';
  if (draft.Mode === 'external_database' && !draft.ExternalQuery.trim()) problems.ExternalQuery = 'required';
  return problems;
}

/** The body the server takes: only the fields the mode and the source use (the others left out). */
export function propertyConfigurationBody(draft: PropertyDraft, ids: { configurationUuid: string; propertyUuid: string }, property: { Datatype: EventPropertyDatatype; Type: EventType }): EventPropertyConfiguration {
  const historian = draft.Mode === 'historian';
  const reference = historian && draft.Source === 'data_reference';
  const copied = historian && draft.Source === 'property';
  const defaultValue = draft.DefaultValue === '' ? undefined : typedValue(draft.DefaultValue, property.Datatype);
  const aggregation = aggregationOf(draft.Aggregation);
  const body: EventPropertyConfiguration = {
    EventConfigurationUUID: ids.configurationUuid,
    EventTypePropertyUUID: ids.propertyUuid,
    Mode: draft.Mode,
    Priority: Number(draft.Priority),
    Preview: draft.Preview,
    GoodPointsOnly: draft.GoodPointsOnly,
    PossibleValues: draft.PossibleValues.map((line) => ({ Label: line.Label.trim() || line.Value, Value: typedValue(line.Value, property.Datatype) ?? line.Value })),
  };
  if (historian) body.Source = draft.Source;
  if (reference && draft.referenceKind === 'measurement' && draft.MeasurementUUID) body.MeasurementUUID = draft.MeasurementUUID;
  if (reference && draft.referenceKind === 'asset_property' && draft.AssetPropertyUUID) body.AssetPropertyUUID = draft.AssetPropertyUUID;
  if (reference && aggregation) body.Aggregation = aggregation;
  if (reference && property.Type !== 'simple' && trimmed(draft.Interval)) body.Interval = draft.Interval.trim();
  if (reference && property.Type === 'periodic_with_dimension' && draft.DimensionMeasurementUUID) body.DimensionMeasurementUUID = draft.DimensionMeasurementUUID;
  if (draft.Mode === 'external_database') {
    if (draft.ExternalDatabaseUUID) body.ExternalDatabaseUUID = draft.ExternalDatabaseUUID;
    if (draft.ExternalQuery.trim()) body.ExternalQuery = draft.ExternalQuery;
  }
  if (copied) {
    if (draft.SourcePropertyName) body.SourcePropertyName = draft.SourcePropertyName;
    body.FromParent = draft.FromParent;
  }
  if (trimmed(draft.StartOffset)) body.StartOffset = draft.StartOffset.trim();
  if (trimmed(draft.StopOffset)) body.StopOffset = draft.StopOffset.trim();
  if (trimmed(draft.CloseAfter)) body.CloseAfter = draft.CloseAfter.trim();
  if (defaultValue !== undefined) body.DefaultValue = defaultValue;
  return body;
}
