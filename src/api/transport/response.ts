import { TOTAL_COUNT_HEADER } from '../../../domain/constants';

// SPEC §7: a JSON content type is parsed as JSON; other success responses are returned raw.

export type BodyFormat = 'problem' | 'json' | 'binary' | 'text';

const PROBLEM = /^application\/problem\+json\b/i;
const JSON_TYPE = /^(application|text)\/([\w.-]+\+)?json\b/i;
// Downloads such as the collector template spreadsheet (application/vnd.openxmlformats-…).
const BINARY = /^(application\/(octet-stream|pdf|zip|gzip|x-7z-compressed|vnd\.)|image\/|audio\/|video\/|font\/)/i;

export function bodyFormat(contentType: string | null): BodyFormat {
  const type = (contentType ?? '').trim();
  if (PROBLEM.test(type)) return 'problem';
  if (JSON_TYPE.test(type)) return 'json';
  if (BINARY.test(type)) return 'binary';
  return 'text';
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; raw: string };

/** Reads a success body in its raw form; an empty JSON body is null. */
export async function readBody(response: Response, format: BodyFormat): Promise<ParsedBody> {
  if (format === 'binary') return { ok: true, value: await response.blob() };
  const text = await response.text();
  if (format === 'text') return { ok: true, value: text };
  return parseJson(text);
}

/**
 * Error bodies end up in the store and in the error-details dialog, so they stay serialisable:
 * parsed JSON when possible, otherwise text, and null when there is nothing.
 */
export async function readErrorBody(response: Response, format: BodyFormat): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if (format === 'json' || format === 'problem') {
    const parsed = parseJson(text);
    return parsed.ok ? parsed.value : text;
  }
  return text;
}

export function headersToObject(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    result[name] = value;
  });
  return result;
}

export function readTotalCount(headers: Headers): number | undefined {
  const raw = headers.get(TOTAL_COUNT_HEADER);
  if (raw === null || raw.trim() === '') return undefined;
  const count = Number(raw);
  return Number.isFinite(count) ? count : undefined;
}

function parseJson(text: string): ParsedBody {
  if (!text.trim()) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, raw: text };
  }
}
