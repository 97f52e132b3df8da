import { redactSecrets } from './redact';

describe('redactSecrets (the error-details dialog never shows secrets)', () => {
  it('replaces the values of password, secret, token, xsrf, authorization and SecureSettings keys at any depth, whatever their case', () => {
    const body = {
      Name: 'Plant',
      Password: 'p1',
      PostgresPassword: 'p2',
      PostgresPasswordConfirm: 'p3',
      clientSecret: 's',
      licenseToken: 'a.b.c',
      'X-XSRF-TOKEN': 'x',
      Authorization: 'Bearer t',
      SecureSettings: { apiKey: 'k', nested: { deep: 1 } },
      Settings: { host: 'db', token: 't2' },
      Users: [{ Name: 'ada', password: 'p4' }],
    };

    expect(redactSecrets(body)).toEqual({
      Name: 'Plant',
      Password: '[redacted]',
      PostgresPassword: '[redacted]',
      PostgresPasswordConfirm: '[redacted]',
      clientSecret: '[redacted]',
      licenseToken: '[redacted]',
      'X-XSRF-TOKEN': '[redacted]',
      Authorization: '[redacted]',
      SecureSettings: '[redacted]',
      Settings: { host: 'db', token: '[redacted]' },
      Users: [{ Name: 'ada', password: '[redacted]' }],
    });
  });

  it('returns a copy and leaves the original untouched', () => {
    const body = { Password: 'p1', Settings: { token: 't' } };
    const copy = redactSecrets(body);
    expect(body).toEqual({ Password: 'p1', Settings: { token: 't' } });
    expect(copy).not.toBe(body);
  });

  it('describes form uploads by field, redacting secret fields and summarising files', () => {
    const form = new FormData();
    form.append('licenseToken', 'a.b.c');
    form.append('file', new Blob(['12345']), 'update.bin');
    expect(redactSecrets(form)).toEqual({ licenseToken: '[redacted]', file: '[binary, 5 bytes]' });
  });

  it('passes values without secrets through unchanged', () => {
    expect(redactSecrets(undefined)).toBeUndefined();
    expect(redactSecrets('text')).toBe('text');
    expect(redactSecrets([1, { Name: 'n' }])).toEqual([1, { Name: 'n' }]);
  });
});
