import { isJwtShaped } from './jwtShape';

// SPEC §5 "Licence token": non-empty and a well-formed JWT, else historian.errors.invalid_token.

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const token = (header: unknown, payload: unknown, signature = 'c2ln') => `${b64(header)}.${b64(payload)}.${signature}`;
const PAYLOAD = { jti: 'x', exp: 1 };

describe('licence token shape', () => {
  it('accepts a JWT whose header declares typ JWT and an alg, with a parseable payload', () => {
    expect(isJwtShaped(token({ alg: 'EdDSA', typ: 'JWT' }, PAYLOAD))).toBe(true);
  });

  it('ignores the white space around a pasted token', () => {
    expect(isJwtShaped(`  ${token({ alg: 'RS256', typ: 'JWT' }, PAYLOAD)}\n`)).toBe(true);
  });

  it('refuses an empty token', () => {
    expect(isJwtShaped('')).toBe(false);
    expect(isJwtShaped('   ')).toBe(false);
  });

  it('needs exactly three dot-separated parts', () => {
    const good = token({ alg: 'EdDSA', typ: 'JWT' }, PAYLOAD);
    expect(isJwtShaped(good.split('.').slice(0, 2).join('.'))).toBe(false);
    expect(isJwtShaped(`${good}.more`)).toBe(false);
  });

  it('needs the header to declare typ JWT', () => {
    expect(isJwtShaped(token({ alg: 'EdDSA' }, PAYLOAD))).toBe(false);
    expect(isJwtShaped(token({ alg: 'EdDSA', typ: 'JWE' }, PAYLOAD))).toBe(false);
  });

  it('needs a non-empty alg', () => {
    expect(isJwtShaped(token({ alg: '', typ: 'JWT' }, PAYLOAD))).toBe(false);
    expect(isJwtShaped(token({ typ: 'JWT' }, PAYLOAD))).toBe(false);
  });

  it('needs a parseable payload', () => {
    expect(isJwtShaped(token({ alg: 'EdDSA', typ: 'JWT' }, '{not json'))).toBe(false);
    expect(isJwtShaped(`${b64({ alg: 'EdDSA', typ: 'JWT' })}.%%%.c2ln`)).toBe(false);
  });

  it('refuses a header that is not base64url JSON', () => {
    expect(isJwtShaped(`nope.${b64(PAYLOAD)}.c2ln`)).toBe(false);
  });
});
