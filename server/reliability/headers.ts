import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** openapi/historian.yaml (as server/app.ts CONTRACT_FILE; not imported, to keep this module light). */
const CONTRACT_FILE = path.resolve(__dirname, '../../openapi/historian.yaml');

// The headers a browser needs to keep what we send inert (issue 22 item 6), checked over HTTP
// against a running server: every GET operation of the contract (ids made up, so most answer
// 404, which must carry them too), the pages, a script of the build, an unknown /api path and a
// malformed body. server/http/securityHeaders.test.ts proves the same rules in-process; this walks a
// deployed server, as the reliability bench does (bench/reliability/headers.suite.ts).

/** A signed-in call of /api (e2e/support/adminApi.ts AdminApi.call): path without /api. */
export type HeaderCall = (method: string, path: string, options?: { body?: unknown; organization?: string }) => Promise<Response>;

export interface HeaderCheck {
  /** Method and path checked. */
  checked: string[];
  /** "<what>: <missing or wrong header>", one line each (goal: none). */
  missing: string[];
}

/** Answers that may keep a cache rule of their own: they carry no personal data (translations, the shipped locale files). */
const CACHEABLE = [/^\/api\/translations\//, /^\/api\/locales\//];

const directivesOf = (csp: string | null) =>
  new Map((csp ?? '').split(';').map((directive) => directive.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...values]) => [name, values]));

export function checkPageHeaders(what: string, headers: Headers, embeddable = false): string[] {
  const problems: string[] = [];
  const csp = directivesOf(headers.get('content-security-policy'));
  const script = csp.get('script-src') ?? csp.get('default-src');
  if (!script) problems.push(`${what}: no script-src`);
  else if (script.includes("'unsafe-inline'")) problems.push(`${what}: script-src allows 'unsafe-inline'`);
  if (csp.get('style-src')?.includes("'unsafe-inline'")) problems.push(`${what}: style-src allows 'unsafe-inline'`);
  const ancestors = csp.get('frame-ancestors');
  if (!ancestors || ancestors.join(' ') !== (embeddable ? "'self'" : "'none'")) problems.push(`${what}: frame-ancestors is ${ancestors?.join(' ') ?? 'missing'}`);
  if (csp.get('object-src')?.join(' ') !== "'none'" && csp.get('default-src')?.join(' ') !== "'none'") problems.push(`${what}: object-src is not 'none'`);
  problems.push(...commonProblems(what, headers));
  return problems;
}

function commonProblems(what: string, headers: Headers): string[] {
  const problems: string[] = [];
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push(`${what}: X-Content-Type-Options is ${headers.get('x-content-type-options') ?? 'missing'}`);
  const referrer = headers.get('referrer-policy');
  if (referrer !== 'no-referrer' && referrer !== 'same-origin' && referrer !== 'strict-origin-when-cross-origin') problems.push(`${what}: Referrer-Policy is ${referrer ?? 'missing'}`);
  return problems;
}

export function checkApiHeaders(what: string, path: string, headers: Headers): string[] {
  const problems = commonProblems(what, headers);
  const csp = directivesOf(headers.get('content-security-policy'));
  if (csp.get('default-src')?.join(' ') !== "'none'") problems.push(`${what}: API CSP default-src is ${csp.get('default-src')?.join(' ') ?? 'missing'}`);
  if (csp.get('frame-ancestors')?.join(' ') !== "'none'") problems.push(`${what}: API CSP frame-ancestors is ${csp.get('frame-ancestors')?.join(' ') ?? 'missing'}`);
  const cache = headers.get('cache-control') ?? '';
  if (!CACHEABLE.some((pattern) => pattern.test(path)) && !/\bno-store\b/.test(cache)) problems.push(`${what}: Cache-Control is ${cache || 'missing'}, not no-store`);
  return problems;
}

/** The GET operations of the contract, their path parameters filled with made-up ids. */
export function contractGets(): string[] {
  const contract = parse(readFileSync(CONTRACT_FILE, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const fill = (route: string) =>
    route.replace(/\{([^}]+)\}/g, (_match, name: string) => (name === 'provider' ? 'local' : name === 'language' || name === 'lng' ? 'en' : name === 'namespace' || name === 'ns' ? 'general' : '00000000-0000-4000-8000-00000000abcd'));
  return Object.entries(contract.paths)
    .filter(([, item]) => item.get !== undefined)
    .map(([route]) => `/api${fill(route)}`)
    // Sign-in redirects leave for an identity provider: not an API answer.
    .filter((route) => !/\/auth\/[^/]+\/(start|callback)$/.test(route));
}

/** Walks the pages and every GET of the contract through `call` (signed in), and what it found. */
export async function checkHeaders(baseUrl: string, call: HeaderCall, organization?: string): Promise<HeaderCheck> {
  const checked: string[] = [];
  const missing: string[] = [];
  const page = async (path: string, embeddable = false) => {
    const response = await fetch(`${baseUrl}${path}`);
    await response.arrayBuffer();
    checked.push(`GET ${path}`);
    missing.push(...checkPageHeaders(`GET ${path} (${response.status})`, response.headers, embeddable));
    return response;
  };
  const index = await (await fetch(`${baseUrl}/`)).text();
  await page('/');
  await page('/configuration/time_series_databases');
  await page('/eula.html', true);
  const script = /<script[^>]*\bsrc="([^"]+)"/.exec(index)?.[1];
  if (script) {
    const response = await fetch(new URL(script, `${baseUrl}/`));
    await response.arrayBuffer();
    checked.push(`GET ${script}`);
    missing.push(...commonProblems(`GET ${script}`, response.headers));
  }
  for (const path of [...contractGets(), '/api/no-such-thing']) {
    const response = await call('GET', path.slice('/api'.length), { organization });
    await response.arrayBuffer();
    checked.push(`GET ${path}`);
    missing.push(...checkApiHeaders(`GET ${path} (${response.status})`, path, response.headers));
  }
  const malformed = await call('POST', '/organizations', { body: 'not an organization', organization });
  await malformed.arrayBuffer();
  checked.push('POST /api/organizations (a string for a body)');
  missing.push(...checkApiHeaders(`POST /api/organizations (${malformed.status})`, '/api/organizations', malformed.headers));
  return { checked, missing };
}
