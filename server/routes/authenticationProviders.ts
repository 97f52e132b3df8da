import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Write } from '../../domain/contract';
import { mergeSecureSettings, presentSettings as present, validateSettings } from '../../domain/settingsModule';
import { testProvider } from '../auth/providerTest';
import { PROVIDER_TYPES, providerTypeOf } from '../auth/providerTypes';
import { findProviderById, type ProviderRow } from '../auth/providers';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { isForeignKeyViolation, uniqueViolationField } from '../db/errors';
import { badRequest, conflict, HttpProblem, notFound } from '../http/problem';
import { assertNoSettingsErrors } from '../http/settingsProblem';
import { authenticationProvidersRepository, PROVIDER_UNIQUE_FIELDS, type ProviderRecord } from '../repositories/authenticationProviders';
import { secretsKeptFor, type SecretBinding } from './storedSecrets';

// /authentication-providers (root level). Secure settings (LDAP bind password, OIDC client
// secret) are never answered and never logged; a PUT replaces one only when a new, non-empty value
// is sent, so the form can leave the field empty, and goes only where it was stored for: changing
// the directory's or issuer's address, its TLS or the account needs the secret typed in again (400
// naming the secure field), for a save and for a test alike. The system provider "local" cannot be renamed,
// retyped or deleted, and a provider that users still sign in through cannot be deleted.

type ProviderBody = Write<'AuthenticationProvider'>;
type TestBody = Write<'AuthenticationProviderTest'>;
/** What saving and testing both send: the type and its settings. */
type SentSettings = Pick<ProviderBody, 'ProviderType' | 'Settings' | 'SecureSettings'>;

const providerJson = (row: ProviderRecord) => ({
  UUID: row.uuid,
  ProviderName: row.provider_name,
  ProviderType: row.provider_type,
  IsSystem: row.is_system,
  Settings: row.settings,
});

async function findRow(db: Db, uuid: string): Promise<ProviderRecord> {
  const row = await authenticationProvidersRepository(db).find(uuid);
  if (!row) throw notFound('No such authentication provider');
  return row;
}

/**
 * What says where a provider's secret goes: the LDAP bind password to the directory at the URL,
 * over its TLS (a changed CA or no StartTLS lets another host take it), for the bind DN; the OIDC
 * client secret to the issuer's endpoints, for the client.
 */
const SECRET_BINDINGS: Record<string, SecretBinding> = {
  ldap: { keys: ['url', 'startTls', 'caCertificate', 'bindDn'] },
  oidc: { keys: ['issuer', 'clientId'] },
};

/** The stored secrets the sent settings may use (400 when the secret must be typed in again). */
function keptSecrets(stored: ProviderRow, body: SentSettings): Record<string, unknown> {
  if (stored.type !== body.ProviderType) return {};
  const binding = SECRET_BINDINGS[stored.type];
  if (!binding) return {};
  const properties = providerTypeOf(stored.type)?.SettingsSchema.properties ?? {};
  return secretsKeptFor(binding, properties, stored, present(body.Settings), body.SecureSettings);
}

/** The settings to store: SecureSettings by the secure-value rule (absent keeps, null clears, a value replaces). */
function checkBody(body: SentSettings, storedSecure: Record<string, unknown>) {
  const type = providerTypeOf(body.ProviderType);
  if (!type) throw badRequest('Unknown provider type', { ProviderType: ['is not a known type'] });
  const settings = present(body.Settings);
  const secureSettings = mergeSecureSettings(storedSecure, body.SecureSettings);
  assertNoSettingsErrors(validateSettings(type.SettingsSchema, { Settings: settings, SecureSettings: secureSettings }, { refuseUnknown: true }), 'Invalid settings');
  return { settings, secureSettings };
}

function nameTaken(error: unknown): never {
  if (uniqueViolationField(error, PROVIDER_UNIQUE_FIELDS) !== 'ProviderName') throw error;
  throw new HttpProblem(409, 'Conflict', { detail: 'A provider of this name exists already', errors: { ProviderName: ['is already in use'] } });
}

export function authenticationProvidersHandlers(ctx: AppContext) {
  return {
    async getAuthenticationProviders() {
      return (await authenticationProvidersRepository(ctx.db).list()).map(providerJson);
    },

    async getAuthenticationProvider(request: FastifyRequest<{ Params: { id: string } }>) {
      return providerJson(await findRow(ctx.db, request.params.id));
    },

    async getAuthenticationProviderTypes() {
      return PROVIDER_TYPES;
    },

    async createAuthenticationProvider(request: FastifyRequest<{ Body: ProviderBody }>, reply: FastifyReply) {
      const body = request.body;
      if (body.ProviderType === 'local') throw badRequest('There is one local provider, made at installation', { ProviderType: ['local exists already'] });
      const { settings, secureSettings } = checkBody(body, {});
      try {
        const row = await authenticationProvidersRepository(ctx.db).create(body.ProviderType, { name: body.ProviderName, settings, secureSettings });
        return reply.code(201).send(providerJson(row));
      } catch (error) {
        return nameTaken(error);
      }
    },

    async updateAuthenticationProvider(request: FastifyRequest<{ Params: { id: string }; Body: ProviderBody }>) {
      const existing = await findProviderById(ctx.db, request.params.id);
      if (!existing) throw notFound('No such authentication provider');
      const row = await findRow(ctx.db, existing.uuid);
      const body = request.body;
      if (body.ProviderType !== existing.type) throw badRequest('The type of a provider cannot change', { ProviderType: ['cannot change'] });
      if (row.is_system && body.ProviderName !== row.provider_name) throw conflict('The system provider cannot be renamed');
      const { settings, secureSettings } = checkBody(body, keptSecrets(existing, body));
      try {
        const updated = await authenticationProvidersRepository(ctx.db).update(existing.uuid, { name: body.ProviderName, settings, secureSettings });
        if (!updated) throw notFound('No such authentication provider');
        return providerJson(updated);
      } catch (error) {
        return nameTaken(error);
      }
    },

    async deleteAuthenticationProvider(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
      const row = await findRow(ctx.db, request.params.id);
      if (row.is_system) throw conflict('The system provider cannot be deleted');
      try {
        await authenticationProvidersRepository(ctx.db).delete(row.uuid);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict('Users still sign in through this provider; delete or move them first', 'providers.errors.in_use');
        throw error;
      }
      return reply.code(204).send();
    },

    /** With the UUID of a stored provider, secure settings not sent are taken from it. */
    async testAuthenticationProvider(request: FastifyRequest<{ Body: TestBody }>) {
      const body = request.body;
      const stored = body.UUID ? await findProviderById(ctx.db, body.UUID) : undefined;
      const storedSecure = stored ? keptSecrets(stored, body) : {};
      const provider: ProviderRow = {
        uuid: stored?.uuid ?? '00000000-0000-0000-0000-000000000000',
        name: body.ProviderName,
        type: body.ProviderType,
        settings: present(body.Settings),
        secureSettings: mergeSecureSettings(storedSecure, body.SecureSettings),
      };
      return testProvider(provider, body.TestUser?.trim() || undefined, ctx.config.isProduction);
    },
  };
}
