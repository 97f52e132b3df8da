import { DEFAULT_PASSWORD } from '../../../domain/constants';
import { ALL_PRIVILEGE_NAMES } from '../../../domain/privilegeNames';
import { verifyPassword } from '../../auth/password';
import type { Db } from '../db';
import { loadMigrations, runMigrations } from '../migrate';
import { ADMINISTRATORS_GROUP_NAME, ADMIN_USER_NAME, ROOT_ORGANIZATION_NAME, SETUP_DONE_SETTING, seedIfEmpty } from '../seed';
import { resolveSessionSecret } from '../serverSecrets';
import { TransactionAbortedError, TransactionFinishedError } from '../txHandle';

// The behaviour both adapters must share, run by pglite.test.ts and postgres.test.ts against a
// database that openDatabase() has just migrated and seeded.

class Boom extends Error {}

export function describeDbContract(getDb: () => Db): void {
  let db: Db;
  beforeAll(async () => {
    db = getDb();
    await db.query('CREATE TABLE contract_scratch (id serial PRIMARY KEY, label text NOT NULL UNIQUE)');
  });

  describe('migrations', () => {
    it('records every migration file in schema_migrations', async () => {
      const files = (await loadMigrations()).map((m) => m.name);
      const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(files);
      expect(files[0]).toBe('001_core.sql');
    });

    it('are idempotent: a second run applies nothing and warns about nothing', async () => {
      const warnings: string[] = [];
      await expect(runMigrations(db, { onWarning: (w) => warnings.push(w) })).resolves.toEqual([]);
      expect(warnings).toEqual([]);
    });
  });

  describe('seed', () => {
    it('creates the admin with the default password, to be changed at first sign-in', async () => {
      const { rows } = await db.query<{ password_hash: string; must_change_password: boolean; provider_name: string }>(
        `SELECT u.password_hash, u.must_change_password, p.provider_name
         FROM users u JOIN authentication_providers p ON p.uuid = u.provider_uuid WHERE u.name = $1`,
        [ADMIN_USER_NAME],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].must_change_password).toBe(true);
      expect(rows[0].provider_name).toBe('local');
      await expect(verifyPassword(DEFAULT_PASSWORD, rows[0].password_hash)).resolves.toBe(true);
      await expect(verifyPassword('not-the-password', rows[0].password_hash)).resolves.toBe(false);
    });

    it("gives the admin every system privilege in the root organization", async () => {
      const { rows } = await db.query<{ privilege_name: string }>(
        `SELECT e.privilege_name FROM user_effective_privileges e
         JOIN users u ON u.uuid = e.user_uuid JOIN organizations o ON o.uuid = e.organization_uuid
         WHERE u.name = $1 AND o.is_root`,
        [ADMIN_USER_NAME],
      );
      const system = await db.query<{ name: string }>('SELECT name FROM privileges WHERE is_system');
      expect(rows.map((r) => r.privilege_name).sort()).toEqual([...ALL_PRIVILEGE_NAMES].sort());
      expect(system.rows.map((r) => r.name).sort()).toEqual([...ALL_PRIVILEGE_NAMES].sort());
    });

    it('makes one root organization, whose setup.done is false so the wizard shows', async () => {
      const { rows } = await db.query<{ name: string; value: string }>(
        'SELECT o.name, s.value FROM organizations o JOIN settings s ON s.organization_uuid = o.uuid AND s.name = $1 WHERE o.is_root',
        [SETUP_DONE_SETTING],
      );
      expect(rows).toEqual([{ name: ROOT_ORGANIZATION_NAME, value: 'false' }]);
      const group = await db.query('SELECT 1 FROM user_groups WHERE name = $1 AND is_system', [ADMINISTRATORS_GROUP_NAME]);
      expect(group.rowCount).toBe(1);
    });

    it('is idempotent', async () => {
      await expect(seedIfEmpty(db)).resolves.toEqual({ seeded: false, addedPrivileges: [] });
      const counts = await db.query<{ orgs: number; users: number; memberships: number }>(
        `SELECT (SELECT count(*) FROM organizations) AS orgs, (SELECT count(*) FROM users) AS users,
                (SELECT count(*) FROM user_group_users) AS memberships`,
      );
      expect(counts.rows[0]).toEqual({ orgs: 1, users: 1, memberships: 1 });
    });

    it('adds a privilege that a newer release introduces and grants it to the administrators', async () => {
      await db.query('DELETE FROM privileges WHERE name = $1', ['READ_LOGS']);
      await expect(seedIfEmpty(db)).resolves.toEqual({ seeded: false, addedPrivileges: ['READ_LOGS'] });
      const { rowCount } = await db.query(
        'SELECT 1 FROM user_effective_privileges e JOIN users u ON u.uuid = e.user_uuid WHERE u.name = $1 AND e.privilege_name = $2',
        [ADMIN_USER_NAME, 'READ_LOGS'],
      );
      expect(rowCount).toBe(1);
    });
  });

  describe('schema rules', () => {
    it('allows only one root organization', async () => {
      await expect(db.query("INSERT INTO organizations (name, is_root) VALUES ('Second root', true)")).rejects.toThrow(/unique/i);
    });

    it('treats user names case-insensitively', async () => {
      const provider = await db.query<{ uuid: string }>("SELECT uuid FROM authentication_providers WHERE provider_name = 'local'");
      await expect(
        db.query('INSERT INTO users (name, provider_uuid) VALUES ($1, $2)', ['ADMIN', provider.rows[0].uuid]),
      ).rejects.toThrow(/unique/i);
    });

    it("removes an organization's groups, memberships and settings with it", async () => {
      const org = await db.query<{ uuid: string }>("INSERT INTO organizations (name) VALUES ('Doomed') RETURNING uuid");
      const orgUuid = org.rows[0].uuid;
      await db.query("INSERT INTO user_groups (organization_uuid, name) VALUES ($1, 'Operators')", [orgUuid]);
      await db.query("INSERT INTO settings (organization_uuid, name, value) VALUES ($1, 'api.url', 'x')", [orgUuid]);
      await db.query('DELETE FROM organizations WHERE uuid = $1', [orgUuid]);
      const left = await db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM user_groups WHERE organization_uuid = $1)
              + (SELECT count(*) FROM settings WHERE organization_uuid = $1) AS n`,
        [orgUuid],
      );
      expect(left.rows[0].n).toBe(0);
    });
  });

  describe('transactions', () => {
    it('commits when the callback resolves', async () => {
      const value = await db.transaction(async (tx) => {
        await tx.query("INSERT INTO contract_scratch (label) VALUES ('committed')");
        return 42;
      });
      expect(value).toBe(42);
      expect((await db.query("SELECT 1 FROM contract_scratch WHERE label = 'committed'")).rowCount).toBe(1);
    });

    it('rolls back everything when the callback throws, and rethrows the error', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO contract_scratch (label) VALUES ('rolled-back')");
          throw new Boom('boom');
        }),
      ).rejects.toBeInstanceOf(Boom);
      expect((await db.query("SELECT 1 FROM contract_scratch WHERE label = 'rolled-back'")).rowCount).toBe(0);
    });

    it('rolls back a nested transaction alone (savepoint)', async () => {
      await db.transaction(async (tx) => {
        await tx.query("INSERT INTO contract_scratch (label) VALUES ('outer')");
        await expect(
          tx.transaction(async (inner) => {
            await inner.query("INSERT INTO contract_scratch (label) VALUES ('inner')");
            throw new Boom('inner');
          }),
        ).rejects.toBeInstanceOf(Boom);
      });
      const { rows } = await db.query<{ label: string }>("SELECT label FROM contract_scratch WHERE label IN ('outer', 'inner')");
      expect(rows).toEqual([{ label: 'outer' }]);
    });

    it('nests savepoints inside savepoints', async () => {
      await db.transaction(async (tx) => {
        await tx.transaction(async (inner) => {
          await inner.query("INSERT INTO contract_scratch (label) VALUES ('level-2')");
          await expect(
            inner.transaction(async (innermost) => {
              await innermost.query("INSERT INTO contract_scratch (label) VALUES ('level-3')");
              throw new Boom('innermost');
            }),
          ).rejects.toBeInstanceOf(Boom);
        });
      });
      const { rows } = await db.query<{ label: string }>("SELECT label FROM contract_scratch WHERE label LIKE 'level-%'");
      expect(rows).toEqual([{ label: 'level-2' }]);
    });

    it('rejects, keeping nothing, when a failed statement was caught inside the callback', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO contract_scratch (label) VALUES ('before-failure')");
          await tx.query('SELECT * FROM no_such_table').catch(() => undefined);
        }),
      ).rejects.toBeInstanceOf(TransactionAbortedError);
      expect((await db.query("SELECT 1 FROM contract_scratch WHERE label = 'before-failure'")).rowCount).toBe(0);
    });

    it('refuses a tx handle used after its transaction ended', async () => {
      let leaked: Db | undefined;
      await db.transaction(async (tx) => {
        leaked = tx;
      });
      await expect(leaked?.query('SELECT 1')).rejects.toBeInstanceOf(TransactionFinishedError);
    });
  });

  describe('query', () => {
    it('sets transaction-local settings for a query or a transaction, and only for it', async () => {
      const read = "SELECT current_setting('historian.contract_probe', true) AS v";
      const once = await db.query<{ v: string }>(read, [], { settings: { 'historian.contract_probe': 'query' } });
      expect(once.rows[0].v).toBe('query');
      const inTx = await db.transaction((tx) => tx.query<{ v: string }>(read), { settings: { 'historian.contract_probe': 'tx' } });
      expect(inTx.rows[0].v).toBe('tx');
      expect((await db.query<{ v: string | null }>(read)).rows[0].v || null).toBeNull();
    });

    it('runs one statement only, the same on both adapters', async () => {
      await expect(db.query('SELECT 1; SELECT 2')).rejects.toThrow();
      await expect(db.exec('SELECT 1; SELECT 2')).resolves.toBeUndefined();
    });

    it('returns the same JavaScript types on both adapters', async () => {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT count(*) AS n, 9007199254740993::int8 AS big, 1.5::numeric AS num, '2024-01-02'::date AS day,
                $1::jsonb AS doc, now() AS ts, ARRAY['a', 'b'] AS list`,
        [JSON.stringify(['b', 'a'])],
      );
      expect(rows[0]).toEqual({
        n: 1,
        big: BigInt('9007199254740993'),
        num: '1.5',
        day: new Date('2024-01-02T00:00:00Z'),
        doc: ['b', 'a'],
        ts: expect.any(Date),
        list: ['a', 'b'],
      });
    });

    it('reports the rows an UPDATE touched', async () => {
      await db.query("INSERT INTO contract_scratch (label) VALUES ('u1'), ('u2')");
      const result = await db.query("UPDATE contract_scratch SET label = label || '!' WHERE label IN ('u1', 'u2')");
      expect(result.rowCount).toBe(2);
    });
  });

  it('keeps one generated session secret across calls', async () => {
    const first = await resolveSessionSecret(db, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    await expect(resolveSessionSecret(db, undefined)).resolves.toBe(first);
    await expect(resolveSessionSecret(db, 'configured-secret')).resolves.toBe('configured-secret');
  });
}
