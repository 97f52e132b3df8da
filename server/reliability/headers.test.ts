import { PAGE_CSP, API_CSP, EMBEDDABLE_PAGE_CSP } from '../http/securityHeaders';
import { checkApiHeaders, checkPageHeaders, contractGets } from './headers';

// The header checks of the reliability bench (headers.ts) must catch what they look for: each
// missing or weakened header is named, and the server's own policies pass.

const headers = (values: Record<string, string>) => new Headers(values);
const page = { 'content-security-policy': PAGE_CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
const api = { 'content-security-policy': API_CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' };

describe('the header checks', () => {
  it('pass the policies the server sends', () => {
    expect(checkPageHeaders('page', headers(page))).toEqual([]);
    expect(checkPageHeaders('eula', headers({ ...page, 'content-security-policy': EMBEDDABLE_PAGE_CSP }), true)).toEqual([]);
    expect(checkApiHeaders('api', '/api/users', headers(api))).toEqual([]);
  });

  it('name an inline script, a missing frame-ancestors, sniffing and a referrer', () => {
    const weak = headers({ 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'" });
    expect(checkPageHeaders('page', weak)).toEqual([
      "page: script-src allows 'unsafe-inline'",
      'page: frame-ancestors is missing',
      'page: X-Content-Type-Options is missing',
      'page: Referrer-Policy is missing',
    ]);
    expect(checkPageHeaders('eula', headers(page), true)).toEqual(["eula: frame-ancestors is 'none'"]);
  });

  it('want no-store on API answers except translations', () => {
    const cached = headers({ ...api, 'cache-control': 'private, max-age=60' });
    expect(checkApiHeaders('users', '/api/users', cached)).toEqual(['users: Cache-Control is private, max-age=60, not no-store']);
    expect(checkApiHeaders('translations', '/api/translations/en/general', cached)).toEqual([]);
    expect(checkApiHeaders('locale file', '/api/locales/en/general.json', headers({ ...api, 'cache-control': 'no-cache' }))).toEqual([]);
    expect(checkApiHeaders('api', '/api/users', headers({ ...api, 'content-security-policy': "default-src 'self'" }))).toEqual([
      "api: API CSP default-src is 'self'",
      'api: API CSP frame-ancestors is missing',
    ]);
  });

  it('walk every GET of the contract with its ids filled', () => {
    const gets = contractGets();
    expect(gets).toEqual(expect.arrayContaining(['/api/current-user', '/api/users']));
    expect(gets.some((route) => route.includes('{'))).toBe(false);
  });
});
