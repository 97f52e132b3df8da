import { ADMIN_USER_NAME } from './seed';
import { openTestDatabase } from './testing/testDatabase';
import type { TestDatabase } from './testing/testDatabase';

const START_TIMEOUT_MS = 60_000;
let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  first = await openTestDatabase();
  second = await openTestDatabase();
}, START_TIMEOUT_MS);

afterAll(async () => {
  await first?.cleanup();
  await second?.cleanup();
});

describe('test database helper', () => {
  it('hands out a migrated and seeded database', async () => {
    const { rowCount } = await first.db.query('SELECT 1 FROM users WHERE name = $1', [ADMIN_USER_NAME]);
    expect(rowCount).toBe(1);
  });

  it('hands out databases that do not share data', async () => {
    await first.db.query("INSERT INTO organizations (name) VALUES ('Only in the first')");
    const { rowCount } = await second.db.query("SELECT 1 FROM organizations WHERE name = 'Only in the first'");
    expect(rowCount).toBe(0);
    expect(first.dataDir).not.toBe(second.dataDir);
  });
});
