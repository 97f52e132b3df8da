import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const generatedFile = path.resolve(__dirname, '../src/api/generated/historian.gen.ts');
// Generated beside the real file so that relative imports come out the same. The codegen runs
// in a child process because prettier's dynamic imports do not run inside Jest's module system.
const checkFile = path.resolve(__dirname, '../src/api/generated/.stale-check.gen.ts');
const checkConfig = path.resolve(__dirname, '.stale-check.config.ts');

describe('the generated API slice', () => {
  afterAll(() => {
    rmSync(checkFile, { force: true });
    rmSync(checkConfig, { force: true });
  });

  it('is up to date with openapi/historian.yaml (run `npm run codegen` when this fails)', () => {
    writeFileSync(
      checkConfig,
      "import config from './codegen.config';\n" +
        "export default { ...config, outputFile: '../src/api/generated/.stale-check.gen.ts' };\n",
    );
    execFileSync(process.execPath, [path.resolve(__dirname, '../node_modules/.bin/rtk-query-codegen-openapi'), checkConfig], {
      cwd: path.resolve(__dirname, '..'),
      stdio: 'pipe',
    });
    expect(readFileSync(checkFile, 'utf8')).toBe(readFileSync(generatedFile, 'utf8'));
  }, 60_000);
});
