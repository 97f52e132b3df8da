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

/**
 * The SQL of the conditions on the events row `e` (true when there are none). `bind` adds a
 * parameter and answers its placeholder; `named` resolves a name (an unknown one matches nothing).
 */
export function propertyFilterSql(conditions: readonly PropertyCondition[], named: (name: string) => NamedProperties, bind: (value: unknown) => string): string {
  let sql = '';
  conditions.forEach((condition, index) => {
    const one = conditionSql(condition, named(condition.property), bind);
    sql = index === 0 ? one : `(${sql} ${condition.condition} ${one})`;
  });
  return sql === '' ? 'TRUE' : sql;
}

// A value row that holds something: a simple value that is not JSON null, or a series.
const HOLDS_VALUE = "(v.value IS NOT NULL AND v.value <> 'null'::jsonb OR v.series IS NOT NULL)";

function conditionSql(condition: PropertyCondition, named: NamedProperties, bind: (value: unknown) => string): string {
  if (named.propertyUuids.length === 0) return 'FALSE';
  const values = (alias: string, extra: string) =>
    `EXISTS (SELECT 1 FROM event_property_values v WHERE v.event_uuid = ${alias}.uuid AND v.event_type_property_uuid = ANY(${bind(named.propertyUuids)}::uuid[])${extra})`;
  const on = (alias: string): string => {
    switch (condition.operator) {
      case 'EXISTS':
        return values(alias, '');
      case 'NOT EXISTS':
        return `NOT ${values(alias, '')}`;
      case 'IS NOT NULL':
        return values(alias, ` AND ${HOLDS_VALUE}`);
      case 'IS NULL':
        // The event's type has the property and the event holds no value of it.
        return `(${alias}.event_type_uuid = ANY(${bind(named.typeUuids)}::uuid[]) AND NOT ${values(alias, ` AND ${HOLDS_VALUE}`)})`;
      case 'IN':
        return values(alias, ` AND v.value IN (SELECT jsonb_array_elements(${bind(JSON.stringify(condition.value))}::jsonb))`);
      case 'NOT IN':
        return values(alias, ` AND ${HOLDS_VALUE} AND v.value NOT IN (SELECT jsonb_array_elements(${bind(JSON.stringify(condition.value))}::jsonb))`);
      case '=':
        return values(alias, ` AND v.value = ${bind(JSON.stringify(condition.value))}::jsonb`);
      case '!=':
        return values(alias, ` AND ${HOLDS_VALUE} AND v.value <> ${bind(JSON.stringify(condition.value))}::jsonb`);
      default: {
        // <, <=, >, >=: numbers with numbers, texts with texts (jsonb compares like types as their SQL types).
        const operand = bind(JSON.stringify(condition.value));
        return values(alias, ` AND jsonb_typeof(v.value) = jsonb_typeof(${operand}::jsonb) AND v.value ${condition.operator} ${operand}::jsonb`);
      }
    }
  };
  return condition.parent ? `EXISTS (SELECT 1 FROM events pe WHERE pe.uuid = e.parent_uuid AND ${on('pe')})` : on('e');
}
