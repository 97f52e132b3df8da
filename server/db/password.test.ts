// Tests server/auth/password.ts; kept beside the storage tests because this task owns only
// server/db/ for test files.
import { hashPassword, verifyPassword } from '../auth/password';

describe('password hashing', () => {
  it('verifies the password it hashed', async () => {
    const stored = await hashPassword('correct horse battery staple');
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
  });

  it('rejects a wrong password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    await expect(verifyPassword('correct horse battery stapler', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('stores scrypt$N$r$p$salt$hash with a random 16-byte salt and a 64-byte key', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    const [scheme, n, r, p, salt, key] = a.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(64);
  });

  it('rejects stored values that are not its hashes instead of throwing', async () => {
    const stored = await hashPassword('pw');
    const [scheme, , r, p, salt, key] = stored.split('$');
    for (const bad of ['', 'pw', 'bcrypt$2b$10$abc', `${scheme}$1000$${r}$${p}$${salt}$${key}`, `${scheme}$16384$${r}$${p}$$${key}`]) {
      await expect(verifyPassword('pw', bad)).resolves.toBe(false);
    }
  });

  it('reads the parameters from the stored value, so they can be raised later', async () => {
    const stored = await hashPassword('pw');
    const [scheme, , , , salt] = stored.split('$');
    // A hash made with N=1024 by the same scheme still verifies.
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('pw', Buffer.from(salt, 'base64'), 64, { N: 1024, r: 8, p: 1 }).toString('base64');
    await expect(verifyPassword('pw', `${scheme}$1024$8$1$${salt}$${key}`)).resolves.toBe(true);
  });
});
