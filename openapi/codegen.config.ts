import type { ConfigFile } from '@rtk-query/codegen-openapi';

// Regenerate with `npm run codegen`; see openapi/README.md. The output is never edited by hand.
//
// One generated file per area, each injected into baseApi from the chunk of the pages that use it
// (src/api/areas/*.ts), so that the sign-in route carries only the session's endpoints and every
// area added later loads with its own pages. historian.gen.ts holds every endpoint and is read for
// its types only (ESLint refuses a value import of it), so a type is named the same wherever it
// is used.

/** The signed-in user, sign-in and what the app reads at once after it: in the main chunk. */
const SESSION = [
  'getInfo',
  'getAuthOptions',
  'login',
  'logout',
  'getCurrentUser',
  'updateCurrentUser',
  'updateCurrentUserPassword',
  'getCurrentUserOrganizations',
  'getCurrentUserPrivileges',
  'getCurrentUserManualEntryFormPrivileges',
  'getCurrentUserTokens',
  'createCurrentUserToken',
  'deleteCurrentUserToken',
  'getLicenseInfo',
  'getTranslations',
];
/** Organizations, users, groups and their privileges, identity providers. */
const ACCESS = [
  /Organization$/,
  'getOrganizations',
  /^(get|create|update|delete)Users?$/,
  'updateUserPassword',
  'getUserAccess',
  /^(get|create|delete)UserTokens?$/,
  /UserGroup/,
  'getPrivileges',
  /AuthenticationProvider/,
];
/** Collectors, their health and updates. */
const COLLECTORS = [/Collector(s|Status|Token|Template|HealthHistory|Update)?$/, /ProductUpdates?$/];
/** Settings, table layouts, the licence and time-series databases. */
const CONFIGURATION = [/^(?!.*(Sink|ExternalDatabase)).*Settings?(Batch)?$/, /TableSetting$/, 'getLicenseFingerprint', 'activateLicense', /TimeseriesDatabase/];
/** Background jobs: their list, progress, logs, pause, resume and cancel (the lazy jobs panel). */
const JOBS = [/^(get|pause|resume|cancel)Jobs?(Logs)?$/];

/** The audit log, its CSV export and the check of its hash chain. */
const AUDIT_LOGS = [/AuditLogs?$/, 'getAuditChainVerification'];
/** Task schedulers: recurring tasks whose runs are jobs. */
const TASK_SCHEDULERS = [/TaskScheduler/];
/** Measurements, their labels, bulk changes and imports (the task schedulers' own list stays there). */
const MEASUREMENTS = [/^(?!.*TaskScheduler).*Measurement/];
/** The time-series query: points of measurements for trends, JSON or columnar. */
const TIMESERIES = ['queryTimeseries'];

/** Calculations: the test before saving, the live context and backfills. */
const CALCULATIONS = [/Calculation(Context)?$/];

/** Assets in their tree and the measurements on them (asset properties). */
const ASSETS = [/Assets?$/, /AssetPropert(y|ies)$/, 'moveAsset'];
/** Prototypes, their instances and links, and the plans that keep instances in step. */
const PROTOTYPES = [/Prototypes?$/, /PrototypePlan$/];
/** Event types and their properties, event configurations, their property configurations, state, logs and re-evaluation. */
const EVENT_CONFIGURATIONS = [/^(get|create|update|delete)EventTypes?$/, /^(get|create|update|delete)EventTypePropert(y|ies)$/, /EventConfiguration(s|State|Logs)?$/, /EventPropertyConfigurations?$/];
/** Events: the overview's list, manual events, edits, merge and split, and the distinct values for filters. */
const EVENTS = [/^(get|create|update|delete|merge|split)Events?$/, 'getEventTypePropertyValues'];
/** Manual entry forms: their definitions and access, the operator grid's entries and the values typed into it. */
const MANUAL_ENTRY = [/^(get|create|update|delete|replace|write)ManualEntry/];
/** Sinks (broker connections) and the forwarders that send through them: their tests, state, statistics and previews. */
const SINKS = [/Sink/, /Forwarder/];
/** External databases: their kinds, tests and read-only query previews. */
const EXTERNAL_DATABASES = [/ExternalDatabase/];
/** The AI assistant: its configuration, its tools and the chat. */
const LLM = [/Llm/];

/** Browser navigations, static files and the collector-facing calls: never made by this client. */
const NOT_CALLED = [
  'getTranslationFile',
  'addMissingTranslations',
  'startExternalLogin',
  'completeExternalLogin',
  'registerCollector',
  'getCollectorAssignment',
  'reportCollectorHealth',
  'getCollectorUpdateOffer',
  'downloadCollectorUpdate',
  'getCollectorMeasurements',
  'discoverCollectorMeasurements',
  'writeCollectorPoints',
];

const matches = (name: string, patterns: readonly (string | RegExp)[]) => patterns.some((p) => (typeof p === 'string' ? p === name : p.test(name)));
const called = (patterns: readonly (string | RegExp)[]) => (name: string) => !NOT_CALLED.includes(name) && matches(name, patterns);

const config: ConfigFile = {
  schemaFile: './historian.yaml',
  apiFile: '../src/api/baseApi.ts',
  apiImport: 'baseApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  // No `tag: true`: the contract's OpenAPI tags are coarse (one per area), and a second tag set
  // beside the hand-written ones (src/api/tags.ts and the areas) made invalidation depend on both.
  // GET calls that change state on the server are mutations for the client.
  endpointOverrides: [
    { pattern: 'logout', type: 'mutation' },
    { pattern: 'getCollectorToken', type: 'mutation' },
    // A download on click: each click fetches a fresh spreadsheet, nothing to cache.
    { pattern: 'getCollectorTemplate', type: 'mutation' },
    { pattern: 'testTimeseriesDatabase', type: 'mutation' },
    // A download on click, like the template: every export reads the log afresh.
    { pattern: 'exportAuditLogs', type: 'mutation' },
    { pattern: 'exportPrototypePlan', type: 'mutation' },
    // A POST that only reads: cached and refetched like a GET.
    { pattern: 'queryTimeseries', type: 'query' },
  ],
  outputFiles: {
    '../src/api/generated/historian.gen.ts': { exportName: 'generatedApi', filterEndpoints: (name) => !NOT_CALLED.includes(name) },
    '../src/api/generated/session.gen.ts': { exportName: 'sessionEndpoints', filterEndpoints: called(SESSION) },
    '../src/api/generated/access.gen.ts': { exportName: 'accessEndpoints', filterEndpoints: called(ACCESS) },
    '../src/api/generated/collectors.gen.ts': { exportName: 'collectorsEndpoints', filterEndpoints: called(COLLECTORS) },
    '../src/api/generated/configuration.gen.ts': { exportName: 'configurationEndpoints', filterEndpoints: called(CONFIGURATION) },
    '../src/api/generated/auditLogs.gen.ts': { exportName: 'auditLogsEndpoints', filterEndpoints: called(AUDIT_LOGS) },
    '../src/api/generated/taskSchedulers.gen.ts': { exportName: 'taskSchedulersEndpoints', filterEndpoints: called(TASK_SCHEDULERS) },
    '../src/api/generated/jobs.gen.ts': { exportName: 'jobsEndpoints', filterEndpoints: called(JOBS) },
    '../src/api/generated/measurements.gen.ts': { exportName: 'measurementsEndpoints', filterEndpoints: called(MEASUREMENTS) },
    '../src/api/generated/timeseries.gen.ts': { exportName: 'timeseriesEndpoints', filterEndpoints: called(TIMESERIES) },
    '../src/api/generated/calculations.gen.ts': { exportName: 'calculationsEndpoints', filterEndpoints: called(CALCULATIONS) },
    '../src/api/generated/assets.gen.ts': { exportName: 'assetsEndpoints', filterEndpoints: called(ASSETS) },
    '../src/api/generated/prototypes.gen.ts': { exportName: 'prototypesEndpoints', filterEndpoints: called(PROTOTYPES) },
    '../src/api/generated/eventConfigurations.gen.ts': { exportName: 'eventConfigurationsEndpoints', filterEndpoints: called(EVENT_CONFIGURATIONS) },
    '../src/api/generated/events.gen.ts': { exportName: 'eventsEndpoints', filterEndpoints: called(EVENTS) },
    '../src/api/generated/manualEntry.gen.ts': { exportName: 'manualEntryEndpoints', filterEndpoints: called(MANUAL_ENTRY) },
    '../src/api/generated/sinks.gen.ts': { exportName: 'sinksEndpoints', filterEndpoints: called(SINKS) },
    '../src/api/generated/externalDatabases.gen.ts': { exportName: 'externalDatabasesEndpoints', filterEndpoints: called(EXTERNAL_DATABASES) },
    '../src/api/generated/llm.gen.ts': { exportName: 'llmEndpoints', filterEndpoints: called(LLM) },
  },
};

export default config;

/** The areas, for the test that checks every endpoint lies in exactly one. */
export const AREAS = {
  session: called(SESSION),
  access: called(ACCESS),
  collectors: called(COLLECTORS),
  configuration: called(CONFIGURATION),
  auditLogs: called(AUDIT_LOGS),
  jobs: called(JOBS),
  taskSchedulers: called(TASK_SCHEDULERS),
  measurements: called(MEASUREMENTS),
  timeseries: called(TIMESERIES),
  calculations: called(CALCULATIONS),
  assets: called(ASSETS),
  prototypes: called(PROTOTYPES),
  eventConfigurations: called(EVENT_CONFIGURATIONS),
  events: called(EVENTS),
  manualEntry: called(MANUAL_ENTRY),
  sinks: called(SINKS),
  externalDatabases: called(EXTERNAL_DATABASES),
  llm: called(LLM),
};
export const isNotCalled = (name: string) => NOT_CALLED.includes(name);
