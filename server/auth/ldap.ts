import { Client, InvalidCredentialsError, type Entry } from 'ldapts';
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { stringSetting, type ProviderRow } from './providers';

// LDAP sign-in with ldapts: bind as the service account, find the one user entry that the filter
// names, bind as that entry with the given password, and read its groups from the group attribute
// (memberOf by default: the directory must keep it, e.g. OpenLDAP's memberof overlay or Active
// Directory). The user's name goes into the filter escaped by RFC 4515, so a name cannot widen it.

export const USERNAME_PLACEHOLDER = '{{username}}';
export const DEFAULT_USER_FILTER = `(uid=${USERNAME_PLACEHOLDER})`;
export const DEFAULT_GROUP_ATTRIBUTE = 'memberOf';
export const DEFAULT_LDAP_TIMEOUT_MS = 5000;

export interface LdapSettings {
  url: string;
  startTls: boolean;
  /** PEM of the CA that signed the directory's certificate, for a private or self-signed one. */
  caCertificate: string | undefined;
  bindDn: string;
  bindPassword: string;
  userBase: string;
  userFilter: string;
  groupAttribute: string;
  timeoutMs: number;
}

export interface LdapUser {
  dn: string;
  /** entryUUID when the directory has it (stable across renames), else the DN. */
  subject: string;
  /** Each group as its DN and as the value of its first RDN ("operators" for cn=operators,ou=…). */
  groups: string[];
}

/** RFC 4515 §3: the characters with a meaning in a filter value, as \XX escapes. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (character) => `\\${character.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function userFilterFor(template: string, name: string): string {
  return template.split(USERNAME_PLACEHOLDER).join(escapeFilterValue(name));
}

function booleanSetting(settings: Record<string, unknown>, name: string): boolean {
  return settings[name] === true || settings[name] === 'true';
}

function numberSetting(settings: Record<string, unknown>, name: string, fallback: number): number {
  const value = Number(settings[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The provider's settings, or undefined when something needed is missing. */
export function ldapSettingsOf(provider: Pick<ProviderRow, 'settings' | 'secureSettings'>): LdapSettings | undefined {
  const { settings, secureSettings } = provider;
  const url = stringSetting(settings, 'url');
  const bindDn = stringSetting(settings, 'bindDn');
  const bindPassword = stringSetting(secureSettings, 'bindPassword');
  const userBase = stringSetting(settings, 'userBase');
  if (!url || !bindDn || !bindPassword || !userBase) return undefined;
  const filter = stringSetting(settings, 'userFilter') ?? DEFAULT_USER_FILTER;
  return {
    url,
    startTls: booleanSetting(settings, 'startTls'),
    caCertificate: stringSetting(settings, 'caCertificate'),
    bindDn,
    bindPassword,
    userBase,
    userFilter: filter.includes(USERNAME_PLACEHOLDER) ? filter : DEFAULT_USER_FILTER,
    groupAttribute: stringSetting(settings, 'groupAttribute') ?? DEFAULT_GROUP_ATTRIBUTE,
    timeoutMs: numberSetting(settings, 'timeoutMs', DEFAULT_LDAP_TIMEOUT_MS),
  };
}

export function tlsOptionsOf(settings: LdapSettings): ConnectionOptions {
  // Certificates are always verified; a private CA is trusted by giving its PEM, never by turning checks off.
  return settings.caCertificate ? { ca: [settings.caCertificate] } : {};
}

/**
 * StartTLS upgrades a socket the client opened itself, and without a host Node checks the
 * certificate against "localhost": name the URL's host (as servername only when it is no IP
 * address, which SNI does not allow).
 */
export function startTlsOptions(settings: LdapSettings): ConnectionOptions {
  const host = new URL(settings.url).hostname.replace(/^\[|\]$/g, '');
  return { ...tlsOptionsOf(settings), host, ...(isIP(host) ? {} : { servername: host }) };
}

export function ldapClient(settings: LdapSettings): Client {
  // ldapts opens a TLS socket whenever tlsOptions is given, so an ldap:// URL (plain or
  // StartTLS) must go without: StartTLS gets its options when it upgrades.
  const secure = settings.url.toLowerCase().startsWith('ldaps:');
  return new Client({ url: settings.url, timeout: settings.timeoutMs, connectTimeout: settings.timeoutMs, ...(secure ? { tlsOptions: tlsOptionsOf(settings) } : {}) });
}

function values(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const raw = key === undefined ? [] : entry[key];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((value) => (Buffer.isBuffer(value) ? value.toString('utf8') : String(value))).filter((value) => value !== '');
}

/** "cn=operators,ou=groups,dc=x" → "operators"; escaped commas in the value are kept. */
export function firstRdnValue(dn: string): string | undefined {
  const match = /^[^=,]+=((?:\\.|[^,\\])*)/.exec(dn);
  return match ? match[1].replace(/\\(.)/g, '$1').trim() : undefined;
}

export function groupNames(dns: readonly string[]): string[] {
  const names = new Set<string>();
  for (const dn of dns) {
    names.add(dn);
    const rdn = firstRdnValue(dn);
    if (rdn) names.add(rdn);
  }
  return [...names];
}

/** Connects, upgrades with StartTLS when asked, and binds as the service account. */
export async function serviceBind(settings: LdapSettings): Promise<Client> {
  const client = ldapClient(settings);
  try {
    if (settings.startTls) await client.startTLS(startTlsOptions(settings));
    await client.bind(settings.bindDn, settings.bindPassword);
    return client;
  } catch (error) {
    await client.unbind().catch(() => undefined);
    throw error;
  }
}

/** The single entry the filter finds for this name, or undefined for none or several. */
export async function findUserEntry(client: Client, settings: LdapSettings, name: string): Promise<Entry | undefined> {
  const { searchEntries } = await client.search(settings.userBase, {
    scope: 'sub',
    filter: userFilterFor(settings.userFilter, name),
    attributes: ['dn', 'entryUUID', settings.groupAttribute],
    sizeLimit: 2,
  });
  return searchEntries.length === 1 ? searchEntries[0] : undefined;
}

/** The user when name and password are right; undefined when not. Directory failures throw. */
export async function ldapAuthenticate(settings: LdapSettings, name: string, password: string): Promise<LdapUser | undefined> {
  // An empty password would be an unauthenticated bind, which directories accept as success.
  if (password === '' || name.trim() === '') return undefined;
  const service = await serviceBind(settings);
  let entry: Entry | undefined;
  try {
    entry = await findUserEntry(service, settings, name);
  } finally {
    await service.unbind().catch(() => undefined);
  }
  if (!entry) return undefined;
  const user = ldapClient(settings);
  try {
    if (settings.startTls) await user.startTLS(startTlsOptions(settings));
    await user.bind(entry.dn, password);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return undefined;
    throw error;
  } finally {
    await user.unbind().catch(() => undefined);
  }
  return { dn: entry.dn, subject: values(entry, 'entryUUID')[0] ?? entry.dn, groups: groupNames(values(entry, settings.groupAttribute)) };
}
