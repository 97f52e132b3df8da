import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

// The contract (openapi/historian.yaml, a third of a megabyte) is read by the app at its start
// (request limits, the routes of fastify-openapi-glue) and by the LLM tools (privileges). Parsing
// the YAML takes about a second of CPU, paid by every server process and every server test file
// (Jest loads modules afresh per file). It is parsed once per process, and its JSON is cached on
// disk under node_modules/.cache, keyed by a hash of the YAML text, so that a changed contract is
// parsed again; JSON.parse of it takes milliseconds. Callers get their own copy.

export const CONTRACT_FILE = path.resolve(__dirname, '../../openapi/historian.yaml');
const CACHE_DIR = path.resolve(__dirname, '../../node_modules/.cache/historian');

let loaded: { hash: string; json: string } | undefined;

function contractJson(): string {
  const text = readFileSync(CONTRACT_FILE, 'utf8');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  if (loaded?.hash === hash) return loaded.json;
  const cached = path.join(CACHE_DIR, `contract-${hash}.json`);
  let json: string;
  try {
    json = readFileSync(cached, 'utf8');
  } catch {
    json = JSON.stringify(parseYaml(text));
    try {
      // Written aside and renamed into place: a parallel process never reads half a file.
      mkdirSync(CACHE_DIR, { recursive: true });
      const aside = `${cached}.${randomUUID()}`;
      writeFileSync(aside, json);
      renameSync(aside, cached);
    } catch {
      // A read-only installation parses the YAML each time; that is only slower.
    }
  }
  loaded = { hash, json };
  return json;
}

/** The contract as a plain object: a fresh copy per call. */
export function loadContract(): Record<string, unknown> {
  return JSON.parse(contractJson()) as Record<string, unknown>;
}
