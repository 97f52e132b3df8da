import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import { issueCollectorToken } from '../collectorTokens';

// Fixtures of the collector tests: collectors made straight in the database, their tokens, and a
// multipart body as a browser's FormData would send it.

export const SIMULATION_SCHEMA = {
  type: 'object',
  required: ['SampleIntervalMs'],
  properties: {
    SampleIntervalMs: { type: 'integer', title: 'Sample interval (ms)', minimum: 100, maximum: 60000, default: 1000, order: 1 },
    Signal: { type: 'string', title: 'Signal', enum: ['sine', 'ramp', 'random'], default: 'sine', order: 2 },
    ApiKey: { type: 'string', title: 'API key', secure: true, order: 3 },
  },
};

export async function insertCollector(db: Db, organizationUuid: string, overrides: { name?: string; type?: string; status?: string } = {}): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>(
    'INSERT INTO collectors (organization_uuid, name, collector_type, status) VALUES ($1, $2, $3, $4) RETURNING uuid',
    [organizationUuid, overrides.name ?? `Collector ${randomUUID().slice(0, 8)}`, overrides.type ?? '', overrides.status ?? 'Initial'],
  );
  return rows[0].uuid;
}

/** A collector with a token, as an agent holds it. */
export async function collectorWithToken(db: Db, organizationUuid: string, name?: string): Promise<{ uuid: string; token: string }> {
  const uuid = await insertCollector(db, organizationUuid, { name });
  const token = await issueCollectorToken(db, organizationUuid, uuid);
  if (token === undefined) throw new Error('no token');
  return { uuid, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const registration = (overrides: Record<string, unknown> = {}) => ({
  CollectorType: 'simulation',
  BuildVersion: '1.0.0',
  BuildOs: 'linux',
  BuildArch: 'x64',
  SettingsSchema: SIMULATION_SCHEMA,
  ...overrides,
});

/** A multipart/form-data body with text fields and one file field. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; filename?: string }) {
  const boundary = `----historian${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename ?? 'build.bin'}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
