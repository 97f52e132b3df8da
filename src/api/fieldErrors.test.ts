import { fieldMessageOf, problemFieldMessages, SECRET_REENTRY_CODE } from './fieldErrors';
import { problemError } from './transport/errors';

const request = { method: 'POST', url: '/api/collectors', body: undefined };
const refused = (body: object) => problemError(400, 'Bad Request', body, request);

describe('field errors of a problem+json answer', () => {
  it('never show a validator’s English sentence: each becomes a translation key with its values', () => {
    const error = refused({
      errors: {
        Name: ['must NOT have fewer than 1 characters'],
        Description: ['must NOT have more than 200 characters'],
        'Settings.port': ['must be <= 65535', 'must be integer'],
        'Settings.host': ["must have required property 'host'"],
        'Settings.url': ['must match format "uri"'],
        'Settings.mode': ['must be equal to one of the allowed values'],
        'Settings.extra': ['must NOT have additional properties'],
      },
    });
    const fields = ['Name', 'Description', 'Settings.port', 'Settings.host', 'Settings.url', 'Settings.mode', 'Settings.extra'];

    expect(problemFieldMessages(error, fields)).toEqual({
      Name: [{ messageKey: 'form.errors.min_length', values: { count: 1 } }],
      Description: [{ messageKey: 'form.errors.max_length', values: { count: 200 } }],
      'Settings.port': [{ messageKey: 'form.errors.maximum', values: { limit: '65535' } }, { messageKey: 'form.errors.type', values: { type: 'integer' } }],
      'Settings.host': [{ messageKey: 'general.required' }],
      'Settings.url': [{ messageKey: 'form.errors.format_uri' }],
      'Settings.mode': [{ messageKey: 'form.errors.enum' }],
      'Settings.extra': [{ messageKey: 'form.errors.invalid' }],
    });
  });

  it('translate the server’s own phrases and the keys of the rules both sides share', () => {
    const error = refused({ errors: { Name: ['is already in use'], Password: ['must have at least 8 characters'], Value: ['settings.errors.boolean'] } });
    expect(problemFieldMessages(error, ['Name', 'Password', 'Value'])).toEqual({
      Name: [{ messageKey: 'form.errors.in_use' }],
      Password: [{ messageKey: 'form.errors.min_length', values: { count: 8 } }],
      Value: [{ messageKey: 'settings.errors.boolean' }],
    });
  });

  it('translate the calculation rules’ phrases, the cycle with the names it runs through', () => {
    const fields = ['Settings.Inputs', 'Settings.Inputs.0.MeasurementUUID', 'Settings.Inputs.1.Alias', 'Settings.Inputs.1.Aggregation', 'Settings.Interval', 'Settings.Script'];
    const error = refused({
      errors: {
        'Settings.Inputs': ['form a cycle: Yield → Flow kg/s → Yield'],
        'Settings.Inputs.0.MeasurementUUID': ['is not a measurement of this organization'],
        'Settings.Inputs.1.Alias': ['is used by another input: A'],
        'Settings.Inputs.1.Aggregation': ['must be one of count, integral, mean'],
        'Settings.Interval': ['must be a duration from 1s to 1d, e.g. 1m'],
        'Settings.Script': ['must be at most 20000 characters'],
      },
    });
    expect(problemFieldMessages(error, fields)).toEqual({
      'Settings.Inputs': [{ messageKey: 'calculations.errors.cycle_of', values: { names: 'Yield → Flow kg/s → Yield' } }],
      'Settings.Inputs.0.MeasurementUUID': [{ messageKey: 'calculations.errors.input_not_found' }],
      'Settings.Inputs.1.Alias': [{ messageKey: 'calculations.errors.alias_taken' }],
      'Settings.Inputs.1.Aggregation': [{ messageKey: 'calculations.errors.aggregation' }],
      'Settings.Interval': [{ messageKey: 'calculations.errors.interval' }],
      'Settings.Script': [{ messageKey: 'form.errors.max_length', values: { count: 20000 } }],
    });
  });

  it('show a reason no rule knows as the server wrote it, on the fields the form shows only', () => {
    const error = refused({ errors: { 'Settings.host': ['cannot be resolved'], 'path.id': ['is not yours'] } });
    expect(problemFieldMessages(error, ['Settings.host'])).toEqual({ 'Settings.host': [{ text: 'cannot be resolved' }] });
  });

  it('ask for a stored secret again on its field when the server refuses to reuse it', () => {
    const error = refused({ code: SECRET_REENTRY_CODE, errors: { 'SecureSettings.password': ['must be entered again, because host changed'] } });
    expect(problemFieldMessages(error, ['SecureSettings.password'])).toEqual({ 'SecureSettings.password': [{ messageKey: 'form.errors.secret_reentry' }] });
  });

  it('name the formats users know (URL, e-mail, UUID, host name) and keep the limits of lengths and ranges', () => {
    expect(fieldMessageOf('must match format "email"')).toEqual({ messageKey: 'form.errors.format_email' });
    expect(fieldMessageOf('must match format "hostname"')).toEqual({ messageKey: 'form.errors.format_hostname' });
    expect(fieldMessageOf('must match format "date-time"')).toEqual({ messageKey: 'form.errors.format', values: { format: 'date-time' } });
    expect(fieldMessageOf('must be a UUID')).toEqual({ messageKey: 'form.errors.format_uuid' });
    expect(fieldMessageOf('must NOT have fewer than 1 characters')).toEqual({ messageKey: 'form.errors.min_length', values: { count: 1 } });
    expect(fieldMessageOf('must be <= 65535')).toEqual({ messageKey: 'form.errors.maximum', values: { limit: '65535' } });
    expect(fieldMessageOf("must have required property 'Name'")).toEqual({ messageKey: 'general.required' });
  });

  it('translate the server’s PostgreSQL role-name sentence', () => {
    expect(fieldMessageOf('must be lower-case letters, digits and _, start with a letter, and not start with pg_')).toEqual({ messageKey: 'organizations.errors.postgres_user' });
  });

  it('takes the time-series query\'s field errors as the translation keys they are', () => {
    const error = refused({ errors: { End: ['timeseries.errors.end_before_start'], 'Aggregation.Period': ['timeseries.errors.period'] } });
    expect(problemFieldMessages(error, ['End', 'Aggregation.Period'])).toEqual({
      End: [{ messageKey: 'timeseries.errors.end_before_start' }],
      'Aggregation.Period': [{ messageKey: 'timeseries.errors.period' }],
    });
  });
});
