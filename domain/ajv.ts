import Ajv from 'ajv';
import addFormats from 'ajv-formats';

// The one ajv instance for forms and settings (STYLE §8), on both sides: the client's forms and
// the settings module (settingsModule.ts) that the server validates settings with too. `allErrors`
// so that a form shows every wrong field at once; not strict, because settings schemas come from
// collectors and database types and carry annotations of their own (secure, password, isMultiLine,
// order). In the client only lazy pages reach this module: ajv is too large for the sign-in route.
// (The server's contract validators are another matter: they coerce query strings and apply
// defaults, which a settings form must not.)
export const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv);
