import type { SchemaError } from './schemaValidation';

// Apart from schemaValidation.ts, which loads ajv: the server's field errors are translated with
// this in the sign-in route's chunk too (the password change), where ajv must not be.

/** A format users know by name gets its own sentence; others name the format. */
export function formatError(format: string | number): SchemaError {
  switch (format) {
    case 'uri':
    case 'url':
      return { key: 'form.errors.format_uri', values: {} };
    case 'email':
      return { key: 'form.errors.format_email', values: {} };
    case 'uuid':
      return { key: 'form.errors.format_uuid', values: {} };
    case 'hostname':
      return { key: 'form.errors.format_hostname', values: {} };
    default:
      return { key: 'form.errors.format', values: { format } };
  }
}
