import type { JWTPayload } from 'jose';

// What a licence token says, shared by the issuing CLI and the verifying server so that both read
// the same claim names. A licence is a JWT signed with the vendor's private key:
//   header  { alg: EdDSA | RS256, typ: JWT }
//   payload { jti: <licence UUID>, fingerprint: <installation>, name, features, organization?, iat, exp }

export type LicensedFeatures = Record<string, boolean | number>;

export interface LicenceClaims {
  uuid: string;
  name: string;
  /** Epoch seconds, as in the contract's License.ExpiresAt. */
  expiresAt: number;
  fingerprint: string;
  features: LicensedFeatures;
  /** Set when the vendor bound the licence to one organization. */
  organization?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_NAME_LENGTH = 200;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function featuresOf(value: unknown): LicensedFeatures | string {
  if (value === undefined) return {};
  if (!isRecord(value)) return 'features must be an object';
  const features: LicensedFeatures = {};
  for (const [name, flag] of Object.entries(value)) {
    if (typeof flag === 'boolean' || (typeof flag === 'number' && Number.isFinite(flag))) features[name] = flag;
    else return `feature ${name} must be a boolean or a number`;
  }
  return features;
}

/** The claims of a verified payload, or why they are unusable. */
export function claimsOf(payload: JWTPayload): LicenceClaims | string {
  const { jti, exp, fingerprint, name, organization } = payload;
  if (!isUuid(jti)) return 'jti must be the licence UUID';
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp)) return 'exp must be a whole number of epoch seconds';
  if (typeof fingerprint !== 'string' || fingerprint === '') return 'fingerprint is missing';
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH) return 'name must be a text of 1 to 200 characters';
  if (organization !== undefined && !isUuid(organization)) return 'organization must be a UUID';
  const features = featuresOf(payload.features);
  if (typeof features === 'string') return features;
  return {
    uuid: jti.toLowerCase(),
    name: name.trim(),
    expiresAt: exp,
    fingerprint,
    features,
    ...(organization === undefined ? {} : { organization: organization.toLowerCase() }),
  };
}

/** The payload the CLI signs for the given claims. */
export function payloadOf(claims: LicenceClaims, issuedAt: number): JWTPayload {
  return {
    jti: claims.uuid,
    fingerprint: claims.fingerprint,
    name: claims.name,
    features: claims.features,
    ...(claims.organization === undefined ? {} : { organization: claims.organization }),
    iat: issuedAt,
    exp: claims.expiresAt,
  };
}
