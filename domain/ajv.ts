import Ajv from 'ajv';
import addFormats from 'ajv-formats';

// The one ajv instance of the client (STYLE §8). `allErrors` so that a form shows every wrong
// field at once; not strict, because settings schemas come from collectors and database types
// and carry annotations of their own (secure, password, isMultiLine, order). Only lazy pages
// reach this module: ajv is too large for the sign-in route.
export const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv);
