import { kyselyOf } from './kysely';
import { uniqueViolationField } from './errors';
import { openTestDatabase, type TestDatabase } from './testing/testDatabase';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.cleanup();
});

describe('typed query builder over the Db interface', () => {
  it('reads typed rows through the adapter', async () => {
    const rows = await kyselyOf(database.db).selectFrom('organizations').select(['uuid', 'name', 'is_root']).where('is_root', '=', true).execute();
    expect(rows).toHaveLength(1);
    expect(typeof rows[0].uuid).toBe('string');
    expect(rows[0].is_root).toBe(true);
  });

  it('counts the rows an update touched', async () => {
    const result = await kyselyOf(database.db).updateTable('organizations').set({ description: 'typed' }).where('is_root', '=', true).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);
  });

  it('runs inside a transaction handle and rolls back with it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await kyselyOf(tx).insertInto('organizations').values({ name: 'Rolled back', postgres_user: null }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const found = await kyselyOf(database.db).selectFrom('organizations').select('uuid').where('name', '=', 'Rolled back').execute();
    expect(found).toHaveLength(0);
  });

  it('refuses a transaction of its own, so that a repository never opens one behind the Db', async () => {
    await expect(kyselyOf(database.db).transaction().execute(async () => undefined)).rejects.toThrow('db.transaction()');
  });

  it('maps a unique violation to the field named by its constraint', async () => {
    const k = kyselyOf(database.db);
    await k.insertInto('organizations').values({ name: 'Twice', postgres_user: null }).execute();
    const error = await k
      .insertInto('organizations')
      .values({ name: 'twice', postgres_user: null })
      .execute()
      .then(() => undefined, (caught: unknown) => caught);
    expect(uniqueViolationField(error, { organizations_name_ci: 'Name' })).toBe('Name');
    expect(uniqueViolationField(error, { organizations_postgres_user: 'PostgresUser' })).toBeUndefined();
  });
});
