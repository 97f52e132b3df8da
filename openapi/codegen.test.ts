import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import config from './codegen.config';

const generatedDir = path.resolve(__dirname, '../src/api/generated');
/** Every generated file as the config lists them: historian.gen.ts (all endpoints) and the areas. */
const AREA_FILES = Object.keys('outputFiles' in config ? config.outputFiles : {}).map((file) => path.basename(file, '.gen.ts'));
// Generated beside the real files so that relative imports come out the same. The codegen runs
// in a child process because prettier's dynamic imports do not run inside Jest's module system.
const checkFile = (name: string) => path.join(generatedDir, `.stale-check.${name}.gen.ts`);
const checkConfig = path.resolve(__dirname, '.stale-check.config.ts');

describe('the generated API slices', () => {
  afterAll(() => {
    for (const name of AREA_FILES) rmSync(checkFile(name), { force: true });
    rmSync(checkConfig, { force: true });
  });

  it('are up to date with openapi/historian.yaml (run `npm run codegen` when this fails)', () => {
    writeFileSync(
      checkConfig,
      "import config from './codegen.config';\n" +
        'export default { ...config, outputFiles: Object.fromEntries(Object.entries(config.outputFiles).map(([file, options]) => ' +
        "[file.replace(/([A-Za-z]+)\\.gen\\.ts$/, '.stale-check.$1.gen.ts'), options])) };\n",
    );
    execFileSync(process.execPath, [path.resolve(__dirname, '../node_modules/.bin/rtk-query-codegen-openapi'), checkConfig], {
      cwd: path.resolve(__dirname, '..'),
      stdio: 'pipe',
    });
    for (const name of AREA_FILES) {
      expect(readFileSync(checkFile(name), 'utf8')).toBe(readFileSync(path.join(generatedDir, `${name}.gen.ts`), 'utf8'));
    }
  }, 60_000);

  it('split the endpoints into areas: every endpoint the client calls lies in exactly one', () => {
    const endpointsOf = (name: string) => [...readFileSync(path.join(generatedDir, `${name}.gen.ts`), 'utf8').matchAll(/^ {4}(\w+): build\./gm)].map((m) => m[1]);
    const all = endpointsOf('historian');
    const inAreas = AREA_FILES.filter((name) => name !== 'historian').flatMap(endpointsOf);
    expect(all.length).toBeGreaterThan(60);
    expect([...inAreas].sort()).toEqual([...all].sort());
  });
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

describe('the generated form schemas', () => {
  const schemasFile = path.resolve(__dirname, '../domain/formSchemas.gen.ts');
  const checkSchemas = path.resolve(__dirname, '../domain/.stale-check.formSchemas.gen.ts');
  afterAll(() => rmSync(checkSchemas, { force: true }));

  it('are up to date with openapi/historian.yaml (run `npm run codegen` when this fails)', () => {
    execFileSync(process.execPath, [path.resolve(__dirname, '../scripts/formSchemas.mjs'), '--output', checkSchemas], { stdio: 'pipe' });
    expect(readFileSync(checkSchemas, 'utf8')).toBe(readFileSync(schemasFile, 'utf8'));
  });
});
