import path from 'node:path';
import type { SettingsSchema } from '../../../domain/settingsSchema';
import type { ServerConfig } from '../../config';
import type { ExternalDatabaseKind } from './drivers/types';

// The kinds of external database (server/integrations/README.md, "External databases"): one
// SettingsSchema each, in the format of domain/settingsSchema.ts, its texts under
// external_databases.settings.* of the console's catalogue.

export const EXTERNAL_DATABASE_KINDS: readonly ExternalDatabaseKind[] = ['postgres', 'mysql', 'oracle', 'sqlserver', 'sqlite', 'hdb', 'ase'];

export const TLS_MODES = ['disable', 'require', 'verify-full'] as const;
export type TlsMode = (typeof TLS_MODES)[number];

/** The driver package of each kind this server can reach; the others answer Available: false. */
export const DRIVER_PACKAGES: Partial<Record<ExternalDatabaseKind, string>> = { postgres: 'pg', mysql: 'mysql2', sqlserver: 'mssql', sqlite: 'sql.js' };

export const DEFAULT_PORTS: Record<Exclude<ExternalDatabaseKind, 'sqlite'>, number> = {
  postgres: 5432,
  mysql: 3306,
  sqlserver: 1433,
  oracle: 1521,
  hdb: 30015,
  ase: 5000,
};

/** The settings a stored secret is bound to (routes/storedSecrets.ts): where, and as whom, the password goes. */
export const SECRET_BINDING_KEYS = ['Host', 'Port', 'Database', 'Username', 'File'] as const;

const I18N = 'external_databases.settings';

function networkSchema(kind: Exclude<ExternalDatabaseKind, 'sqlite'>): SettingsSchema {
  return {
    type: 'object',
    'x-i18n': I18N,
    properties: {
      Host: { title: 'Host', description: 'Name or address of the database server.', type: 'string', examples: ['db.example.com'], required: true, order: 1 },
      Port: { title: 'Port', type: 'integer', minimum: 1, maximum: 65535, default: DEFAULT_PORTS[kind], order: 2 },
      Database: { title: 'Database', description: 'The database (for SQL Server, the catalog) the queries run in.', type: 'string', order: 3 },
      Username: { title: 'User name', type: 'string', required: true, order: 4 },
      Password: { title: 'Password', type: 'string', secure: true, password: true, order: 5 },
      TLSMode: {
        title: 'TLS',
        description: 'disable, require (encrypt, do not check the certificate) or verify-full (check the certificate and the host name).',
        type: 'string',
        enum: [...TLS_MODES],
        default: 'disable',
        order: 6,
      },
      CACertificate: { title: 'CA certificate', description: 'PEM; the authority the server certificate is checked against (verify-full). Empty: the system authorities.', type: 'string', isMultiLine: true, order: 7 },
      Options: {
        title: 'Options',
        description: `Further connection options, one key=value per line: ${OPTION_KEYS[kind].join(', ')}.`,
        type: 'string',
        isMultiLine: true,
        order: 8,
      },
    },
    required: ['Host', 'Username'],
  };
}

const SQLITE_SCHEMA: SettingsSchema = {
  type: 'object',
  'x-i18n': I18N,
  properties: {
    File: {
      title: 'File',
      description: 'Path of the SQLite file, inside the folder the operator allows (HISTORIAN_SQLITE_DIR); opened read-only.',
      type: 'string',
      examples: ['mes.sqlite'],
      required: true,
      order: 1,
    },
  },
  required: ['File'],
};

/** The keys each kind accepts in Options (anything else is refused on save and on test). */
export const OPTION_KEYS: Record<Exclude<ExternalDatabaseKind, 'sqlite'>, readonly string[]> = {
  postgres: ['application_name', 'search_path', 'connect_timeout'],
  mysql: ['charset', 'connect_timeout'],
  sqlserver: ['instanceName', 'appName', 'connect_timeout'],
  oracle: ['connect_timeout'],
  hdb: ['connect_timeout'],
  ase: ['connect_timeout'],
};

export function settingsSchemaOf(kind: ExternalDatabaseKind): SettingsSchema {
  return kind === 'sqlite' ? SQLITE_SCHEMA : networkSchema(kind);
}

export const isKind = (value: unknown): value is ExternalDatabaseKind => typeof value === 'string' && (EXTERNAL_DATABASE_KINDS as readonly string[]).includes(value);

export interface KindInfo {
  Kind: ExternalDatabaseKind;
  Available: boolean;
  Driver?: string;
  SettingsSchema: SettingsSchema;
}

export function kindInfos(): KindInfo[] {
  return EXTERNAL_DATABASE_KINDS.map((kind) => {
    const driver = DRIVER_PACKAGES[kind];
    return { Kind: kind, Available: driver !== undefined, ...(driver ? { Driver: driver } : {}), SettingsSchema: settingsSchemaOf(kind) };
  });
}

/** The only folder SQLite files are read from (HISTORIAN_SQLITE_DIR, default `<dataDir>/external`). */
export function sqliteRootOf(config: Pick<ServerConfig, 'dataDir' | 'sqliteDir'>): string {
  return path.resolve(config.sqliteDir ?? path.join(config.dataDir, 'external'));
}
