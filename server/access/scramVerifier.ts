import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

// A SCRAM-SHA-256 verifier (RFC 5802/7677) in PostgreSQL's stored form. CREATE ROLE … PASSWORD
// takes it as is, so the clear password never travels in SQL text, where log_statement or
// pg_stat_statements would keep it.

const ITERATIONS = 4096;

function keys(password: string, salt: Buffer, iterations: number) {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return { storedKey, serverKey };
}

export function scramVerifier(password: string): string {
  const salt = randomBytes(16);
  const { storedKey, serverKey } = keys(password, salt, ITERATIONS);
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** Whether a stored verifier was made from this password (tests read pg_authid with it). */
export function verifierMatches(verifier: string, password: string): boolean {
  const match = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):(.+)$/.exec(verifier);
  if (!match) return false;
  const { storedKey } = keys(password, Buffer.from(match[2], 'base64'), Number(match[1]));
  const expected = Buffer.from(match[3], 'base64');
  return expected.length === storedKey.length && timingSafeEqual(expected, storedKey);
}
