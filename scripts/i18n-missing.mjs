#!/usr/bin/env node
// Prints, per language, the translation keys that en has and that language lacks, with the English
// text: the delta to hand to translators. en (locales/en/*.json) is the source of truth.
//
//   node scripts/i18n-missing.mjs              every language under locales/ except en
//   node scripts/i18n-missing.mjs nl de        only these languages
//   node scripts/i18n-missing.mjs --json       {"nl": {"general": {"a.b": "English text"}}}
//   node scripts/i18n-missing.mjs --check      exit status 1 when any key is missing
//
// Plural keys (`key_one`, `key_other`, …) follow each language's own plural categories, as in
// locales/i18n.test.ts: zh needs only `_other`, fr also needs `_many`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
const SOURCE = 'en';
const PLURAL_KEY = /^(.+?)_(ordinal_)?(zero|one|two|few|many|other)$/;

function usage(message) {
  if (message) console.error(message);
  console.error('usage: node scripts/i18n-missing.mjs [--json] [--check] [language ...]');
  process.exit(2);
}

const args = process.argv.slice(2);
const options = { json: false, check: false };
const languages = [];
for (const arg of args) {
  if (arg === '--json') options.json = true;
  else if (arg === '--check') options.check = true;
  else if (arg === '-h' || arg === '--help') usage();
  else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
  else languages.push(arg);
}

const folders = fs
  .readdirSync(LOCALES_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== SOURCE)
  .map((e) => e.name)
  .sort();
for (const lng of languages) if (!folders.includes(lng)) usage(`no folder locales/${lng}`);
const targets = languages.length ? languages : folders;

function namespacesOf(lng) {
  const dir = path.join(LOCALES_DIR, lng);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

function flatten(value, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

/** The catalogue's flat keys, or null when the file is absent; a broken file is an error. */
function read(lng, ns) {
  const file = path.join(LOCALES_DIR, lng, `${ns}.json`);
  if (!fs.existsSync(file)) return null;
  try {
    return flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (e) {
    console.error(`locales/${lng}/${ns}.json: ${e.message}`);
    process.exit(2);
  }
}

/** en's keys mapped to what lng must have instead, with the English text of each. */
function required(en, lng) {
  const groups = new Map();
  for (const key of en.keys()) {
    const m = PLURAL_KEY.exec(key);
    if (m && m[3] === 'other') groups.set(m[1] + (m[2] ? '_ordinal' : ''), { ordinal: Boolean(m[2]), zero: en.has(`${m[1]}_zero`) });
  }
  const result = new Map();
  for (const [key, text] of en) {
    const m = PLURAL_KEY.exec(key);
    if (m && groups.has(m[1] + (m[2] ? '_ordinal' : ''))) continue;
    result.set(key, text);
  }
  for (const [base, { ordinal, zero }] of groups) {
    const categories = new Intl.PluralRules(lng, { type: ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories;
    if (zero) categories.push('zero');
    for (const c of categories) result.set(`${base}_${c}`, en.get(`${base}_${c}`) ?? en.get(`${base}_other`));
  }
  return result;
}

const report = {};
let total = 0;
for (const lng of targets) {
  report[lng] = {};
  for (const ns of namespacesOf(SOURCE)) {
    const en = read(SOURCE, ns);
    const have = read(lng, ns) ?? new Map();
    const missing = {};
    for (const [key, text] of required(en, lng)) if (!have.has(key)) missing[key] = text;
    if (Object.keys(missing).length) report[lng][ns] = missing;
    total += Object.keys(missing).length;
  }
}

if (options.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const [lng, byNamespace] of Object.entries(report)) {
    const entries = Object.entries(byNamespace);
    if (!entries.length) {
      console.log(`${lng}: complete`);
      continue;
    }
    for (const [ns, missing] of entries) {
      const keys = Object.keys(missing);
      console.log(`${lng}/${ns}: ${keys.length} missing`);
      const width = Math.max(...keys.map((k) => k.length));
      for (const key of keys) console.log(`  ${key.padEnd(width)}  ${JSON.stringify(missing[key])}`);
    }
  }
}

if (options.check && total > 0) process.exit(1);
