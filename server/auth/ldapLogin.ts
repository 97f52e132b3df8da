import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { HttpProblem } from '../http/problem';
import { applyExternalGroups, linkExternalUser } from './externalUsers';
import { ldapAuthenticate, ldapSettingsOf } from './ldap';
import type { ProviderRow } from './providers';

// POST /auth/{provider}/login for an LDAP provider. Right name and password: the user is linked
// by entryUUID (created on first sign-in under the name they typed) and their directory groups
// become memberships through the mappings. A directory that cannot be reached is a 503, not a
// wrong password, and its reason goes to the log only (never the bind password: it is not in
// the error ldapts raises, and the settings are not logged).

export async function checkLdapPassword(
  ctx: AppContext,
  request: FastifyRequest,
  provider: ProviderRow,
  name: string,
  password: string,
): Promise<string | undefined> {
  const settings = ldapSettingsOf(provider);
  if (!settings) throw new HttpProblem(503, 'Service Unavailable', { detail: 'The LDAP provider is not fully configured' });
  let user;
  try {
    user = await ldapAuthenticate(settings, name, password);
  } catch (error) {
    request.log.warn({ provider: provider.name, reason: error instanceof Error ? error.message : String(error) }, 'LDAP sign-in: directory failed');
    throw new HttpProblem(503, 'Service Unavailable', { detail: 'The directory could not be reached', code: 'login.directory_unreachable' });
  }
  if (!user) return undefined;
  const userUuid = await linkExternalUser(ctx.db, provider, user.subject, { preferred_username: name.trim() });
  await applyExternalGroups(ctx.db, userUuid, provider.uuid, user.groups);
  return userUuid;
}
