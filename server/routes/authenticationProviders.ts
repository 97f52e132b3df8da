import type { FastifyReply, FastifyRequest } from 'fastify';
import { mergeSecureSettings, presentSettings as present, validateSettings } from '../../domain/settingsModule';
import { isForeignKeyViolation, isUniqueViolation } from '../access/scope';
import { testProvider } from '../auth/providerTest';
import { PROVIDER_TYPES, providerTypeOf } from '../auth/providerTypes';
import { findProviderById, type ProviderRow } from '../auth/providers';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { badRequest, conflict, HttpProblem, notFound } from '../http/problem';
import { assertNoSettingsErrors } from '../http/settingsProblem';
import { secretsKeptFor, type SecretBinding } from './storedSecrets';

// /authentication-providers (root level). Secure settings (LDAP bind password, OIDC client
// secret) are never answered and never logged; a PUT replaces one only when a new, non-empty value
// is sent, so the form can leave the field empty, and goes only where it was stored for: changing
// the directory's or issuer's address, its TLS or the account needs the secret typed in again (400
// naming the secure field), for a save and for a test alike. The system provider "local" cannot be renamed,
// retyped or deleted, and a provider that users still sign in through cannot be deleted.

interface ProviderBody {
  UUID?: string;
  ProviderName: string;
  ProviderType: 'local' | 'ldap' | 'oidc';
  Settings?: Record<string, unknown>;
  SecureSettings?: Record<string, unknown>;
  TestUser?: string;
}

interface Row {
  uuid: string;
  provider_name: string;
  provider_type: 'local' | 'ldap' | 'oidc';
  settings: Record<string, unknown>;
  is_system: boolean;
}

const COLUMNS = 'uuid, provider_name, provider_type, settings, is_system';

const providerJson = (row: Row) => ({
  UUID: row.uuid,
  ProviderName: row.provider_name,
  ProviderType: row.provider_type,
  IsSystem: row.is_system,
  Settings: row.settings,
});

async function findRow(db: Db, uuid: string): Promise<Row> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM authentication_providers WHERE uuid = $1`, [uuid]);
  if (!rows[0]) throw notFound('No such authentication provider');
  return rows[0];
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
function keptSecrets(stored: ProviderRow, body: ProviderBody): Record<string, unknown> {
  if (stored.type !== body.ProviderType) return {};
  const binding = SECRET_BINDINGS[stored.type];
  if (!binding) return {};
  const properties = providerTypeOf(stored.type)?.SettingsSchema.properties ?? {};
  return secretsKeptFor(binding, properties, stored, present(body.Settings), body.SecureSettings);
}

/** The settings to store: SecureSettings by the secure-value rule (absent keeps, null clears, a value replaces). */
function checkBody(body: ProviderBody, storedSecure: Record<string, unknown>) {
  const type = providerTypeOf(body.ProviderType);
  if (!type) throw badRequest('Unknown provider type', { ProviderType: ['is not a known type'] });
  const settings = present(body.Settings);
  const secureSettings = mergeSecureSettings(storedSecure, body.SecureSettings);
  assertNoSettingsErrors(validateSettings(type.SettingsSchema, { Settings: settings, SecureSettings: secureSettings }, { refuseUnknown: true }), 'Invalid settings');
  return { settings, secureSettings };
}

function nameTaken(error: unknown): never {
  if (!isUniqueViolation(error)) throw error;
  throw new HttpProblem(409, 'Conflict', { detail: 'A provider of this name exists already', errors: { ProviderName: ['is already in use'] } });
}

export function authenticationProvidersHandlers(ctx: AppContext) {
  return {
    async getAuthenticationProviders() {
      const { rows } = await ctx.db.query<Row>(`SELECT ${COLUMNS} FROM authentication_providers ORDER BY lower(provider_name)`);
      return rows.map(providerJson);
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
        const { rows } = await ctx.db.query<Row>(
          `INSERT INTO authentication_providers (provider_name, provider_type, settings, secure_settings)
           VALUES ($1, $2, $3::jsonb, $4::jsonb) RETURNING ${COLUMNS}`,
          [body.ProviderName, body.ProviderType, JSON.stringify(settings), JSON.stringify(secureSettings)],
        );
        return reply.code(201).send(providerJson(rows[0]));
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
        const { rows } = await ctx.db.query<Row>(
          `UPDATE authentication_providers SET provider_name = $2, settings = $3::jsonb, secure_settings = $4::jsonb, updated_at = now()
            WHERE uuid = $1 RETURNING ${COLUMNS}`,
          [existing.uuid, body.ProviderName, JSON.stringify(settings), JSON.stringify(secureSettings)],
        );
        return providerJson(rows[0]);
      } catch (error) {
        return nameTaken(error);
      }
    },

    async deleteAuthenticationProvider(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
      const row = await findRow(ctx.db, request.params.id);
      if (row.is_system) throw conflict('The system provider cannot be deleted');
      try {
        await ctx.db.query('DELETE FROM authentication_providers WHERE uuid = $1', [row.uuid]);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict('Users still sign in through this provider; delete or move them first', 'providers.errors.in_use');
        throw error;
      }
      return reply.code(204).send();
    },

    /** With the UUID of a stored provider, secure settings not sent are taken from it. */
    async testAuthenticationProvider(request: FastifyRequest<{ Body: ProviderBody }>) {
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
