import { isIP, connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import * as client from 'openid-client';
import type { Client } from 'ldapts';
import { findUserEntry, ldapClient, ldapSettingsOf, startTlsOptions, tlsOptionsOf, type LdapSettings } from './ldap';
import { allowsPlainHttp, oidcSettingsOf } from './oidcClient';
import type { ProviderRow } from './providers';

// POST /authentication-providers/test: checks settings before they are saved, one step at a time,
// and says which step failed. LDAP: reach the host (TCP), TLS (ldaps:// handshake or StartTLS, with
// the certificate verified), bind as the service account, find the test user. OpenID Connect:
// discovery of the issuer. Steps after a failed one are not run.

export interface TestStep {
  Name: string;
  Success: boolean;
  Message?: string;
}

export interface TestResult {
  Success: boolean;
  FailedStep?: string;
  Steps: TestStep[];
}

const reason = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));

class Steps {
  readonly list: TestStep[] = [];
  failed: string | undefined;

  async run<T>(name: string, work: () => Promise<{ value: T; message?: string }>): Promise<T | undefined> {
    if (this.failed) return undefined;
    try {
      const { value, message } = await work();
      this.list.push({ Name: name, Success: true, ...(message ? { Message: message } : {}) });
      return value;
    } catch (error) {
      this.failed = name;
      this.list.push({ Name: name, Success: false, Message: reason(error) });
      return undefined;
    }
  }

  result(): TestResult {
    return { Success: this.failed === undefined, ...(this.failed ? { FailedStep: this.failed } : {}), Steps: this.list };
  }
}

function endpointOf(settings: LdapSettings): { host: string; port: number; secure: boolean } {
  const url = new URL(settings.url);
  if (url.protocol !== 'ldap:' && url.protocol !== 'ldaps:') throw new Error(`Unsupported scheme ${url.protocol} (use ldap:// or ldaps://)`);
  const secure = url.protocol === 'ldaps:';
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : secure ? 636 : 389, secure };
}

function reach(host: string, port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host, port, timeout: timeoutMs });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error(`No answer from ${host}:${port} within ${timeoutMs} ms`));
    });
    socket.once('error', reject);
  });
}

function handshake(settings: LdapSettings, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host, port, ...(isIP(host) ? {} : { servername: host }), timeout: settings.timeoutMs, ...tlsOptionsOf(settings) });
    socket.once('secureConnect', () => {
      const protocol = socket.getProtocol() ?? 'TLS';
      socket.destroy();
      resolve(protocol);
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error('The TLS handshake timed out'));
    });
    socket.once('error', reject);
  });
}

async function testLdap(provider: Pick<ProviderRow, 'settings' | 'secureSettings'>, testUser: string | undefined): Promise<TestResult> {
  const steps = new Steps();
  const settings = await steps.run('settings', async () => {
    const found = ldapSettingsOf(provider);
    if (!found) throw new Error('url, bindDn, bindPassword and userBase are required');
    return { value: found };
  });
  if (!settings) return steps.result();
  const endpoint = await steps.run('reach_host', async () => {
    const found = endpointOf(settings);
    await reach(found.host, found.port, settings.timeoutMs);
    return { value: found, message: `${found.host}:${found.port}` };
  });
  if (!endpoint) return steps.result();
  let ldap: Client | undefined;
  try {
    await steps.run('tls', async () => {
      if (endpoint.secure) return { value: true, message: await handshake(settings, endpoint.host, endpoint.port) };
      if (!settings.startTls) return { value: false, message: 'Not used: plain ldap:// without StartTLS sends the passwords in clear' };
      ldap = ldapClient(settings);
      await ldap.startTLS(startTlsOptions(settings));
      return { value: true, message: 'StartTLS' };
    });
    await steps.run('bind', async () => {
      ldap ??= ldapClient(settings);
      await ldap.bind(settings.bindDn, settings.bindPassword);
      return { value: true, message: settings.bindDn };
    });
    await steps.run('find_user', async () => {
      if (!testUser || !ldap) return { value: true, message: 'No test user given' };
      const entry = await findUserEntry(ldap, settings, testUser);
      if (!entry) throw new Error(`No single entry for ${testUser} under ${settings.userBase}`);
      return { value: true, message: entry.dn };
    });
  } finally {
    const open: Client | undefined = ldap;
    await open?.unbind().catch(() => undefined);
  }
  return steps.result();
}

async function testOidc(provider: ProviderRow, isProduction: boolean): Promise<TestResult> {
  const steps = new Steps();
  const settings = await steps.run('settings', async () => {
    const found = oidcSettingsOf(provider);
    if (!found) throw new Error('issuer, clientId and clientSecret are required, the issuer as a URL');
    return { value: found };
  });
  if (!settings) return steps.result();
  await steps.run('discovery', async () => {
    const config = await client.discovery(settings.issuer, settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
      execute: allowsPlainHttp(settings.issuer, isProduction) ? [client.allowInsecureRequests] : [],
    });
    return { value: true, message: config.serverMetadata().issuer };
  });
  return steps.result();
}

export async function testProvider(provider: ProviderRow, testUser: string | undefined, isProduction: boolean): Promise<TestResult> {
  if (provider.type === 'ldap') return testLdap(provider, testUser);
  if (provider.type === 'oidc') return testOidc(provider, isProduction);
  return { Success: true, Steps: [{ Name: 'settings', Success: true, Message: 'Local users need no connection' }] };
}
