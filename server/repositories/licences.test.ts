import type { Db } from '../db/db';
import { openTestDatabase, type TestDatabase } from '../db/testing/testDatabase';
import { licencesRepository } from './licences';

// Every licensed call reads the installation row (licenceInfo): once it exists that is a read
// only, not an INSERT … ON CONFLICT per call (found by the soak, server/reliability/soak.ts).

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.cleanup();
});

/** The Db, with the statements sent through it kept. */
function recording(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const wrapped: Db = {
    kind: db.kind,
    query: (sql, params, options) => {
      statements.push(sql);
      return db.query(sql, params, options);
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn, options) => db.transaction(fn, options),
    close: () => db.close(),
  };
  return { db: wrapped, statements };
}

describe('the installation row', () => {
  it('is written on first use, then only read, and stays the same row', async () => {
    await database.db.query('DELETE FROM installation');
    const first = recording(database.db);
    const made = await licencesRepository(first.db).ensureInstallation();
    expect(made?.id).toEqual(expect.any(String));
    expect(first.statements.filter((sql) => /^insert/i.test(sql.trim()))).toHaveLength(1);

    const later = recording(database.db);
    for (let i = 0; i < 3; i += 1) expect((await licencesRepository(later.db).ensureInstallation())?.id).toBe(made?.id);
    expect(later.statements).toHaveLength(3);
    expect(later.statements.every((sql) => /^select/i.test(sql.trim()))).toBe(true);
    expect((await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM installation')).rows[0].n).toBe(1);
  });
});
