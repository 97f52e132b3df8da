// The contract marks what only the server sets readOnly (UUID, audit fields) and lists it in
// `required`, so that every answer carries it; and it marks what only travels towards the server
// writeOnly (passwords, SecureSettings). OpenAPI applies `required` to a readOnly member only in
// answers and to a writeOnly one only in requests (openapi/README.md); ajv knows neither rule, so
// each direction validates against its own copy of an operation's schema. In an answer a writeOnly
// member must be absent: a secret sent back is a contract violation, not a detail.

export type Direction = 'request' | 'response';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Members whose values are data, not schemas: nothing in them is a readOnly or writeOnly mark.
const DATA_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'example', 'examples']);

const hasMark = (schema: unknown, mark: 'readOnly' | 'writeOnly') => isRecord(schema) && schema[mark] === true;

/** A copy of `schema` for one direction of a call (see above); the contract's own object is left alone. */
export function schemaForDirection(schema: unknown, direction: Direction): unknown {
  if (Array.isArray(schema)) return schema.map((item) => schemaForDirection(item, direction));
  if (!isRecord(schema)) return schema;
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, DATA_KEYWORDS.has(key) ? value : schemaForDirection(value, direction)]),
  );
  const properties = schema.properties;
  if (!isRecord(properties)) return copy;
  const notHere = direction === 'request' ? 'readOnly' : 'writeOnly';
  if (Array.isArray(schema.required)) {
    copy.required = schema.required.filter((name) => typeof name !== 'string' || !hasMark(properties[name], notHere));
  }
  if (direction === 'response' && isRecord(copy.properties)) {
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties).map(([name, member]) => [name, hasMark(properties[name], 'writeOnly') ? { not: {}, description: 'writeOnly: never answered' } : member]),
    );
  }
  return copy;
}
