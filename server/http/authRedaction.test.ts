import { redactUrl } from './authRedaction';

describe('request logging keeps secrets out of URLs', () => {
  it('masks the authorization code and state of an external sign-in callback', () => {
    const logged = redactUrl('/api/auth/corp/callback?code=SECRETCODE&state=SECRETSTATE&iss=http%3A%2F%2Fidp');
    expect(logged).not.toContain('SECRETCODE');
    expect(logged).not.toContain('SECRETSTATE');
    expect(logged).toContain('iss=http');
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/api/collectors?Limit=10')).toBe('/api/collectors?Limit=10');
    expect(redactUrl('/api/info')).toBe('/api/info');
  });
});
