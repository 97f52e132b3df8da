import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { ProviderRow } from './providers';
import { stringSetting } from './providers';

// An OpenID Connect provider's settings and its discovered configuration. Discovery is a network
// round trip, so its result is kept for a while per provider and settings version; a failed
// discovery is not kept, so the next sign-in tries again.

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  scope: string;
  groupClaim: string | undefined;
}

const DEFAULT_SCOPE = 'openid profile email';
const DISCOVERY_TTL_MS = 10 * 60_000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function scopeOf(raw: unknown): string {
  const parts = Array.isArray(raw) ? raw.filter((part): part is string => typeof part === 'string') : typeof raw === 'string' ? raw.split(/[\s,]+/) : [];
  const scopes = new Set(parts.map((part) => part.trim()).filter((part) => part !== ''));
  // Without openid there is no ID token, hence no subject to link the user by.
  scopes.add('openid');
  return parts.length === 0 ? DEFAULT_SCOPE : [...scopes].join(' ');
}

/** The provider's settings, or undefined when something needed is missing. */
export function oidcSettingsOf(provider: ProviderRow): OidcSettings | undefined {
  const issuer = stringSetting(provider.settings, 'issuer');
  const clientId = stringSetting(provider.settings, 'clientId');
  const clientSecret = stringSetting(provider.secureSettings, 'clientSecret');
  if (!issuer || !clientId || !clientSecret) return undefined;
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    return undefined;
  }
  return {
    issuer: issuerUrl,
    clientId,
    clientSecret,
    scope: scopeOf(provider.settings.scopes),
    groupClaim: stringSetting(provider.settings, 'groupClaim'),
  };
}

/**
 * Plain-HTTP identity providers are accepted only on the loopback interface outside production:
 * that is the test identity provider. Anywhere else the code and tokens would cross a network
 * in clear.
 */
export function allowsPlainHttp(issuer: URL, isProduction: boolean): boolean {
  return !isProduction && issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
}

interface CacheEntry {
  key: string;
  loadedAt: number;
  config: Promise<client.Configuration>;
}

const cache = new Map<string, CacheEntry>();

export function oidcConfiguration(providerUuid: string, settings: OidcSettings, isProduction: boolean): Promise<client.Configuration> {
  // The secret enters the key only as a hash, so it is not kept twice in memory in clear.
  const key = createHash('sha256')
    .update(JSON.stringify([settings.issuer.href, settings.clientId, settings.clientSecret]))
    .digest('hex');
  const cached = cache.get(providerUuid);
  if (cached && cached.key === key && Date.now() - cached.loadedAt < DISCOVERY_TTL_MS) return cached.config;
  const config = client.discovery(settings.issuer, settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
    execute: allowsPlainHttp(settings.issuer, isProduction) ? [client.allowInsecureRequests] : [],
  });
  const entry: CacheEntry = { key, loadedAt: Date.now(), config };
  cache.set(providerUuid, entry);
  config.catch(() => {
    if (cache.get(providerUuid) === entry) cache.delete(providerUuid);
  });
  return config;
}
