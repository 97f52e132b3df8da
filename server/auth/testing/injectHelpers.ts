import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../sessions';

// Small helpers over app.inject for the auth tests: sign in through the real endpoint and turn
// the answer's cookies into the headers a browser would send next.

export async function postLogin(app: FastifyInstance, name: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/local/login', payload: { Name: name, Password: password }, remoteAddress });
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

export interface BrowserHeaders extends Record<string, string> {
  cookie: string;
  'x-xsrf-token': string;
}

export function browserHeaders(response: LightMyRequestResponse): BrowserHeaders {
  const session = cookieValue(response, SESSION_COOKIE);
  const xsrf = cookieValue(response, XSRF_COOKIE);
  if (!session || !xsrf) throw new Error(`No session cookies in the answer (${response.statusCode})`);
  return { cookie: `${SESSION_COOKIE}=${session}; ${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf };
}

export async function signIn(app: FastifyInstance, name: string, password: string): Promise<BrowserHeaders> {
  const response = await postLogin(app, name, password);
  if (response.statusCode !== 200) throw new Error(`Sign-in of ${name} failed: ${response.statusCode} ${response.body}`);
  return browserHeaders(response);
}
