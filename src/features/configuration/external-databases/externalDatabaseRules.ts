import type { TFunction } from 'i18next';
import type { ExternalDatabaseRead } from '../../../api/generated/historian.gen';
import { isRecord } from '../../../lib/formConversion';
import { configurationPath } from '../../../lib/paths';

// What the external database pages show of a database, and their paths.

/** Where a database is: its file (sqlite), or host, port and database. */
export function locationOf(database: Pick<ExternalDatabaseRead, 'Kind' | 'Settings'>): string {
  const settings = isRecord(database.Settings) ? database.Settings : {};
  const text = (name: string) => {
    const value = settings[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  if (database.Kind === 'sqlite') return text('File');
  const host = text('Host');
  const port = text('Port');
  const name = text('Database');
  const server = host && port ? `${host}:${port}` : host;
  return [server, name].filter(Boolean).join(' / ');
}

/** A kind by its product name (PostgreSQL, MySQL / MariaDB, …). */
export const kindLabel = (kind: string, t: TFunction): string => t(`external_databases.kinds.${kind}`, { defaultValue: kind });

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export const settingsOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** ARCHITECTURE "Configuration routes": the singular page edits ?id=…, and creates without one. */
export const editorPath = (uuid?: string) => `${configurationPath('external_database')}${uuid ? `?id=${encodeURIComponent(uuid)}` : ''}`;

export const listPath = () => configurationPath('external_databases');
