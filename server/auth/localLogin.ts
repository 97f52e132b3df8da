import { DEFAULT_PASSWORD } from '../../domain/constants';
import type { AppContext } from '../context';
import { dummyPasswordHashOf } from './authState';
import { verifyPassword } from './password';

// Name and password against a local provider's users. Unknown names, users without a password
// and wrong passwords all cost one scrypt and end the same way, so neither the answer nor its
// timing tells whether a name exists.

interface LocalUserRow {
  uuid: string;
  password_hash: string | null;
  must_change_password: boolean;
}

/** The user's UUID when the password is right, else undefined. */
export async function checkLocalPassword(ctx: AppContext, providerUuid: string, name: string, password: string): Promise<string | undefined> {
  const { rows } = await ctx.db.query<LocalUserRow>(
    'SELECT uuid, password_hash, must_change_password FROM users WHERE lower(name) = lower($1) AND provider_uuid = $2',
    [name, providerUuid],
  );
  const user = rows[0];
  const storedHash = user?.password_hash ?? (await dummyPasswordHashOf(ctx));
  const matches = await verifyPassword(password, storedHash);
  if (!user || user.password_hash === null || !matches) return undefined;
  // Whoever still holds the default password must change it, however it was set (seed or admin).
  if (password === DEFAULT_PASSWORD && !user.must_change_password) {
    await ctx.db.query('UPDATE users SET must_change_password = true, updated_at = now() WHERE uuid = $1', [user.uuid]);
  }
  return user.uuid;
}
