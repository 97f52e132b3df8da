import type { ConfigFile } from '@rtk-query/codegen-openapi';

// Regenerate with `npm run codegen`; see openapi/README.md. The output is never edited by hand.
const config: ConfigFile = {
  schemaFile: './historian.yaml',
  apiFile: '../src/api/baseApi.ts',
  apiImport: 'baseApi',
  outputFile: '../src/api/generated/historian.gen.ts',
  exportName: 'generatedApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  // No `tag: true`: the contract's OpenAPI tags are coarse (one per area), and a second tag set
  // beside the hand-written ones in src/api/historianApi.ts made invalidation depend on both.
  // Browser navigations and static files, not fetch calls: the login popup opens the auth path,
  // and i18next's HTTP backend reads the translation files.
  // GET calls that change state on the server are mutations for the client.
  endpointOverrides: [
    { pattern: 'logout', type: 'mutation' },
    { pattern: 'getCollectorToken', type: 'mutation' },
    // A download on click: each click fetches a fresh spreadsheet, nothing to cache.
    { pattern: 'getCollectorTemplate', type: 'mutation' },
    { pattern: 'testTimeseriesDatabase', type: 'mutation' },
  ],
  // The collector-facing calls (tag CollectorApi) are made by collectors with their own token,
  // never by the browser.
  filterEndpoints: (name) =>
    ![
      'getTranslationFile',
      'addMissingTranslations',
      'startExternalLogin',
      'completeExternalLogin',
      'registerCollector',
      'getCollectorAssignment',
      'reportCollectorHealth',
      'getCollectorUpdateOffer',
      'downloadCollectorUpdate',
    ].includes(name),
};

export default config;
