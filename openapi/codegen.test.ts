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

describe('the generated domain contract types', () => {
  const contractFile = path.resolve(__dirname, '../domain/contract.gen.ts');
  const checkContract = path.resolve(__dirname, '../domain/.stale-check.contract.gen.ts');
  afterAll(() => rmSync(checkContract, { force: true }));

  it('are up to date with openapi/historian.yaml (run `npm run codegen` when this fails)', () => {
    // The same command as `npm run codegen:domain`, read from package.json, with another output.
    const packageJson: { scripts: Record<string, string> } = JSON.parse(readFileSync(path.resolve(__dirname, '../package.json'), 'utf8'));
    const [command, ...args] = packageJson.scripts['codegen:domain'].split(' ');
    const output = args.indexOf('--output');
    expect(command).toBe('openapi-typescript');
    expect(output).toBeGreaterThan(0);
    args[output + 1] = path.relative(path.resolve(__dirname, '..'), checkContract);
    execFileSync(process.execPath, [path.resolve(__dirname, '../node_modules/openapi-typescript/bin/cli.js'), ...args], {
      cwd: path.resolve(__dirname, '..'),
      stdio: 'pipe',
    });
    expect(readFileSync(checkContract, 'utf8')).toBe(readFileSync(contractFile, 'utf8'));
  }, 60_000);
});
