import { Client } from 'pg';
import { startPostgres, type PostgresServer } from './postgresServer';

// A throw-away PostgreSQL that checks passwords, for tests of an external time-series database:
// startPostgres() trusts every local connection, so a wrong password would pass. The superuser
// rewrites this server's pg_hba.conf so that every role but postgres signs in with SCRAM, and makes
// one role allowed to create databases (what the editor's "create the database" needs).

export interface PasswordPostgres {
  server: PostgresServer;
  host: string;
  port: number;
  role: string;
  password: string;
  stop(): Promise<void>;
}

const HBA_LINES = ['local all all trust', 'host all postgres 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 scram-sha-256'];

const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

export async function startPasswordPostgres(role = 'historian_ts', password = 'Ts-S3cret-pass@/word'): Promise<PasswordPostgres> {
  const server = await startPostgres();
  const port = Number(new URL(server.url).port);
  try {
    const admin = new Client({ connectionString: server.url });
    await admin.connect();
    try {
      // Utility statements take no parameters: the literals are quoted here, and are test constants anyway.
      await admin.query(`CREATE ROLE ${role} LOGIN CREATEDB PASSWORD ${quoteLiteral(password)}`);
      const { rows } = await admin.query<{ hba_file: string }>('SHOW hba_file');
      await admin.query(`COPY (SELECT unnest(ARRAY[${HBA_LINES.map(quoteLiteral).join(', ')}])) TO ${quoteLiteral(rows[0].hba_file)}`);
      await admin.query('SELECT pg_reload_conf()');
    } finally {
      await admin.end();
    }
    await waitUntilPasswordsChecked(port, role);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { server, host: '127.0.0.1', port, role, password, stop: () => server.stop() };
}

/** The reload is asynchronous: wait until a wrong password is refused. */
async function waitUntilPasswordsChecked(port: number, role: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const probe = new Client({ host: '127.0.0.1', port, user: role, password: 'certainly-wrong', database: 'postgres' });
    const refused = await probe.connect().then(
      () => false,
      () => true,
    );
    await probe.end().catch(() => undefined);
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('pg_hba.conf reload did not take effect');
}

/** Whether the server holds a database of this name (to see that "create the database" really did). */
export async function databaseExists(server: PostgresServer, name: string): Promise<boolean> {
  const client = new Client({ connectionString: server.url });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return (rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}
