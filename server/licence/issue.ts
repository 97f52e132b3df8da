import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import type { LicenceAlgorithm } from './publicKey';
import { isUuid, payloadOf, type LicensedFeatures } from './token';

// The licence authority's side: a key pair, and tokens signed with its private key. Used by the
// operator's CLI (cli.ts) and by tests, which make a key pair at test time.

export type KeyKind = 'ed25519' | 'rsa';

export interface KeyPairPems {
  privateKeyPem: string;
  publicKeyPem: string;
}

export function generateLicenceKeyPair(kind: KeyKind = 'ed25519'): KeyPairPems {
  const pair =
    kind === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 3072 })
      : generateKeyPairSync('ed25519');
  return {
    privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export interface IssueRequest {
  privateKeyPem: string;
  fingerprint: string;
  features: LicensedFeatures;
  /** Epoch seconds. */
  expiresAt: number;
  name: string;
  organization?: string;
  uuid?: string;
}

function algorithmOf(privateKeyPem: string): LicenceAlgorithm {
  const type = createPrivateKey(privateKeyPem).asymmetricKeyType;
  if (type === 'ed25519') return 'EdDSA';
  if (type === 'rsa') return 'RS256';
  throw new Error(`The private key must be Ed25519 or RSA, not ${type}`);
}

export async function issueLicenceToken(request: IssueRequest, now: Date = new Date()): Promise<string> {
  const algorithm = algorithmOf(request.privateKeyPem);
  const key = await importPKCS8(request.privateKeyPem, algorithm);
  const payload = payloadOf(
    {
      uuid: request.uuid ?? randomUUID(),
      name: request.name,
      expiresAt: request.expiresAt,
      fingerprint: request.fingerprint,
      features: request.features,
      organization: request.organization,
    },
    Math.floor(now.getTime() / 1000),
  );
  // typ JWT: the client's shape check (SPEC §5) wants it in the header.
  return new SignJWT(payload).setProtectedHeader({ alg: algorithm, typ: 'JWT' }).sign(key);
}

/** 'Calculations,Events,ManualEntry=5' → { Calculations: true, Events: true, ManualEntry: 5 }. */
export function parseFeatures(text: string): LicensedFeatures {
  const features: LicensedFeatures = {};
  for (const part of text.split(',').map((item) => item.trim()).filter((item) => item !== '')) {
    const [name, value, extra] = part.split('=').map((item) => item.trim());
    if (!/^[A-Za-z][A-Za-z0-9_.-]*$/.test(name) || extra !== undefined) throw new Error(`Not a feature: "${part}"`);
    if (value === undefined || value === 'true') features[name] = true;
    else if (value === 'false') features[name] = false;
    else if (/^\d+(\.\d+)?$/.test(value)) features[name] = Number(value);
    else throw new Error(`Feature ${name}: the value must be true, false or a number, not "${value}"`);
  }
  return features;
}

const DAY_S = 86_400;

/**
 * '+365d' (days from now), '2027-12-31' (through the end of that day, UTC) or a full ISO time,
 * as epoch seconds. A licence that is already over is refused here rather than by the server.
 */
export function parseExpiry(text: string, now: Date = new Date()): number {
  const nowS = Math.floor(now.getTime() / 1000);
  const relative = /^\+(\d+)d$/.exec(text.trim());
  let expiresAt: number;
  if (relative) expiresAt = nowS + Number(relative[1]) * DAY_S;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(text.trim())) expiresAt = Date.parse(`${text.trim()}T23:59:59Z`) / 1000;
  else expiresAt = Math.floor(Date.parse(text.trim()) / 1000);
  if (!Number.isSafeInteger(expiresAt)) throw new Error(`Not a date: "${text}" (use 2027-12-31 or +365d)`);
  if (expiresAt <= nowS) throw new Error(`The expiry ${text} is not in the future`);
  return expiresAt;
}

export function checkOrganization(value: string | undefined): string | undefined {
  if (value !== undefined && !isUuid(value)) throw new Error(`--organization must be an organization UUID, not "${value}"`);
  return value?.toLowerCase();
}
