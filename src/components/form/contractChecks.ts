import { FORM_SCHEMAS, type FormSchemaName } from '../../../domain/formSchemas.gen';
import { validateWithSchema, type SchemaErrors } from '../../../domain/schemaValidation';

interface MemberRules {
  type?: unknown;
  format?: string;
  enum?: readonly unknown[];
}

/**
 * An optional member left empty is not sent (a select's "none", an empty UUID), so the check
 * leaves it out when the empty text could never pass: a format or a list of allowed values.
 */
function withoutEmptyOptionals(values: Record<string, unknown>, properties: Readonly<Record<string, MemberRules>>, required: readonly string[]) {
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => {
      const rules = properties[name];
      return !(value === '' && rules && (rules.format !== undefined || rules.enum !== undefined) && !required.includes(name));
    }),
  );
}

/**
 * The server's checks of a request body, for a form to make before it sends: the contract's schema
 * of that body (domain/formSchemas.gen.ts, generated from openapi/historian.yaml), so that client
 * and server refuse the same values. Pulls in ajv: only lazy pages import it.
 */
export function contractChecks(name: FormSchemaName): (values: Record<string, unknown>) => SchemaErrors {
  const schema = FORM_SCHEMAS[name];
  const properties: Readonly<Record<string, MemberRules>> = schema.properties;
  const required: readonly string[] = 'required' in schema ? schema.required : [];
  return (values) => validateWithSchema(schema, withoutEmptyOptionals(values, properties, required));
}
