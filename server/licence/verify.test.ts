import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { generateLicenceKeyPair, issueLicenceToken, parseExpiry, parseFeatures } from './issue';
import { LicenceKeyError, readLicencePublicKey, type LicencePublicKey } from './publicKey';
import { LicenceRefused, verifyLicenceToken, type LicenceRefusalReason } from './verify';

// Licences (SPEC §3 licence claims) are JWTs signed by the vendor's key: only the configured key's
// algorithm is accepted (never none, never a symmetric key), exp is checked, and a licence is bound
// to the installation's fingerprint. The key pairs are made here, at test time.

const FINGERPRINT = 'fingerprint-of-this-installation';
const vendor = generateLicenceKeyPair('ed25519');
const vendorKey = readLicencePublicKey(vendor.publicKeyPem, '/') as LicencePublicKey;
const inAYear = Math.floor(Date.now() / 1000) + 365 * 86_400;

const issue = (overrides: Partial<Parameters<typeof issueLicenceToken>[0]> = {}) =>
  issueLicenceToken({
    privateKeyPem: vendor.privateKeyPem,
    fingerprint: FINGERPRINT,
    features: { Calculations: true, ManualEntry: 5 },
    expiresAt: inAYear,
    name: 'Acme Plant',
    ...overrides,
  });

const vendorSigningKey = () => importPKCS8(vendor.privateKeyPem, 'EdDSA');
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const partsOf = (token: string) => token.split('.');
const payloadOf = async () => JSON.parse(Buffer.from(partsOf(await issue())[1], 'base64url').toString()) as Record<string, unknown>;

async function refusal(token: string, key: LicencePublicKey | null = vendorKey): Promise<LicenceRefusalReason> {
  try {
    await verifyLicenceToken(token, key ?? undefined, FINGERPRINT);
  } catch (error) {
    if (error instanceof LicenceRefused) return error.reason;
    throw error;
  }
  throw new Error('The token was accepted');
}

describe('licence verification', () => {
  it('accepts a licence issued with the vendor key and reads its claims', async () => {
    const uuid = randomUUID();
    const claims = await verifyLicenceToken(await issue({ uuid, organization: uuid }), vendorKey, FINGERPRINT);
    expect(claims).toEqual({
      uuid,
      name: 'Acme Plant',
      expiresAt: inAYear,
      fingerprint: FINGERPRINT,
      features: { Calculations: true, ManualEntry: 5 },
      organization: uuid,
    });
  });

  it('accepts RS256 licences when the vendor key is RSA', async () => {
    const rsa = generateLicenceKeyPair('rsa');
    const key = readLicencePublicKey(rsa.publicKeyPem, '/') as LicencePublicKey;
    expect(key.algorithm).toBe('RS256');
    const token = await issue({ privateKeyPem: rsa.privateKeyPem });
    await expect(verifyLicenceToken(token, key, FINGERPRINT)).resolves.toMatchObject({ name: 'Acme Plant' });
  });

  it('refuses alg none', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(await payloadOf())}.`;
    expect(await refusal(unsigned)).toBe('algorithm');
  });

  it('refuses a token signed with another key', async () => {
    const stranger = generateLicenceKeyPair('ed25519');
    expect(await refusal(await issue({ privateKeyPem: stranger.privateKeyPem }))).toBe('signature');
  });

  it('refuses a changed payload', async () => {
    const [header, , signature] = partsOf(await issue());
    const changed = { ...(await payloadOf()), features: { Calculations: true, ManualEntry: 500 } };
    expect(await refusal(`${header}.${b64(changed)}.${signature}`)).toBe('signature');
  });

  it('refuses a past exp', async () => {
    const token = await issue({ expiresAt: Math.floor(Date.now() / 1000) - 3600 });
    expect(await refusal(token)).toBe('expired');
  });

  it('refuses HS256 signed with the public key as the secret', async () => {
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const body = b64(await payloadOf());
    const signature = createHmac('sha256', vendor.publicKeyPem).update(`${header}.${body}`).digest('base64url');
    expect(await refusal(`${header}.${body}.${signature}`)).toBe('algorithm');
  });

  it('refuses RS256 when the vendor key is Ed25519 (the key decides the algorithm)', async () => {
    const rsa = generateLicenceKeyPair('rsa');
    expect(await refusal(await issue({ privateKeyPem: rsa.privateKeyPem }))).toBe('algorithm');
  });

  it('refuses a licence issued for another installation', async () => {
    expect(await refusal(await issue({ fingerprint: 'another-installation' }))).toBe('fingerprint');
  });

  it('refuses a token without typ JWT', async () => {
    const token = await new SignJWT(await payloadOf()).setProtectedHeader({ alg: 'EdDSA', typ: 'licence' }).sign(await vendorSigningKey());
    expect(await refusal(token)).toBe('claims');
  });

  it('refuses a token whose claims lack the licence UUID', async () => {
    const { jti: _jti, ...payload } = await payloadOf();
    const token = await new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' }).sign(await vendorSigningKey());
    expect(await refusal(token)).toBe('claims');
  });

  it('refuses garbage and every token when no vendor key is configured', async () => {
    expect(await refusal('not.a.token')).toBe('malformed');
    expect(await refusal(await issue(), null)).toBe('no_key');
  });

  it('still reads an expired licence when listing, so the banner can say it expired', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) - 3600;
    const claims = await verifyLicenceToken(await issue({ expiresAt }), vendorKey, FINGERPRINT, { allowExpired: true });
    expect(claims.expiresAt).toBe(expiresAt);
  });
});

describe('the vendor public key', () => {
  it('is read from a PEM, a JWK or a file path', () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const jwk = JSON.stringify(publicKey.export({ format: 'jwk' }));
    expect(readLicencePublicKey(jwk, '/')?.algorithm).toBe('EdDSA');
    expect(readLicencePublicKey(undefined, '/')).toBeUndefined();
    expect(() => readLicencePublicKey('no/such/key.pem', '/tmp')).toThrow(LicenceKeyError);
  });

  it('never is a symmetric key, a private key or another kind of key', () => {
    expect(() => readLicencePublicKey(JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }), '/')).toThrow(/symmetric/);
    expect(() => readLicencePublicKey(vendor.privateKeyPem, '/')).toThrow(/private/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => readLicencePublicKey(ec, '/')).toThrow(/Ed25519 or RSA/);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => readLicencePublicKey(small, '/')).toThrow(/2048/);
  });
});

describe('the licence CLI arguments', () => {
  it('reads features as flags or numbers', () => {
    expect(parseFeatures('Calculations, Events,ManualEntry=5,Beta=false')).toEqual({
      Calculations: true,
      Events: true,
      ManualEntry: 5,
      Beta: false,
    });
    expect(() => parseFeatures('ManualEntry=lots')).toThrow();
  });

  it('reads an expiry as a date (through its last second, UTC) or as days from now', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(parseExpiry('2027-12-31', now)).toBe(Date.parse('2027-12-31T23:59:59Z') / 1000);
    expect(parseExpiry('+365d', now)).toBe(now.getTime() / 1000 + 365 * 86_400);
    expect(() => parseExpiry('2025-12-31', now)).toThrow(/future/);
    expect(() => parseExpiry('soon', now)).toThrow();
  });
});
