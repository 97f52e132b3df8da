import { FORM_SCHEMAS, type FormSchemaName } from '../../../domain/formSchemas.gen';
import { validateWithSchema, type SchemaErrors } from '../../../domain/schemaValidation';

/**
 * The server's checks of a request body, for a form to make before it sends: the contract's schema
 * of that body (domain/formSchemas.gen.ts, generated from openapi/historian.yaml), so that client
 * and server refuse the same values. Pulls in ajv: only lazy pages import it.
 */
export function contractChecks(name: FormSchemaName): (values: Record<string, unknown>) => SchemaErrors {
  const schema = FORM_SCHEMAS[name];
  return (values) => validateWithSchema(schema, values);
}
