import type { FastifyInstance } from 'fastify';
import { markMultipartReading, markMultipartRead } from './multipartReading';
import { badRequest } from './problem';

// The contract's `x-historian-request-limits`, checked on every request before its operation's
// own schema: no string anywhere (values and member names of the body, query and path) may hold a
// character PostgreSQL cannot store (NUL; an unpaired UTF-16 surrogate, which JSON allows and the
// database would silently turn into U+FFFD), and no JSON value may nest deeper than the limit
// (deep enough, JSON.stringify and PostgreSQL's jsonb overflow their stacks). Each breach is a 400
// naming the field, before any handler or query runs.

export interface RequestLimits {
  maxJsonDepth: number;
  /** Every string must match it in full (compiled with the `u` flag). */
  text: RegExp;
}

export const REQUEST_LIMITS_EXTENSION = 'x-historian-request-limits';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads the limits from the parsed contract; a missing or malformed declaration stops the start. */
export function readRequestLimits(contract: unknown): RequestLimits {
  const declared = isRecord(contract) ? contract[REQUEST_LIMITS_EXTENSION] : undefined;
  if (!isRecord(declared)) throw new Error(`openapi/historian.yaml: ${REQUEST_LIMITS_EXTENSION} is missing`);
  const { maxJsonDepth, textPattern } = declared;
  if (typeof maxJsonDepth !== 'number' || !Number.isInteger(maxJsonDepth) || maxJsonDepth < 1) {
    throw new Error(`openapi/historian.yaml: ${REQUEST_LIMITS_EXTENSION}.maxJsonDepth must be a whole number above 0`);
  }
  if (typeof textPattern !== 'string') throw new Error(`openapi/historian.yaml: ${REQUEST_LIMITS_EXTENSION}.textPattern must be a regular expression`);
  return { maxJsonDepth, text: new RegExp(textPattern, 'u') };
}

export const TEXT_MESSAGE = 'must not contain NUL (U+0000) or an unpaired UTF-16 surrogate';
export const depthMessage = (limits: RequestLimits) => `nests deeper than ${limits.maxJsonDepth} levels`;

export interface LimitBreach {
  field: string;
  message: string;
}

/** Field names in answers are themselves free of the refused characters. */
const printable = (name: string) => name.replace(/\0|[\uD800-\uDFFF]/gu, '\uFFFD');

/**
 * The first string or nesting level of `value` that breaks the limits, named by its path.
 * Iterative, so a value nested a million levels deep is refused rather than overflowing the stack.
 */
export function findLimitBreach(value: unknown, limits: RequestLimits, prefix: string): LimitBreach | undefined {
  const fieldOf = (path: readonly string[]) => prefix + (path.map(printable).join('.') || '(root)');
  const pending: Array<{ value: unknown; path: string[]; depth: number }> = [{ value, path: [], depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === undefined) break;
    if (typeof item.value === 'string') {
      if (!limits.text.test(item.value)) return { field: fieldOf(item.path), message: TEXT_MESSAGE };
      continue;
    }
    // Uploaded files (multipart) are bytes, not text.
    if (!isRecord(item.value) || item.value instanceof Uint8Array) continue;
    const depth = item.depth + 1;
    if (depth > limits.maxJsonDepth) return { field: fieldOf(item.path), message: depthMessage(limits) };
    // Members are checked in place: numbers, booleans and null need nothing, so a batch of
    // 50,000 points costs no path per value (a path is made only for a breach or a nested value).
    const visit = (key: string, member: unknown): LimitBreach | undefined => {
      if (typeof member === 'string') {
        if (!limits.text.test(member)) return { field: fieldOf([...item.path, key]), message: TEXT_MESSAGE };
      } else if (isRecord(member)) {
        pending.push({ value: member, path: [...item.path, key], depth });
      }
      return undefined;
    };
    if (Array.isArray(item.value)) {
      const list: unknown[] = item.value;
      for (let index = 0; index < list.length; index += 1) {
        const breach = visit(String(index), list[index]);
        if (breach) return breach;
      }
      continue;
    }
    for (const [key, member] of Object.entries(item.value)) {
      if (!limits.text.test(key)) return { field: fieldOf([...item.path, key]), message: TEXT_MESSAGE };
      const breach = visit(key, member);
      if (breach) return breach;
    }
  }
  return undefined;
}

/**
 * `registerBodyParsers` adds the multipart plugin (its preValidation hook reads the body); the
 * hooks around it mark the reading, and the limits are checked once every body is parsed.
 */
export async function registerRequestLimits(app: FastifyInstance, limits: RequestLimits, registerBodyParsers: () => Promise<void>) {
  app.addHook('preValidation', async (request) => {
    markMultipartReading(request);
  });
  await registerBodyParsers();
  app.addHook('preValidation', async (request) => {
    markMultipartRead(request);
    const parts: Array<[unknown, string]> = [
      [request.params, 'path.'],
      [request.query, 'query.'],
      [request.body, ''],
    ];
    for (const [value, prefix] of parts) {
      const breach = findLimitBreach(value, limits, prefix);
      if (breach) throw badRequest(`The request breaks a limit of the contract: ${breach.field} ${breach.message}`, { [breach.field]: [breach.message] });
    }
  });
}
