import { fallbackLoginError, safeReturnUrl, withLoginError } from './returnUrl';

// The open-redirect rule of the external sign-in: `from` must be on this server's origin.

const ORIGIN = 'http://historian.local:8080';

describe('the return URL of an external sign-in', () => {
  it.each([
    ['http://historian.local:8080/#/login/done', 'http://historian.local:8080/#/login/done'],
    ['/#/login/done', 'http://historian.local:8080/#/login/done'],
    ['/app/?x=%2F#/login/done', 'http://historian.local:8080/app/?x=%2F#/login/done'],
  ])('accepts %s on our own origin', (from, href) => {
    expect(safeReturnUrl(from, [ORIGIN])?.href).toBe(href);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil',
    'https://evil.example/',
    'http://localhost.evil.example/',
    'http://historian.local:8080.evil.example/',
    'http://historian.local:8081/',
    'https://historian.local:8080/',
    'http://user@historian.local:8080/',
    'http://evil.example@historian.local:8080/',
    '/\t/evil.example',
    '/login\r\nLocation: https://evil.example',
    ' //evil.example',
    'evil.example',
    '',
  ])('rejects %p', (from) => {
    expect(safeReturnUrl(from, [ORIGIN])).toBeUndefined();
  });

  it('never resolves a path into another host, even when dot segments would collapse it to //host', () => {
    const url = safeReturnUrl('/.//evil.example/x', [ORIGIN]);
    expect(url === undefined || url.origin === ORIGIN).toBe(true);
    if (url) expect(withLoginError(url, 'x').startsWith(`${ORIGIN}/`)).toBe(true);
  });

  it('accepts the configured public origin as well as the one the request came through', () => {
    expect(safeReturnUrl('https://historian.example.com/#/login/done', [ORIGIN, 'https://historian.example.com'])).toBeDefined();
  });

  it('puts the error into the query of a hash route, where the login-done page reads it', () => {
    const url = new URL('http://historian.local:8080/#/login/done');
    expect(withLoginError(url, 'login_failed')).toBe('http://historian.local:8080/#/login/done?error=login_failed');
    expect(withLoginError(new URL('http://h/#/login/done?a=1'), 'e')).toBe('http://h/#/login/done?a=1&error=e');
    expect(withLoginError(new URL('http://h/done?a=1'), 'e')).toBe('http://h/done?a=1&error=e');
    expect(fallbackLoginError('invalid_return_url')).toBe('/#/login/done?error=invalid_return_url');
  });
});
