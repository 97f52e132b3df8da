import { spawn } from 'node:child_process';
import path from 'node:path';

// Starts oidcProviderProcess.mjs and plays the browser's part at the identity provider: follow
// its redirects with fetch, keep its cookies, sign in as a given account, and return the URL the
// provider finally sends the browser to (our callback with code and state).

export interface TestIdentityProvider {
  issuer: string;
  stop(): Promise<void>;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

const SCRIPT = path.join(__dirname, 'oidcProviderProcess.mjs');
const START_TIMEOUT_MS = 20_000;

export function startTestIdentityProvider(client: TestClient): Promise<TestIdentityProvider> {
  const env = { ...process.env, NODE_OPTIONS: '' };
  const child = spawn(process.execPath, [SCRIPT, JSON.stringify(client)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`The test identity provider did not start: ${errors}`));
    }, START_TIMEOUT_MS);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (!output.includes('\n')) return;
      clearTimeout(timer);
      const { issuer } = JSON.parse(line) as { issuer: string };
      resolve({ issuer, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The test identity provider exited (${code}): ${errors}`));
    });
  });
}

/** A cookie jar good enough for one identity provider on one origin. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs in at the provider as `account`, starting from the authorization URL our server
 * redirected to; answers the first URL outside the provider (our callback).
 */
export async function signInAtProvider(authorizationUrl: string, account: string): Promise<string> {
  const jar = new CookieJar();
  const issuerOrigin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let method = 'GET';
  for (let hop = 0; hop < 10; hop += 1) {
    if (new URL(url).origin !== issuerOrigin) return url;
    const response = await fetch(url, { method, redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).href;
      method = 'GET';
      continue;
    }
    const interaction = /\/interaction\/([^/?]+)$/.exec(new URL(url).pathname);
    if (response.status === 200 && interaction) {
      url = `${issuerOrigin}/interaction/${interaction[1]}/login?account=${encodeURIComponent(account)}`;
      method = 'POST';
      continue;
    }
    throw new Error(`Unexpected answer ${response.status} from ${url}: ${await response.text()}`);
  }
  throw new Error('Too many redirects at the identity provider');
}
