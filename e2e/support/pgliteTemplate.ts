// Run with tsx by globalSetup: prints the directory of the migrated PGlite template that the unit
// tests share (server/db/testing/testDatabase.ts), building it first when this machine has none.
// Each browser-test server starts on a copy of it instead of running initdb and every migration.
import { ensureTemplate } from '../../server/db/testing/testDatabase';

ensureTemplate().then(
  (template) => process.stdout.write(`${template}\n`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
