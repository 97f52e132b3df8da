// Which aggregation applies to which value type (SPEC §3), shared by the time-series stores
// (server/timeseries/aggregations.ts) and the console, which offers a calculation's sampled inputs
// only the aggregations their datatype allows. InfluxDB 1.x has no mean of booleans, no max of
// strings, ...; both stores refuse the same.

const ANY_TYPE = ['count', 'first', 'last'] as const;

export const AGGREGATIONS_BY_VALUE_TYPE = {
  number: ['count', 'integral', 'mean', 'median', 'mode', 'spread', 'stddev', 'sum', 'first', 'last', 'max', 'min'],
  // max = any true, min = all true, as InfluxDB computes them.
  boolean: [...ANY_TYPE, 'mode', 'max', 'min'],
  string: [...ANY_TYPE, 'mode'],
  '[]number': ANY_TYPE,
  '[]boolean': ANY_TYPE,
  '[]string': ANY_TYPE,
  raw: ANY_TYPE,
} as const;

export type AggregatedValueType = keyof typeof AGGREGATIONS_BY_VALUE_TYPE;

/** The aggregations a value type allows; those of any type for an unknown one. */
export function aggregationsOf(valueType: string): readonly string[] {
  return valueType in AGGREGATIONS_BY_VALUE_TYPE ? AGGREGATIONS_BY_VALUE_TYPE[valueType as AggregatedValueType] : ANY_TYPE;
}
