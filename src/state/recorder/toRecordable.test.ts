import { toRecordable } from './toRecordable';

describe('what the recorder keeps of a value', () => {
  it('redacts the transport secret keys and the session userKey, at any depth', () => {
    const value = {
      loginCredentials: { Name: 'ada', Password: 'pw-123456' },
      session: { userKey: 'historian_pat_x', userName: 'ada' },
      collector: { Settings: { host: 'h' }, SecureSettings: { apiKey: 'k' } },
      headers: { 'x-xsrf-token': 'abc' },
    };
    expect(toRecordable(value)).toEqual({
      loginCredentials: { Name: 'ada', Password: '[redacted]' },
      session: { userKey: '[redacted]', userName: 'ada' },
      collector: { Settings: { host: 'h' }, SecureSettings: '[redacted]' },
      headers: { 'x-xsrf-token': '[redacted]' },
    });
  });

  it('keeps flags and empty values under secret-looking names, which replay needs and which hold no secret', () => {
    expect(toRecordable({ mustChangePassword: true, userKey: null, MustChangePassword: false })).toEqual({
      mustChangePassword: true,
      userKey: null,
      MustChangePassword: false,
    });
  });

  it('cuts live credential values out of every string, whatever the key', () => {
    const xsrf = 'xsrf-value-0123456789';
    expect(toRecordable({ detail: `token ${xsrf} rejected`, list: [xsrf] }, { secrets: [xsrf, null, 'short'] })).toEqual({
      detail: 'token [redacted] rejected',
      list: ['[redacted]'],
    });
  });

  it('does not take RTK Query cache keys and tag types for secret field names', () => {
    const state = {
      api: {
        queries: { 'getCurrentUserTokens(undefined)': { data: [{ UUID: 't1', Token: 'historian_pat_y' }] } },
        provided: { tags: { Tokens: { LIST: ['getCurrentUserTokens(undefined)'] } } },
      },
    };
    const copy = toRecordable(state, { dataKeyedPaths: [['api', 'queries'], ['api', 'provided', 'tags']] });
    expect(copy).toEqual({
      api: {
        queries: { 'getCurrentUserTokens(undefined)': { data: [{ UUID: 't1', Token: '[redacted]' }] } },
        provided: { tags: { Tokens: { LIST: ['getCurrentUserTokens(undefined)'] } } },
      },
    });
  });

  it('is plain JSON: no functions, undefined, Response objects or cycles, and dates as ISO strings', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const shared = { n: 1 };
    const value = {
      fn: () => 1,
      missing: undefined,
      response: new Response('x'),
      at: new Date(0),
      nan: Number.NaN,
      cyclic,
      twice: [shared, shared],
    };
    expect(toRecordable(value)).toEqual({
      response: {},
      at: '1970-01-01T00:00:00.000Z',
      nan: null,
      cyclic: { name: 'loop', self: '[circular]' },
      twice: [{ n: 1 }, { n: 1 }],
    });
  });

  it('keeps the size of typed arrays (a chart\'s columns), not their million values', () => {
    expect(toRecordable({ times: new Float64Array(1_000), count: new Int32Array(3) })).toEqual({ times: '[binary, 8000 bytes]', count: '[binary, 12 bytes]' });
  });
});
