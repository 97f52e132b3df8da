import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROUTES } from '../../src/state/routes';
import { ADMIN, ADMIN_PASSWORD, prepareAdmin, type AdminApi } from './adminApi';
import { signInWithForm } from './authPages';
import { settleOn } from './pageTour';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

// Stored XSS (issue 22, item 3; server/reliability/README.md, suite `xss`): a payload is stored
// through the API in every name-like field of every create operation of openapi/historian.yaml
// that has a Name, then every page of the route table (and the detail, trend and tab views of the
// records made) is opened in Chromium. A payload that runs calls `top.__xss.push(tag)`, which the
// page reports to the test with the tag naming the field; a dialog, an element carrying a handler
// or a javascript: address made from a payload, and a CSP violation are counted too. The fast test
// (e2e/xss.e2e.test.ts) runs one payload per field; the bench (bench/reliability/xss.suite.ts) runs
// every payload in every field.

const root = path.resolve(__dirname, '../..');

/** What a payload that runs does: report its tag (backticks, so that it fits in either quote). */
const run = (tag: string) => `(top.__xss=top.__xss||[]).push(\`${tag}\`)`;

/** The payloads, each a function of the tag that names the field it is stored in. */
export const PAYLOADS: ReadonlyArray<{ id: string; make: (tag: string) => string }> = [
  { id: 'img-onerror', make: (tag) => `<img src=x onerror="${run(tag)}">` },
  { id: 'svg-onload', make: (tag) => `<svg onload="${run(tag)}">` },
  { id: 'script-breakout', make: (tag) => `"><script>${run(tag)}</script>` },
  { id: 'javascript-url', make: (tag) => `javascript:${run(tag)}//` },
  { id: 'template', make: (tag) => `{{constructor.constructor('${run(tag)}')()}}` },
  {
    id: 'rtl-unicode',
    make: (tag) =>
      `\u202Eשלום مرحبا 𝔛𝔖𝔖 ẞ Ω≈ç√ 漢字テスト Z̷͈a̴l̸g̵o̶ \u200B\u2066${'ﷺ'.repeat(3)}\u2069 <img src=x onerror="${run(tag)}"> ${'ﭗ'.repeat(12)}\u202C`,
  },
  // More for the bench: other tags and contexts.
  { id: 'details-ontoggle', make: (tag) => `'><details open ontoggle="${run(tag)}">` },
  { id: 'anchor-javascript', make: (tag) => `<a href="javascript:${run(tag)}">open</a>` },
  { id: 'iframe-javascript', make: (tag) => `<iframe src="javascript:${run(tag)}"></iframe>` },
  { id: 'mxss-math', make: (tag) => `<math><mtext><table><mglyph><style><img src=x onerror="${run(tag)}">` },
  { id: 'markdown-link', make: (tag) => `[open](javascript:${run(tag)})` },
  { id: 'attribute-breakout', make: (tag) => `' onfocus='${run(tag)}' autofocus x='` },
];

/** The one field whose payload the contract refuses: a provider's name is its sign-in address, [A-Za-z0-9_.-]. */
export const REFUSED_BY_CONTRACT = ['authenticationProvider.ProviderName'];

/** A payload that fits a short field (e.g. a unit of 50 characters): the page defines __xss first. */
const short = (tag: string) => `<svg/onload=__xss.push('${tag}')>`;

/** Create operations whose Name is not shown data: the sign-in name, a setting's key, a test call. */
export const NOT_STORED: Record<string, string> = {
  login: 'the Name is the sign-in name, nothing is stored',
  testAuthenticationProvider: 'tries a provider, stores nothing',
};

type Schema = Record<string, unknown> & { $ref?: string; properties?: Record<string, Schema>; allOf?: Schema[]; type?: string };

/** Every POST operation of the contract whose body has a Name (or ProviderName) string: the ones to cover. */
export function namedCreateOperations(): string[] {
  const doc = parse(readFileSync(path.join(root, 'openapi/historian.yaml'), 'utf8')) as Record<string, unknown>;
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    let current = schema;
    while (current?.$ref) current = current.$ref.replace('#/', '').split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc) as Schema;
    return current;
  };
  const properties = (schema: Schema | undefined): Record<string, Schema> => {
    const resolved = resolve(schema);
    if (!resolved) return {};
    const merged: Record<string, Schema> = {};
    for (const part of resolved.allOf ?? []) Object.assign(merged, properties(part));
    for (const [name, property] of Object.entries(resolved.properties ?? {})) merged[name] = resolve(property) ?? {};
    return merged;
  };
  const operations: string[] = [];
  for (const item of Object.values(doc.paths as Record<string, Record<string, { operationId: string; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>)) {
    const operation = item.post;
    const body = operation?.requestBody?.content?.['application/json']?.schema;
    if (!operation || !body) continue;
    const named = Object.entries(properties(body)).some(([name, property]) => (name === 'Name' || name === 'ProviderName') && property.type === 'string');
    if (named) operations.push(operation.operationId);
  }
  return operations.sort();
}

export interface StoredPayload {
  tag: string;
  field: string;
  payload: string;
  /** 'stored', or the status the server refused it with (validation, which is fine). */
  outcome: 'stored' | number;
  /** The refusal's problem detail, when refused. */
  refusal?: string;
}

interface Created {
  UUID: string;
}

/** The records made, by kind, for the detail addresses of the tour. */
export interface Scene {
  organization: string;
  root: string;
  stored: StoredPayload[];
  covered: Set<string>;
  ids: Record<string, string>;
}

/**
 * Stores the payloads: `variants` records of every kind, record i carrying payload (i + k) in
 * its k-th field, so every payload lands in every field once variants ≥ the number of payloads.
 */
export async function storePayloads(admin: AdminApi, options: { variants: number; payloads?: number }): Promise<Scene> {
  const payloads = PAYLOADS.slice(0, options.payloads ?? PAYLOADS.length);
  const stored: StoredPayload[] = [];
  const covered = new Set<string>();
  const ids: Record<string, string> = {};
  let counter = 0;
  let rotation = 0;
  /** A payload for one field, tagged so that a run names it; `max` is the field's maxLength. */
  const payload = (field: string, max = 200, forbidden?: RegExp) => {
    const tag = `x${(counter += 1)}`;
    const chosen = payloads[rotation++ % payloads.length];
    let text = chosen.make(tag);
    // A character the field's pattern forbids (an asset's name holds no '/', its path separator) is left out.
    if (forbidden) text = text.replace(forbidden, '');
    if (text.length > max) text = short(tag);
    stored.push({ tag, field, payload: text, outcome: 'stored' });
    return text;
  };
  const tagsSince = (from: number) => stored.slice(from);
  /** One create call; its payloads count as stored when it succeeded, else as refused with its status. */
  const create = async (operation: string, pathName: string, body: (variant: number) => unknown, organization?: string, variant = 0): Promise<string | undefined> => {
    const from = stored.length;
    const made = body(variant);
    const response = await admin.call('POST', pathName, { body: made, organization });
    covered.add(operation);
    if (!response.ok) {
      const status = response.status;
      if (status >= 500) throw new Error(`${operation}: ${status} ${await response.text()}`);
      const refusal = (await response.text()).slice(0, 300);
      for (const entry of tagsSince(from)) Object.assign(entry, { outcome: status, refusal });
      return undefined;
    }
    const answer = (await response.json()) as Partial<Created> & { UUID?: string };
    return answer.UUID;
  };

  const organizations = await admin.json<Array<{ UUID: string; IsRoot: boolean }>>('GET', '/current-user/organizations');
  const root = organizations.find((organization) => organization.IsRoot)?.UUID ?? '';
  // The organization first: the console opens in the newest one, where the records go.
  const org = await create('createOrganization', '/organizations', () => ({
    Name: payload('organization.Name'),
    Description: payload('organization.Description', 2000),
    PostgresUser: 'xss_reader',
    PostgresPassword: 'xss-reader-secret-1',
    PostgresPasswordConfirm: 'xss-reader-secret-1',
  }));
  if (!org) throw new Error('the organization with a payload for a name was refused');
  ids.organization = org;
  const types = await admin.json<Array<{ UUID: string; Name: string }>>('GET', '/timeseries-database-types', { organization: org });
  const postgresType = types.find((type) => type.Name === 'PostgreSQL')?.UUID ?? types[0].UUID;
  // A provider's name is its address (/auth/{provider}/login): the contract allows [A-Za-z0-9_.-]
  // only, so the payload is refused (400) and a plain name is stored for its page.
  const providerBody = (name: string) => ({
    ProviderName: name,
    ProviderType: 'oidc',
    Settings: { issuer: 'https://login.example.com/realms/plant', clientId: 'historian', scopes: 'openid profile email', groupClaim: 'groups' },
    SecureSettings: { clientSecret: 'xss-sign-on-secret' },
  });
  const provider =
    (await create('createAuthenticationProvider', '/authentication-providers', () => providerBody(payload('authenticationProvider.ProviderName')), root)) ??
    (await admin.json<Created>('POST', '/authentication-providers', { body: providerBody('xss-provider'), organization: root })).UUID;
  if (provider) ids.auth_provider = provider;
  await create('createCurrentUserToken', '/current-user/tokens', () => ({ Name: payload('currentUserToken.Name') }), org);

  for (let variant = 0; variant < options.variants; variant += 1) {
    const first = variant === 0;
    const remember = (key: string, uuid: string | undefined) => {
      if (first && uuid) ids[key] = uuid;
      return uuid;
    };
    const collector = remember('collector', await create('createCollector', '/collectors', () => ({ Name: payload('collector.Name'), Description: payload('collector.Description', 2000) }), org));
    const group = remember('group', await create('createUserGroup', '/user-groups', () => ({ Name: payload('userGroup.Name'), Description: payload('userGroup.Description', 2000) }), org));
    const user = remember('user', await create('createUser', '/users', () => ({ Name: payload('user.Name'), Password: 'xss-user-password-1' }), org));
    if (group && user) await admin.json('POST', '/user-group-users', { body: { UserGroupUUID: group, UserUUID: user }, organization: org });
    if (user) await create('createUserToken', `/users/${user}/tokens`, () => ({ Name: payload('userToken.Name') }), org);
    if (group && provider) {
      await create('createUserGroupMapping', `/user-groups/${group}/mapping`, () => ({ AuthenticationProviderUUID: provider, ExternalGroup: payload('userGroupMapping.ExternalGroup', 500) }), org);
    }
    const database = remember(
      'timeseries_database',
      await create('createTimeseriesDatabase', '/timeseries-databases', () => ({
        Name: payload('timeseriesDatabase.Name'),
        Description: payload('timeseriesDatabase.Description', 2000),
        TimeseriesDatabaseTypeUUID: postgresType,
        Settings: { mode: 'builtin' },
      }), org),
    );
    let measurement: string | undefined;
    if (collector && database) {
      measurement = remember(
        'measurement',
        await create('createMeasurement', '/measurements', () => ({
          Name: payload('measurement.Name'),
          Description: payload('measurement.Description', 2000),
          CollectorUUID: collector,
          DatabaseUUID: database,
          Datatype: 'number',
          Status: 'Active',
          Labels: [payload('measurement.Labels', 64)],
          Attributes: {
            Config: { UoM: payload('measurement.Attributes.Config.UoM', 50) },
            Tags: { site: payload('measurement.Attributes.Tags') },
            Metadata: { Note: payload('measurement.Attributes.Metadata', 500) },
          },
        }), org),
      );
    }
    const asset = remember('asset', await create('createAsset', '/assets', () => ({ Name: payload('asset.Name', 200, /\//g), Description: payload('asset.Description', 2000), ParentUUID: null, Metadata: { Note: payload('asset.Metadata', 500) } }), org));
    let property: string | undefined;
    if (asset && measurement) {
      property = remember(
        'asset_property',
        await create('createAssetProperty', '/asset-properties', () => ({
          AssetUUID: asset,
          Name: payload('assetProperty.Name'),
          Description: payload('assetProperty.Description', 2000),
          MeasurementUUID: measurement,
          UoM: payload('assetProperty.UoM', 50),
          Metadata: {},
        }), org),
      );
    }
    remember(
      'prototype',
      await create('createPrototype', '/prototypes', () => ({
        Name: payload('prototype.Name'),
        Description: payload('prototype.Description', 2000),
        Metadata: { Vendor: payload('prototype.Metadata', 500) },
        PropertyPrototypes: [{ Name: payload('prototype.PropertyPrototypes.Name'), Kind: 'measurement', Datatype: 'number', NameTemplate: '{{asset.Name}}.speed' }],
      }), org),
    );
    const eventType = remember('event_type', await create('createEventType', '/event-types', () => ({ Name: payload('eventType.Name'), Description: payload('eventType.Description', 2000), ParentUUID: null }), org));
    if (eventType) {
      await create('createEventTypeProperty', '/event-type-properties', () => ({
        EventTypeUUID: eventType,
        Name: payload('eventTypeProperty.Name'),
        Description: payload('eventTypeProperty.Description', 2000),
        Datatype: 'number',
        Type: 'simple',
        UoM: payload('eventTypeProperty.UoM', 50),
      }), org);
    }
    if (asset && eventType) {
      const configuration = remember('event_configuration', await create('createEventConfiguration', '/event-configurations', () => ({ AssetUUID: asset, EventTypeUUID: eventType, StartSource: 'manual' }), org));
      if (configuration) {
        remember('event', await create('createEvent', '/events', () => ({ EventConfigurationUUID: configuration, StartTime: new Date(Date.now() - 3_600_000).toISOString(), Reason: payload('event.Reason', 500) }), org));
      }
    }
    if (property) {
      const form = remember(
        'manual_entry_form',
        await create('createManualEntryForm', '/manual-entry-forms', () => ({
          Name: payload('manualEntryForm.Name'),
          Description: payload('manualEntryForm.Description', 2000),
          Type: 'Asset Properties',
          Config: { Groups: [{ Name: payload('manualEntryForm.Config.Groups.Name'), AssetPropertyUUIDs: [property] }] },
        }), org),
      );
      // A value typed in the form, with its comment (the reason), as the audit log shows it.
      if (form) {
        await create('writeManualEntryAssetValues', `/manual-entry-forms/${form}/values`, () => ({
          Values: [{ AssetPropertyUUID: property, Timestamp: new Date(Date.now() - 60_000).toISOString(), Value: 1 }],
          Reason: payload('manualEntryValues.Reason', 500),
        }), org);
      }
    }
    const sink = remember(
      'sink',
      await create('createSink', '/sinks', () => ({ Name: payload('sink.Name'), Description: payload('sink.Description', 2000), Type: 'MQTT', Settings: { BrokerURL: 'mqtt://127.0.0.1:1' } }), org),
    );
    if (sink) {
      remember(
        'forwarder',
        await create('createForwarder', '/forwarders', () => ({
          Name: payload('forwarder.Name'),
          Description: payload('forwarder.Description', 2000),
          SinkUUID: sink,
          Format: 'json',
          Selection: {},
          Templates: {},
          ReloadInterval: '5m',
        }), org),
      );
    }
    remember(
      'external_database',
      await create('createExternalDatabase', '/external-databases', () => ({
        Name: payload('externalDatabase.Name'),
        Description: payload('externalDatabase.Description', 2000),
        Kind: 'postgres',
        Settings: { Host: '127.0.0.1', Port: 1, Database: 'mes', Username: 'historian' },
      }), org),
    );
    remember(
      'task_scheduler',
      await create('createTaskScheduler', '/task-schedulers', () => ({
        Name: payload('taskScheduler.Name'),
        Description: payload('taskScheduler.Description', 2000),
        RRule: 'FREQ=DAILY;BYHOUR=2;BYMINUTE=0',
        Timezone: 'Europe/Amsterdam',
        TaskType: 'parquet_export',
        State: 'stopped',
        Settings: { StartOffset: '0s', Period: '1d', FileInterval: '1h', Directory: 'xss', AllowOverwrite: false, MeasurementUUIDs: measurement ? [measurement] : [], Labels: [] },
      }), org),
    );
  }
  return { organization: org, root, stored, covered, ids };
}

/** Every page of the route table, and the detail, trend and tab views of the records made. */
export function tourAddresses(scene: Scene): Map<string, string> {
  const { ids } = scene;
  const byId: Record<string, string | undefined> = {
    edit_organization: ids.organization && `id=${ids.organization}`,
    user: ids.user && `id=${ids.user}`,
    group: ids.group && `id=${ids.group}`,
    timeseries_database: ids.timeseries_database && `id=${ids.timeseries_database}`,
    auth_provider: ids.auth_provider && `id=${ids.auth_provider}`,
    external_database: ids.external_database && `id=${ids.external_database}`,
    sink: ids.sink && `id=${ids.sink}`,
    forwarder: ids.forwarder && `id=${ids.forwarder}`,
    task_scheduler: ids.task_scheduler && `id=${ids.task_scheduler}`,
    manual_entry_form: ids.manual_entry_form && `id=${ids.manual_entry_form}`,
    manual_entry_form_view: ids.manual_entry_form && `id=${ids.manual_entry_form}`,
    asset_prototypes_bulk: ids.prototype && `prototype=${ids.prototype}`,
    event_property_configurations: ids.event_configuration && `configuration=${ids.event_configuration}`,
  };
  const addresses = new Map<string, string>();
  for (const route of ROUTES) {
    if (('placeholder' in route && route.placeholder) || route.id === 'setup') continue;
    const query = byId[route.id];
    addresses.set(route.id, query ? `${route.path}?${query}` : route.path);
  }
  const extra: Array<[string, string, string | undefined]> = [
    ['measurement (drawer)', '/measurements?Measurement=', ids.measurement],
    ['measurement (trend)', '/measurements?trend=', ids.measurement],
    ['asset (selected)', '/assets?asset=', ids.asset],
    ['prototype (open)', '/assets/prototypes?open=', ids.prototype],
    ['event type (open)', '/event_types?tab=types&open=', ids.event_type],
    ['event configuration (open)', '/event_types?tab=configurations&open=', ids.event_configuration],
    ['event (open)', '/events?Event=', ids.event],
    ['manual entry form (fields)', '/manual-entry-form?tab=fields&id=', ids.manual_entry_form],
    ['manual entry form (access)', '/manual-entry-form?tab=access&id=', ids.manual_entry_form],
    ['forwarders of the sink', '/configuration/forwarders?sink=', ids.sink],
  ];
  for (const [label, prefix, uuid] of extra) if (uuid) addresses.set(label, `${prefix}${uuid}`);
  return addresses;
}

/** Pages that list the records made: each must show a payload as text. */
export const MUST_SHOW_TEXT = [
  'collectors',
  'measurements',
  'assets',
  'asset_prototypes',
  'event_types',
  'manual_entry_forms',
  'audit_log',
  'organizations',
  'users',
  'groups',
  'timeseries_databases',
  'external_databases',
  'sinks',
  'forwarders',
  'task_schedulers',
  'measurement (drawer)',
  'user',
  'group',
  'edit_organization',
  'sink',
  'forwarder',
  'organization switcher',
];

export interface PageFinding {
  page: string;
  /** Tags whose payload is visible as text (or as an input's value) on the page. */
  shownTags: string[];
  /** Elements made from a payload: a handler attribute or a javascript: address naming __xss. */
  injected: string[];
  /** The page scrolls sideways (a long payload broke its layout). */
  wide: boolean;
}

export interface XssResult {
  fields: number;
  pages: number;
  stored: number;
  refused: number;
  /** Fields whose payload the server refused (a validation pattern), e.g. a provider's name. */
  refusedFields: string[];
  /** Tags whose payload ran (reported by `top.__xss.push`), with their field. */
  ran: string[];
  dialogs: string[];
  cspViolations: string[];
  injected: string[];
  /** MUST_SHOW_TEXT pages that showed no payload as text. */
  pagesWithoutText: string[];
  /** Stored payloads shown as text on no page. */
  neverShown: string[];
  uncovered: string[];
  pageErrors: string[];
  /** Pages that scroll sideways with the payloads in them. */
  pagesScrollingSideways: string[];
  findings: PageFinding[];
  /** What the detector caught of payloads deliberately put into the page as HTML (must not be 0). */
  detector: { injected: number; cspViolations: number; ran: number };
}

const settle = (page: Page, address: string): Promise<void> => settleOn(page, address, 20_000);

/** What the page shows of the payloads and what it was made to hold. */
function inspect(page: Page): Promise<{ shownTags: string[]; injected: string[]; wide: boolean }> {
  return page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) texts.push(field.value);
    for (const element of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
      for (const name of ['title', 'aria-label', 'placeholder']) texts.push(element.getAttribute(name) ?? '');
    }
    const shown = new Set<string>();
    for (const text of texts) for (const match of text.matchAll(/push\((?:`|')(x\d+)(?:`|')\)/g)) shown.add(match[1]);
    const injected: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        const value = attribute.value;
        const handler = attribute.name.startsWith('on') && value.includes('__xss');
        const address = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc'].includes(attribute.name) && /^\s*javascript:/i.test(value);
        if (handler || address) injected.push(`<${element.tagName.toLowerCase()} ${attribute.name}="${value.slice(0, 60)}">`);
      }
    }
    // Had the sentinel been missing, a payload that ran would have left an array here instead.
    const left = (window as unknown as { __xss?: unknown }).__xss;
    if (Array.isArray(left)) injected.push(...left.map((tag) => `ran without the sentinel: ${String(tag)}`));
    const wide = document.documentElement.scrollWidth > document.documentElement.clientWidth;
    return { shownTags: [...shown], injected, wide };
  });
}

export interface XssTourOptions {
  /** Records of every kind; record i carries payload i + k in its k-th field. */
  variants: number;
  /** How many of PAYLOADS to use (the fast test uses the first six). */
  payloads?: number;
  /** Screenshots of two pages, light and dark, into this directory. */
  shotsDir?: string;
  log?: (line: string) => void;
}

/** Starts a server and Chromium, stores the payloads, tours every page and counts what ran. */
export async function runXssTour(options: XssTourOptions): Promise<XssResult> {
  const log = options.log ?? (() => undefined);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  try {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const admin = await prepareAdmin(server.url);
    const scene = await storePayloads(admin, { variants: options.variants, payloads: options.payloads });
    const storedCount = scene.stored.filter((entry) => entry.outcome === 'stored').length;
    log(`stored ${storedCount} payloads in ${new Set(scene.stored.map((entry) => entry.field)).size} fields (${scene.stored.length - storedCount} refused by validation)`);
    // The wizard would open first otherwise.
    await admin.json('PUT', '/settings/batch', { body: [{ Name: 'setup.done', Value: 'true' }], organization: scene.root });

    const ran: string[] = [];
    const dialogs: string[] = [];
    const cspViolations: string[] = [];
    const pageErrors: string[] = [];
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    let current = 'sign-in';
    await context.exposeBinding('__reportXss', (_source, tag: string) => ran.push(`${tag} on ${current}`));
    await context.exposeBinding('__reportCsp', (_source, violation: string) => cspViolations.push(`${violation} on ${current}`));
    // As text, not a function: a runner that compiles with helpers (tsx's __name) would break it.
    await context.addInitScript(`
      window.__xss = { push: function (tag) { window.__reportXss(String(tag)); } };
      document.addEventListener('securitypolicyviolation', function (event) {
        window.__reportCsp(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sample);
      });
    `);
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()} "${dialog.message()}" on ${current}`);
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('pageerror', (error) => pageErrors.push(`${current}: ${error.message}`));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/#/login');
    await signInWithForm(page, ADMIN, ADMIN_PASSWORD);
    await page.locator('.app-shell main').waitFor();

    const addresses = tourAddresses(scene);
    // The newest audit entries opened (their subject names, before and after, and reasons).
    const entries = await admin.json<Array<{ UUID: string; SubjectType: string }>>('GET', '/audit-logs?Limit=4', { organization: scene.organization });
    for (const entry of entries) addresses.set(`audit entry (${entry.SubjectType})`, `/audit_log?Entry=${entry.UUID}`);
    const findings: PageFinding[] = [];
    let visited = 0;
    for (const [label, address] of addresses) {
      current = label;
      await settle(page, address);
      const found = await inspect(page);
      findings.push({ page: label, ...found });
      visited += 1;
      if (visited % 10 === 0) log(`${visited} of ${addresses.size} pages`);
    }
    // The organization switcher (a dialog of organization names, opened from the header).
    current = 'organization switcher';
    await settle(page, '/collectors');
    await page.locator('.user-menu button[aria-haspopup="dialog"]').first().click();
    await page.locator('.organization-list button').first().waitFor();
    findings.push({ page: current, ...(await inspect(page)) });
    await page.keyboard.press('Escape');
    // A payload that would run late (an image failing to load) is caught before the count.
    current = 'the end of the tour';
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));

    // The detector itself: payloads put into the page as HTML and as a link must be caught (an
    // element built from them, a CSP violation for the blocked handler), and one that runs reports.
    current = 'the detector check';
    const before = { csp: cspViolations.length, ran: ran.length };
    await page.evaluate((html) => {
      const probe = document.createElement('div');
      probe.id = 'xss-detector-check';
      probe.innerHTML = html;
      document.body.append(probe);
    }, `${PAYLOADS[0].make('canary-html')}<a href="${PAYLOADS[3].make('canary-link')}">x</a>`);
    await page.waitForFunction(() => document.querySelector('#xss-detector-check img') !== null);
    await page.evaluate((code) => (0, eval)(code), run('canary-run'));
    const probed = await inspect(page);
    const deadline = Date.now() + 10_000;
    while (cspViolations.length === before.csp && Date.now() < deadline) await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const detector = {
      injected: probed.injected.length,
      cspViolations: cspViolations.length - before.csp,
      ran: ran.slice(before.ran).filter((line) => line.startsWith('canary-run')).length,
    };
    cspViolations.splice(before.csp);
    ran.splice(before.ran, ran.length - before.ran, ...ran.slice(before.ran).filter((line) => !line.startsWith('canary-')));
    await page.evaluate(() => document.querySelector('#xss-detector-check')?.remove());
    current = 'the screenshots';

    if (options.shotsDir) await shoot(page, options.shotsDir, addresses);

    const shownAnywhere = new Set(findings.flatMap((finding) => finding.shownTags));
    const storedEntries = scene.stored.filter((entry) => entry.outcome === 'stored');
    const fieldOf = new Map(scene.stored.map((entry) => [entry.tag, entry.field]));
    const mustCover = namedCreateOperations().filter((operation) => !(operation in NOT_STORED));
    return {
      fields: new Set(storedEntries.map((entry) => entry.field)).size,
      detector,
      pages: findings.length,
      stored: storedEntries.length,
      refused: scene.stored.length - storedEntries.length,
      refusedFields: [...new Set(scene.stored.filter((entry) => entry.outcome !== 'stored').map((entry) => entry.field))].sort(),
      ran: ran.map((line) => `${line} (${fieldOf.get(line.split(' ')[0]) ?? '?'})`),
      dialogs,
      cspViolations,
      injected: findings.flatMap((finding) => finding.injected.map((element) => `${finding.page}: ${element}`)),
      pagesWithoutText: MUST_SHOW_TEXT.filter((label) => {
        const finding = findings.find((entry) => entry.page === label);
        return !finding || finding.shownTags.length === 0;
      }),
      neverShown: storedEntries.filter((entry) => !shownAnywhere.has(entry.tag)).map((entry) => `${entry.tag} ${entry.field}`),
      uncovered: mustCover.filter((operation) => !scene.covered.has(operation)),
      pageErrors,
      pagesScrollingSideways: findings.filter((finding) => finding.wide).map((finding) => finding.page),
      findings,
    };
  } finally {
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
  }
}

/** Pages with payloads as text, light and dark (for a look at long payloads in the layout). */
async function shoot(page: Page, directory: string, addresses: Map<string, string>) {
  mkdirSync(directory, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((choice) => window.localStorage.setItem('historian.theme', JSON.stringify(choice)), theme);
    await page.reload();
    await page.locator('.app-shell main').waitFor();
    await page.waitForFunction((choice) => document.documentElement.dataset.theme === choice, theme);
    for (const label of ['measurements', 'measurement (drawer)', 'asset (selected)', 'manual_entry_forms']) {
      const address = addresses.get(label);
      if (!address) continue;
      await settle(page, address);
      await page.screenshot({ path: path.join(directory, `${label.replace(/[^a-z0-9]+/gi, '-')}-${theme}.png`), fullPage: true });
    }
  }
}
