import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The vendor's licence public key (HISTORIAN_LICENSE_PUBLIC_KEY): a PEM, a JWK, or the path of a
// file holding either. Only asymmetric signature keys are accepted: with a symmetric key anyone
// who can read the server's configuration could mint licences, and "none" verifies nothing.

/** Signature algorithms a licence may use, decided by the key, never by the token's header. */
export type LicenceAlgorithm = 'EdDSA' | 'RS256';

export interface LicencePublicKey {
  /** SPKI PEM, whatever form the key was given in. */
  pem: string;
  algorithm: LicenceAlgorithm;
}

/** RSA keys below this size are breakable with public effort. */
const MIN_RSA_BITS = 2048;

export class LicenceKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LicenceKeyError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keyObjectOf(text: string): KeyObject {
  if (text.startsWith('{')) {
    let jwk: unknown;
    try {
      jwk = JSON.parse(text);
    } catch {
      throw new LicenceKeyError('HISTORIAN_LICENSE_PUBLIC_KEY is not valid JSON');
    }
    if (!isRecord(jwk)) throw new LicenceKeyError('HISTORIAN_LICENSE_PUBLIC_KEY must be a JWK object');
    if (jwk.kty === 'oct') throw new LicenceKeyError('HISTORIAN_LICENSE_PUBLIC_KEY must not be a symmetric key');
    if ('d' in jwk) throw new LicenceKeyError('HISTORIAN_LICENSE_PUBLIC_KEY is a private key; give the public key only');
    const { kty, crv, x, n, e } = jwk;
    const publicJwk: JsonWebKey = {};
    for (const [name, value] of Object.entries({ kty, crv, x, n, e })) {
      if (typeof value === 'string') publicJwk[name] = value;
    }
    return createPublicKey({ key: publicJwk, format: 'jwk' });
  }
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) {
    throw new LicenceKeyError('HISTORIAN_LICENSE_PUBLIC_KEY is a private key; give the public key only');
  }
  return createPublicKey(text);
}

/**
 * Reads and checks the configured key once at start, so a wrong key stops the server with a clear
 * message instead of failing every activation later. `undefined` when none is configured.
 */
export function readLicencePublicKey(raw: string | undefined, cwd: string): LicencePublicKey | undefined {
  const value = raw?.trim();
  if (value === undefined || value === '') return undefined;
  const text = value.startsWith('-----BEGIN') || value.startsWith('{') ? value : readKeyFile(path.resolve(cwd, value));
  let key: KeyObject;
  try {
    key = keyObjectOf(text);
  } catch (error) {
    if (error instanceof LicenceKeyError) throw error;
    throw new LicenceKeyError(`HISTORIAN_LICENSE_PUBLIC_KEY is not a readable public key (${error instanceof Error ? error.message : error})`);
  }
  const pem = key.export({ type: 'spki', format: 'pem' }).toString();
  if (key.asymmetricKeyType === 'ed25519') return { pem, algorithm: 'EdDSA' };
  if (key.asymmetricKeyType === 'rsa') {
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS) throw new LicenceKeyError(`HISTORIAN_LICENSE_PUBLIC_KEY: an RSA key needs at least ${MIN_RSA_BITS} bits`);
    return { pem, algorithm: 'RS256' };
  }
  throw new LicenceKeyError(`HISTORIAN_LICENSE_PUBLIC_KEY must be an Ed25519 or RSA public key, not ${key.asymmetricKeyType}`);
}

function readKeyFile(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new LicenceKeyError(`HISTORIAN_LICENSE_PUBLIC_KEY: cannot read the key file ${file}`);
  }
}
