// fetch cannot report how much of a request body has been sent; XMLHttpRequest can. This is a
// fetch-compatible function over XHR, handed to a baseQuery as its `fetchFn`, so an upload keeps
// every rule of the transport (headers, XSRF, 401 handling, problem details, timeout, abort) and
// only the wire underneath differs. Progress goes to a small external store, keyed by URL.

export interface UploadProgress {
  loaded: number;
  /** Null when the browser cannot tell the body's size. */
  total: number | null;
}

const progress = new Map<string, UploadProgress>();
const listeners = new Set<() => void>();

function publish(url: string, value: UploadProgress | null): void {
  if (value === null) progress.delete(url);
  else progress.set(url, value);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export function subscribeUploadProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The progress of the upload running to `url` (as the transport built it, e.g. /api/product-updates). */
export const uploadProgressOf = (url: string): UploadProgress | null => progress.get(url) ?? null;

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function isXhrBody(body: unknown): body is Document | XMLHttpRequestBodyInit {
  return (
    typeof body === 'string' || body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || body instanceof ArrayBuffer
  );
}

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A form encoded as fetch would encode it (multipart, with its boundary in the content type), so
 * that the size is known for the progress bar and no XHR implementation has to recognise FormData.
 */
async function encodeForm(form: FormData): Promise<{ body: Blob; contentType: string | null }> {
  const encoded = new Request('https://upload.invalid/', { method: 'POST', body: form });
  return { body: await encoded.blob(), contentType: encoded.headers.get('content-type') };
}

export const xhrFetch: typeof fetch = async (input, init = {}) => {
  const form = init.body instanceof FormData ? await encodeForm(init.body) : null;
  const headers = new Headers(init.headers);
  if (form?.contentType) headers.set('content-type', form.contentType);
  const body = form ? form.body : (init.body ?? null);
  return new Promise<Response>((resolve, reject) => {
    const url = urlOf(input);
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.responseType = 'blob';
    xhr.withCredentials = init.credentials === 'include';
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    const done = () => {
      publish(url, null);
      init.signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => xhr.abort();
    xhr.upload.onprogress = (event) => publish(url, { loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    xhr.onload = () => {
      done();
      const body: unknown = xhr.response;
      resolve(
        new Response(NULL_BODY_STATUSES.has(xhr.status) || !(body instanceof Blob) ? null : body, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: responseHeaders(xhr),
        }),
      );
    };
    // Both reject like fetch does; the baseQuery turns them into its network and abort errors.
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    if (init.signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    init.signal?.addEventListener('abort', onAbort);
    if (body !== null && !isXhrBody(body)) {
      done();
      reject(new TypeError('This body cannot be sent with XMLHttpRequest'));
      return;
    }
    publish(url, { loaded: 0, total: body instanceof Blob ? body.size : null });
    xhr.send(body);
  });
};
