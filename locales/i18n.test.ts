// The translation catalogues against English (SPEC §1, §9; ARCHITECTURE.md "i18n").
//
// en is the source of truth: every other language must have exactly en's keys (plural keys follow
// the language's own CLDR plural categories), keep en's {{placeholders}}, $t() references and
// <tags>, and be a real translation rather than an English copy. The message keys named in SPEC
// §5 and §8, and every key literal the sources hand to t() / i18nKey / *Key props, must exist in en.
//
// `node scripts/i18n-missing.mjs` prints the keys a language still lacks (the delta for translators).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LANGUAGES } from '../domain/constants';

type Catalogue = { [key: string]: string | Catalogue };

const LOCALES_DIR = __dirname;
const SRC_DIR = path.resolve(__dirname, '../src');
const SOURCE = 'en';
const DEFAULT_NAMESPACE = 'general';

/** More than this share of a file's values equal to English fails the copy check. */
const MAX_ENGLISH_COPIES = 0.2;
/** Values that may stay English in every language: product name, acronyms, technical tokens. */
const TECHNICAL_TOKENS = new Set([
  'Historian Console',
  'OK',
  'ID',
  'API',
  'URL',
  'JSON',
  'JWT',
  'UUID',
  'EULA',
  'LDAP',
  'OIDC',
  'OAuth',
  'SAML',
  'gRPC',
  'REST',
  'HTTP',
  'HTTPS',
  'SQL',
  'PostgreSQL',
  'Postgres',
  'InfluxDB',
  'TimescaleDB',
  'MQTT',
  'OPC UA',
  'Modbus',
  'AI',
  'LLM',
  'QA',
  'CSV',
  'Excel',
  'E-mail',
  'Token',
  'Collector',
  'Collectors',
  'Asset',
  'Assets',
  'Sink',
  'Sinks',
  'Forwarder',
  'Forwarders',
]);
const ACRONYM = /^[A-Z0-9][A-Z0-9_./-]{0,7}$/;

// i18next v4 JSON plural suffixes (`key_one`, `key_other`, optional `key_zero`, `key_ordinal_one`).
const PLURAL_KEY = /^(.+?)_(ordinal_)?(zero|one|two|few|many|other)$/;

// The message keys SPEC §5 and §8 name.
const SPEC_KEYS = [
  'historian.errors.missing_privileges',
  'historian.errors.no_authentication_options',
  'users.errors.login',
  'users.errors.passwords_not_equal',
  'users.errors.default_password',
  'users.errors.update_password',
  'historian.errors.invalid_token',
  'historian.errors.update_license',
  'historian.errors.copy_token',
  'historian.success.update_license',
  'historian.success.copy_token',
  'configurations.errors.generate_token',
  'configurations.errors.update_setting',
  'configuration.errors.get_databases',
  'configuration.errors.update_database',
  'configuration.errors.database_test',
  'configurations.errors.create_organization',
  'historian.success.update_setting',
  'historian.success.update_setting_restart_required',
  'general.passwords_must_be_equal',
];

// ---------------------------------------------------------------------------------------------
// Loading

function namespacesOf(lng: string): string[] {
  const dir = path.join(LOCALES_DIR, lng);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

type Loaded = { ok: true; catalogue: Catalogue } | { ok: false; error: string };

const cache = new Map<string, Loaded>();
function load(lng: string, ns: string): Loaded {
  const id = `${lng}/${ns}`;
  const cached = cache.get(id);
  if (cached) return cached;
  let result: Loaded;
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), 'utf8'));
    const problems = shapeProblems(parsed, '');
    result = problems.length ? { ok: false, error: problems.join('\n') } : { ok: true, catalogue: parsed as Catalogue };
  } catch (e) {
    result = { ok: false, error: `${id}.json: ${(e as Error).message}` };
  }
  cache.set(id, result);
  return result;
}

/** A catalogue is nested objects whose leaves are non-empty strings (an empty group is harmless). */
function shapeProblems(value: unknown, at: string): string[] {
  if (typeof value === 'string') return value.trim() ? [] : [`${at || '(root)'} is an empty string`];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${at || '(root)'} is not a string or an object`];
  return Object.entries(value).flatMap(([k, v]) => shapeProblems(v, at ? `${at}.${k}` : k));
}

function catalogueOf(lng: string, ns: string): Catalogue {
  const loaded = load(lng, ns);
  if (!loaded.ok) throw new Error(`${lng}/${ns}.json cannot be used:\n${loaded.error}`);
  return loaded.catalogue;
}

function flatten(catalogue: Catalogue, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(catalogue)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Key sets, plural-aware

function pluralCategories(lng: string, ordinal: boolean): string[] {
  return new Intl.PluralRules(lng, { type: ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories;
}

/** en's plural groups: base (with `_ordinal` when ordinal) -> whether en has a `_zero` form. */
function pluralGroups(en: Map<string, string>): Map<string, { ordinal: boolean; zero: boolean }> {
  const groups = new Map<string, { ordinal: boolean; zero: boolean }>();
  for (const key of en.keys()) {
    const m = PLURAL_KEY.exec(key);
    if (!m || m[3] !== 'other') continue;
    groups.set(m[1] + (m[2] ? '_ordinal' : ''), { ordinal: Boolean(m[2]), zero: en.has(`${m[1]}_zero`) });
  }
  return groups;
}

function groupOf(key: string, groups: ReturnType<typeof pluralGroups>): { base: string; category: string } | null {
  const m = PLURAL_KEY.exec(key);
  if (!m) return null;
  const base = m[1] + (m[2] ? '_ordinal' : '');
  return groups.has(base) ? { base, category: m[3] } : null;
}

/** The keys lng must have, given en's. */
function requiredKeys(en: Map<string, string>, lng: string): Set<string> {
  const groups = pluralGroups(en);
  const required = new Set<string>();
  for (const key of en.keys()) if (!groupOf(key, groups)) required.add(key);
  for (const [base, { ordinal, zero }] of groups) {
    for (const c of pluralCategories(lng, ordinal)) required.add(`${base}_${c}`);
    if (zero) required.add(`${base}_zero`);
  }
  return required;
}

/** The keys lng may have: the required ones plus an optional `_zero` plural form. */
function allowedKeys(en: Map<string, string>, lng: string): Set<string> {
  const allowed = requiredKeys(en, lng);
  for (const base of pluralGroups(en).keys()) if (!base.endsWith('_ordinal')) allowed.add(`${base}_zero`);
  return allowed;
}

/** The English text a lng key translates: itself, or for plural forms en's same form or `_other`. */
function englishFor(key: string, en: Map<string, string>): string | undefined {
  if (en.has(key)) return en.get(key);
  const group = groupOf(key, pluralGroups(en));
  return group ? en.get(`${group.base}_other`) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Markup: {{placeholders}}, $t() nesting and <tags>

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((m) => m[1]);
}

function markup(text: string): string[] {
  const nesting = [...text.matchAll(/\$t\(([^)]*)\)/g)].map((m) => `$t(${m[1].trim()})`);
  const tags = [...text.matchAll(/<\/?([A-Za-z0-9]+)\s*\/?>/g)].map((m) => m[0].replace(/\s+/g, ''));
  return [...nesting, ...tags].sort();
}

function difference(a: string[], b: string[]): string[] {
  const rest = [...b];
  return a.filter((x) => {
    const i = rest.indexOf(x);
    if (i === -1) return true;
    rest.splice(i, 1);
    return false;
  });
}

// ---------------------------------------------------------------------------------------------
// English copies

function mayStayEnglish(value: string): boolean {
  const text = value.replace(/\{\{[^{}]*\}\}/g, '').trim();
  if (!/\p{L}/u.test(text)) return true; // only placeholders, digits or punctuation
  return TECHNICAL_TOKENS.has(text) || ACRONYM.test(text);
}

// ---------------------------------------------------------------------------------------------
// Key literals in the sources

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['__tests__', '__mocks__', 'testing', 'generated'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const STRING = String.raw`(?:'([^'\\\n]*)'|"([^"\\\n]*)"|\`([^\`\\$]*)\`)`;
const KEY_PATTERNS = [
  // t('a.b'), t("a.b", …), i18n.t(`a.b`): the first argument, a literal
  new RegExp(String.raw`(?<![\w$])t\(\s*${STRING}`, 'g'),
  // <Trans i18nKey="a.b">, i18nKey={'a.b'}, { i18nKey: 'a.b' }
  new RegExp(String.raw`\bi18nKey\s*[=:]\s*\{?\s*${STRING}`, 'g'),
  // key-typed props and fields: labelKey: 'menu.home', titleKey="pages.x", messageKey, textKey …
  new RegExp(String.raw`\b(?:label|title|message|text|description|placeholder|tooltip|help|error)Key\s*[=:]\s*\{?\s*${STRING}`, 'g'),
];

/** Every key literal in src, with the files that use it. */
function keysUsedInSources(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of sourceFiles(SRC_DIR)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of KEY_PATTERNS) {
      for (const m of text.matchAll(pattern)) {
        const key = m[1] ?? m[2] ?? m[3];
        if (!key) continue;
        const where = `${path.relative(path.resolve(SRC_DIR, '..'), file)}:${text.slice(0, m.index).split('\n').length}`;
        used.set(key, [...(used.get(key) ?? []), where]);
      }
    }
  }
  return used;
}

/** Whether en has a text for a key as t() resolves it: `ns:key`, plain or plural. */
function existsInEnglish(fullKey: string): boolean {
  const colon = fullKey.indexOf(':');
  const [ns, key] = colon > 0 ? [fullKey.slice(0, colon), fullKey.slice(colon + 1)] : [DEFAULT_NAMESPACE, fullKey];
  if (!namespacesOf(SOURCE).includes(ns)) return false;
  const en = flatten(catalogueOf(SOURCE, ns));
  return en.has(key) || en.has(`${key}_other`) || en.has(`${key}_ordinal_other`);
}

// ---------------------------------------------------------------------------------------------

const namespaces = namespacesOf(SOURCE);
const others = LANGUAGES.filter((lng) => lng !== SOURCE);

describe('the locales', () => {
  test('en has at least the default namespace', () => {
    expect(namespaces).toContain(DEFAULT_NAMESPACE);
  });

  test('every language of the app has a folder, and there are no others', () => {
    const folders = fs
      .readdirSync(LOCALES_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders).toEqual([...LANGUAGES].sort());
  });

  test.each(others)('%s has no namespace file that en lacks', (lng) => {
    expect(namespacesOf(lng).filter((ns) => !namespaces.includes(ns))).toEqual([]);
  });
});

describe.each(namespaces)('namespace %s', (ns) => {
  test.each(LANGUAGES)(`%s/${ns} parses`, (lng) => {
    const loaded = load(lng, ns);
    if (!loaded.ok) throw new Error(loaded.error);
  });

  describe.each(others)('%s', (lng) => {
    test(`every key in en exists in ${lng}/${ns}`, () => {
      const have = flatten(catalogueOf(lng, ns));
      const missing = [...requiredKeys(flatten(catalogueOf(SOURCE, ns)), lng)].filter((k) => !have.has(k));
      // Translate these, or run `node scripts/i18n-missing.mjs` for the English texts.
      expect(missing).toEqual([]);
    });

    test(`no ${lng} key is missing from en`, () => {
      const allowed = allowedKeys(flatten(catalogueOf(SOURCE, ns)), lng);
      const stray = [...flatten(catalogueOf(lng, ns)).keys()].filter((k) => !allowed.has(k));
      expect(stray).toEqual([]);
    });

    test(`every {{placeholder}} of en is kept in ${lng}`, () => {
      const en = flatten(catalogueOf(SOURCE, ns));
      const problems: string[] = [];
      for (const [key, value] of flatten(catalogueOf(lng, ns))) {
        const english = englishFor(key, en);
        if (english === undefined) continue;
        // A plural form may show or leave out {{count}}.
        const plural = groupOf(key, pluralGroups(en)) !== null;
        const ours = placeholders(value).filter((p) => !(plural && p === 'count'));
        const theirs = placeholders(english).filter((p) => !(plural && p === 'count'));
        const lost = theirs.filter((p) => !ours.includes(p));
        const unknown = ours.filter((p) => !theirs.includes(p));
        if (lost.length) problems.push(`${key}: lost ${lost.map((p) => `{{${p}}}`).join(', ')}`);
        if (unknown.length) problems.push(`${key}: unknown ${unknown.map((p) => `{{${p}}}`).join(', ')}`);
      }
      expect(problems).toEqual([]);
    });

    test(`every $t() reference and <tag> of en is kept in ${lng}`, () => {
      const en = flatten(catalogueOf(SOURCE, ns));
      const problems: string[] = [];
      for (const [key, value] of flatten(catalogueOf(lng, ns))) {
        const english = englishFor(key, en);
        if (english === undefined) continue;
        const ours = markup(value);
        const theirs = markup(english);
        const lost = difference(theirs, ours);
        const unknown = difference(ours, theirs);
        if (lost.length || unknown.length) problems.push(`${key}: lost [${lost.join(' ')}] unknown [${unknown.join(' ')}]`);
      }
      expect(problems).toEqual([]);
    });

    test('translations are not English copies', () => {
      const en = flatten(catalogueOf(SOURCE, ns));
      const values = [...flatten(catalogueOf(lng, ns))].filter(([key]) => englishFor(key, en) !== undefined);
      const copies = values.filter(([key, value]) => value === englishFor(key, en) && !mayStayEnglish(value)).map(([key]) => key);
      const share = values.length ? copies.length / values.length : 0;
      if (share > MAX_ENGLISH_COPIES) {
        throw new Error(
          `${copies.length} of ${values.length} values of ${lng}/${ns} (${Math.round(share * 100)}%, more than ` +
            `${MAX_ENGLISH_COPIES * 100}%) are identical to English:\n  ${copies.join('\n  ')}`,
        );
      }
    });
  });
});

describe('the English catalogue', () => {
  test('every message key named in SPEC §5 and §8 exists in en', () => {
    expect(SPEC_KEYS.filter((key) => !existsInEnglish(key))).toEqual([]);
  });

  test('every key literal used in src (t(), i18nKey, *Key props) exists in en', () => {
    const used = keysUsedInSources();
    // Guard the scan itself: the app does translate its shell through literals.
    expect(used.has('app.name')).toBe(true);
    const missing = [...used].filter(([key]) => !existsInEnglish(key)).map(([key, where]) => `${key} (${where.join(', ')})`);
    expect(missing).toEqual([]);
  });
});
