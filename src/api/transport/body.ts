// SPEC §7: JSON bodies, except form uploads, which go as they are so that the browser can set the
// multipart boundary in the content type itself.

export interface EncodedBody {
  body?: BodyInit;
  /** Only set when the transport chose the content type; otherwise fetch (or the caller) does. */
  contentType?: string;
}

const JSON_CONTENT_TYPE = 'application/json';

export function encodeBody(body: unknown, asFormData: boolean, callerContentType: string | null): EncodedBody {
  if (body === undefined) return {};
  if (isSentAsIs(body)) return { body };
  if (asFormData && isRecord(body)) return { body: toFormData(body) };
  // A caller that names its own content type for a text body means that text, not a JSON string.
  if (typeof body === 'string' && callerContentType) return { body };
  return { body: JSON.stringify(body), contentType: JSON_CONTENT_TYPE };
}

function isSentAsIs(body: unknown): body is FormData | Blob | URLSearchParams {
  return body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      if (item instanceof Blob) form.append(name, item);
      else form.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return form;
}
