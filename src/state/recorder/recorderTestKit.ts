// Test helpers: the canary secrets a recording must never contain, and msw answers that carry
// them the way a real server would (tokens in responses, secure settings, an echoed XSRF value).
import { http, HttpResponse } from 'msw';
import { server } from '../../testing/server';

export const CANARIES = {
  password: 'canary-password-123',
  token: 'historian_pat_canary',
  secureSetting: 'canary-secure-setting-value',
  xsrf: 'canary-xsrf-cookie-value',
} as const;

export function plantXsrfCookie(): void {
  document.cookie = `XSRF-TOKEN=${CANARIES.xsrf}; path=/`;
}

/** Responses that carry a canary; the collector list and /info also echo the XSRF value under innocent names. */
export function answerWithCanaries(): void {
  server.use(
    http.post('/api/current-user/tokens', () => HttpResponse.json({ UUID: 'tok-1', Name: 'ci', Token: CANARIES.token }, { status: 201 })),
    http.get('/api/collectors', () =>
      HttpResponse.json([
        { UUID: 'c1', Name: 'OPC', Status: 'Active', Settings: { host: 'plc' }, SecureSettings: { apiKey: CANARIES.secureSetting } },
      ]),
    ),
    http.get('/api/info', () => HttpResponse.json({ Version: '1.0.0', PortalURL: `https://portal.example/?s=${CANARIES.xsrf}` })),
  );
}

export function containsCanary(text: string): string[] {
  return Object.values(CANARIES).filter((canary) => text.includes(canary));
}
