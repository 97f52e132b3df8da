import { DEFAULT_PASSWORD } from '../../domain/constants';
import type { AppContext } from '../context';
import { usersRepository } from '../repositories/users';
import { dummyPasswordHashOf } from './authState';
import { verifyPassword } from './password';

// Name and password against a local provider's users. Unknown names, users without a password
// and wrong passwords all cost one scrypt and end the same way, so neither the answer nor its
// timing tells whether a name exists.

/** The user's UUID when the password is right, else undefined. */
export async function checkLocalPassword(ctx: AppContext, providerUuid: string, name: string, password: string): Promise<string | undefined> {
  const users = usersRepository(ctx.db);
  const user = await users.forPasswordCheck(providerUuid, name);
  const storedHash = user?.password_hash ?? (await dummyPasswordHashOf(ctx));
  const matches = await verifyPassword(password, storedHash);
  if (!user || user.password_hash === null || !matches) return undefined;
  // Whoever still holds the default password must change it, however it was set (seed or admin).
  if (password === DEFAULT_PASSWORD && !user.must_change_password) {
    await users.requirePasswordChange(user.uuid);
  }
  return user.uuid;
}
