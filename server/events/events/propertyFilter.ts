import { badRequest } from '../../http/problem';

// GET /events?PropertyFilter (server/events/README.md, "Events calls"): a JSON array of the
// contract's EventPropertyFilter, checked here field by field (a 400 on PropertyFilter naming the
// index and the field) and turned into parameterised SQL over event_property_values. Conditions
// join left to right, each by its own Condition (AND unless OR): ((c0 op1 c1) op2 c2) …

export type FilterScalar = number | string | boolean;
export const FILTER_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'IN', 'NOT IN', 'EXISTS', 'NOT EXISTS', 'IS NULL', 'IS NOT NULL'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface PropertyCondition {
  property: string;
  operator: FilterOperator;
  /** A scalar for the comparisons, a list for IN and NOT IN, nothing for the others. */
  value: FilterScalar | FilterScalar[] | undefined;
  condition: 'AND' | 'OR';
  /** On the parent event's property. */
  parent: boolean;
}

const COMPARISONS: readonly FilterOperator[] = ['=', '!=', '<', '<=', '>', '>='];
const LISTS: readonly FilterOperator[] = ['IN', 'NOT IN'];
const MAX_CONDITIONS = 50;
const MAX_LIST = 200;

const isScalar = (value: unknown): value is FilterScalar =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (message: string) => badRequest(`The property filter is not valid: ${message}`, { PropertyFilter: [message] });

/** The conditions of the PropertyFilter parameter; none when it is absent or blank. */
export function parsePropertyFilter(text: string | undefined): PropertyCondition[] {
  if (text === undefined || text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('is not JSON');
  }
  if (!Array.isArray(parsed)) throw invalid('is not an array of EventPropertyFilter');
  if (parsed.length > MAX_CONDITIONS) throw invalid(`holds more than ${MAX_CONDITIONS} conditions`);
  return parsed.map((item: unknown, index): PropertyCondition => {
    const at = (field: string, message: string) => invalid(`[${index}].${field} ${message}`);
    if (!isRecord(item)) throw invalid(`[${index}] is not an object`);
    const { Property, Operator, Value, Condition, Parent } = item;
    if (typeof Property !== 'string' || Property.trim() === '' || Property.length > 200) throw at('Property', 'must be a property name of 1 to 200 characters');
    if (typeof Operator !== 'string' || !(FILTER_OPERATORS as readonly string[]).includes(Operator)) throw at('Operator', `must be one of ${FILTER_OPERATORS.join(', ')}`);
    const operator = Operator as FilterOperator;
    if (Condition !== undefined && Condition !== 'AND' && Condition !== 'OR') throw at('Condition', 'must be AND or OR');
    if (Parent !== undefined && typeof Parent !== 'boolean') throw at('Parent', 'must be a boolean');
    let value: PropertyCondition['value'];
    if (COMPARISONS.includes(operator)) {
      if (!isScalar(Value)) throw at('Value', `must be a number, a text or a boolean for ${operator}`);
      if (typeof Value === 'boolean' && operator !== '=' && operator !== '!=') throw at('Value', `cannot be a boolean for ${operator}`);
      value = Value;
    } else if (LISTS.includes(operator)) {
      if (!Array.isArray(Value) || Value.length === 0 || Value.length > MAX_LIST || !Value.every(isScalar)) {
        throw at('Value', `must be a list of 1 to ${MAX_LIST} numbers, texts or booleans for ${operator}`);
      }
      value = Value;
    }
    return { property: Property.trim(), operator, value, condition: Condition === 'OR' ? 'OR' : 'AND', parent: Parent === true };
  });
}

/** What the conditions' property names are in the organization: the type properties of that name (case aside) and their types. */
export interface NamedProperties {
  propertyUuids: string[];
  typeUuids: string[];
}

// A value row that holds something: a simple value that is not JSON null, or a series.
const HOLDS_VALUE = "(v.value IS NOT NULL AND v.value <> 'null'::jsonb OR v.series IS NOT NULL)";

// The partial indexes of 073_events_indexes.sql over (property, value): numbers, and texts of at
// most 500 characters (longer ones would not fit a btree entry). A comparison carries the index's
// predicate as literal SQL when it holds for every value that can match, so the planner may use it.
export const SHORT_TEXT = 500;
const NUMBERS = "jsonb_typeof(v.value) = 'number'";
const SHORT_TEXTS = `jsonb_typeof(v.value) = 'string' AND length(v.value #>> '{}') <= ${SHORT_TEXT}`;

/** The index predicate every value equal to one of `values` satisfies, if there is one. */
function equalityIndex(values: readonly FilterScalar[]): string | null {
  if (values.every((value) => typeof value === 'number')) return NUMBERS;
  if (values.every((value) => typeof value === 'string' && value.length <= SHORT_TEXT)) return SHORT_TEXTS;
  return null;
}
const and = (predicate: string | null) => (predicate ? ` AND ${predicate}` : '');

/**
 * What the value rows of a condition must satisfy, beyond being of the property (SQL over `v`);
 * null for the negative operators (NOT EXISTS, IS NULL), which hold where no such row is.
 */
function valueRows(condition: PropertyCondition, bind: (value: unknown) => string): string | null {
  switch (condition.operator) {
    case 'EXISTS':
      return '';
    case 'NOT EXISTS':
    case 'IS NULL':
      return null;
    case 'IS NOT NULL':
      return ` AND ${HOLDS_VALUE}`;
    case 'IN': {
      const list = condition.value as FilterScalar[];
      return `${and(equalityIndex(list))} AND v.value = ANY(ARRAY(SELECT jsonb_array_elements(${bind(JSON.stringify(list))}::jsonb)))`;
    }
    case 'NOT IN':
      return ` AND ${HOLDS_VALUE} AND v.value NOT IN (SELECT jsonb_array_elements(${bind(JSON.stringify(condition.value))}::jsonb))`;
    case '=':
      return `${and(equalityIndex([condition.value as FilterScalar]))} AND v.value = ${bind(JSON.stringify(condition.value))}::jsonb`;
    case '!=':
      return ` AND ${HOLDS_VALUE} AND v.value <> ${bind(JSON.stringify(condition.value))}::jsonb`;
    default: {
      // <, <=, >, >=: numbers with numbers, texts with texts (jsonb compares like types as their
      // SQL types); a text range may reach long texts, so only a number range names the index.
      const typed = typeof condition.value === 'number' ? NUMBERS : "jsonb_typeof(v.value) = 'string'";
      return ` AND ${typed} AND v.value ${condition.operator} ${bind(JSON.stringify(condition.value))}::jsonb`;
    }
  }
}

/**
 * The SQL of the conditions on the events row `e` (true when there are none). `bind` adds a
 * parameter and answers its placeholder; `named` resolves a name (an unknown one matches nothing).
 *
 * When every condition is on the event itself and positive (it needs a value row), the filter is
 * one set of event UUIDs, ((s0 UNION|INTERSECT s1) …), each set read from the value indexes: the
 * planner then joins a few matching events instead of testing every event of the organization
 * (an OR of per-row tests is otherwise a walk over all of them). Else each condition is a per-row
 * EXISTS on the event or its parent.
 */
export function propertyFilterSql(conditions: readonly PropertyCondition[], named: (name: string) => NamedProperties, bind: (value: unknown) => string): string {
  if (conditions.length === 0) return 'TRUE';
  const rows = conditions.map((condition) => {
    const properties = named(condition.property);
    // A name no type has binds nothing: a parameter the SQL never names has no type to infer.
    const positive = condition.operator !== 'NOT EXISTS' && condition.operator !== 'IS NULL';
    return { condition, properties, extra: properties.propertyUuids.length === 0 ? (positive ? '' : null) : valueRows(condition, bind) };
  });
  if (rows.every((row) => !row.condition.parent && row.extra !== null)) {
    let set = '';
    rows.forEach(({ condition, properties, extra }, index) => {
      const one =
        properties.propertyUuids.length === 0
          ? 'SELECT NULL::uuid WHERE FALSE'
          : `SELECT v.event_uuid FROM event_property_values v WHERE v.event_type_property_uuid = ANY(${bind(properties.propertyUuids)}::uuid[])${extra}`;
      set = index === 0 ? `(${one})` : `(${set} ${condition.condition === 'OR' ? 'UNION' : 'INTERSECT'} (${one}))`;
    });
    return `e.uuid IN ${set}`;
  }
  let sql = '';
  rows.forEach(({ condition, properties, extra }, index) => {
    const one = conditionSql(condition, properties, extra, bind);
    sql = index === 0 ? one : `(${sql} ${condition.condition} ${one})`;
  });
  return sql;
}

function conditionSql(condition: PropertyCondition, named: NamedProperties, extra: string | null, bind: (value: unknown) => string): string {
  if (named.propertyUuids.length === 0) return 'FALSE';
  const values = (alias: string, more: string) =>
    `EXISTS (SELECT 1 FROM event_property_values v WHERE v.event_uuid = ${alias}.uuid AND v.event_type_property_uuid = ANY(${bind(named.propertyUuids)}::uuid[])${more})`;
  const on = (alias: string): string => {
    if (extra !== null) return values(alias, extra);
    if (condition.operator === 'NOT EXISTS') return `NOT ${values(alias, '')}`;
    // IS NULL: the event's type has the property and the event holds no value of it.
    return `(${alias}.event_type_uuid = ANY(${bind(named.typeUuids)}::uuid[]) AND NOT ${values(alias, ` AND ${HOLDS_VALUE}`)})`;
  };
  return condition.parent ? `EXISTS (SELECT 1 FROM events pe WHERE pe.uuid = e.parent_uuid AND ${on('pe')})` : on('e');
}
