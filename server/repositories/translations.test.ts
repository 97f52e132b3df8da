import { kyselyOf } from '../db/kysely';
import { openTestDatabase, type TestDatabase } from '../db/testing/testDatabase';
import { translationsRepository } from './translations';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.cleanup();
});

const organizationNamed = async (name: string) =>
  (await kyselyOf(database.db).insertInto('organizations').values({ name, postgres_user: null }).returning('uuid').executeTakeFirstOrThrow()).uuid;

describe('translations repository', () => {
  it("answers an organization's overrides of one language and namespace by key, and nobody else's", async () => {
    const plant = await organizationNamed('Translated plant');
    const other = await organizationNamed('Other plant');
    const override = (organization_uuid: string, language: string, key: string, translation: string) => ({ organization_uuid, language, namespace: 'general', key, translation });
    await kyselyOf(database.db)
      .insertInto('translation_overrides')
      .values([override(plant, 'nl', 'menu.z', 'Zet'), override(plant, 'nl', 'menu.a', 'Aan'), override(plant, 'de', 'menu.a', 'An'), override(other, 'nl', 'menu.b', 'Bij')])
      .execute();
    const rows = await translationsRepository(database.db).overrides(plant, 'nl', 'general');
    expect(rows.map(({ key, translation }) => [key, translation])).toEqual([
      ['menu.a', 'Aan'],
      ['menu.z', 'Zet'],
    ]);
    expect(await translationsRepository(database.db).overrides(null, 'nl', 'general')).toEqual([]);
  });
});
