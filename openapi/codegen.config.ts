import type { ConfigFile } from '@rtk-query/codegen-openapi';

// Regenerate with `npm run codegen`; see openapi/README.md. The output is never edited by hand.
const config: ConfigFile = {
  schemaFile: './historian.yaml',
  apiFile: '../src/api/baseApi.ts',
  apiImport: 'baseApi',
  outputFile: '../src/api/generated/historian.gen.ts',
  exportName: 'generatedApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
  // Browser navigations and static files, not fetch calls: the login popup opens the auth path,
  // and i18next's HTTP backend reads the translation files.
  // GET calls that change state on the server are mutations for the client.
  endpointOverrides: [
    { pattern: 'logout', type: 'mutation' },
    { pattern: 'getCollectorToken', type: 'mutation' },
    { pattern: 'testTimeseriesDatabase', type: 'mutation' },
  ],
  filterEndpoints: (name) =>
    !['getTranslationFile', 'addMissingTranslations', 'startExternalLogin', 'completeExternalLogin'].includes(name),
};

export default config;
