import { errors, importSPKI, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import type { LicencePublicKey } from './publicKey';
import { claimsOf, type LicenceClaims } from './token';

// Verifies licence tokens against the vendor's public key. The accepted algorithms come from the
// key, never from the token: a token that says "none", or HS256 in the hope that the public key
// is used as an HMAC secret, is refused before any signature is even looked at.

export type LicenceRefusalReason = 'no_key' | 'malformed' | 'algorithm' | 'signature' | 'expired' | 'fingerprint' | 'claims';

export class LicenceRefused extends Error {
  constructor(
    readonly reason: LicenceRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'LicenceRefused';
  }
}

const ALGORITHMS: Record<LicencePublicKey['algorithm'], string[]> = {
  // 'Ed25519' is the fully specified name (RFC 9864) for the same signature as 'EdDSA'.
  EdDSA: ['EdDSA', 'Ed25519'],
  RS256: ['RS256'],
};

/** A few seconds of clock difference between the vendor's machine and this one. */
const CLOCK_TOLERANCE_S = 30;

const importedKeys = new Map<string, Promise<CryptoKey>>();

function cryptoKeyOf(key: LicencePublicKey): Promise<CryptoKey> {
  const cacheKey = `${key.algorithm}\n${key.pem}`;
  let imported = importedKeys.get(cacheKey);
  if (!imported) {
    imported = importSPKI(key.pem, key.algorithm);
    importedKeys.set(cacheKey, imported);
  }
  return imported;
}

function refusalOf(error: unknown): LicenceRefused {
  if (error instanceof LicenceRefused) return error;
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return new LicenceRefused('algorithm', 'The licence is not signed with an accepted algorithm');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new LicenceRefused('signature', "The licence signature does not match the vendor's key");
  }
  if (error instanceof errors.JWTExpired) return new LicenceRefused('expired', 'The licence has expired');
  if (error instanceof errors.JWTClaimValidationFailed) return new LicenceRefused('claims', `The licence is not valid: ${error.message}`);
  return new LicenceRefused('malformed', 'The licence token is malformed');
}

export interface VerifyOptions {
  /** Report an expired licence instead of refusing it (listing, not activating). */
  allowExpired?: boolean;
  currentDate?: Date;
}

/**
 * The claims of a licence issued for this installation, or a LicenceRefused saying why not.
 * `key` undefined means the server has no vendor key configured.
 */
export async function verifyLicenceToken(
  token: string,
  key: LicencePublicKey | undefined,
  fingerprint: string,
  options: VerifyOptions = {},
): Promise<LicenceClaims> {
  if (key === undefined) {
    throw new LicenceRefused('no_key', 'This server has no licence public key (HISTORIAN_LICENSE_PUBLIC_KEY)');
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token.trim(), await cryptoKeyOf(key), {
      algorithms: ALGORITHMS[key.algorithm],
      typ: 'JWT',
      requiredClaims: ['exp', 'jti'],
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: options.currentDate,
    }));
  } catch (error) {
    // jose checks the signature before the claims, so an expired error carries a genuine payload.
    if (!(options.allowExpired && error instanceof errors.JWTExpired)) throw refusalOf(error);
    payload = error.payload;
  }
  const claims = claimsOf(payload);
  if (typeof claims === 'string') throw new LicenceRefused('claims', `The licence is not valid: ${claims}`);
  if (claims.fingerprint !== fingerprint) {
    throw new LicenceRefused('fingerprint', 'The licence was issued for another installation');
  }
  return claims;
}
