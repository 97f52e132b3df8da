import { subscribeUploadProgress, uploadProgressOf, xhrFetch } from './xhrFetch';

// The XHR wire under uploads: it must behave like fetch for the baseQuery (status, headers, body,
// abort) and publish the upload's progress while it runs. jsdom's XHR never reports upload
// progress, so a scripted XMLHttpRequest stands in for the browser's.

class ScriptedXhr {
  static last: ScriptedXhr | null = null;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  response: unknown = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown = undefined;
  constructor() {
    ScriptedXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nx-total-count: 3\r\n';
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: string) {
    this.status = status;
    this.response = new Blob([body], { type: 'application/json' });
    this.onload?.();
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  Object.assign(globalThis, { XMLHttpRequest: ScriptedXhr });
});
afterEach(() => {
  Object.assign(globalThis, { XMLHttpRequest: realXhr });
});

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('xhrFetch', () => {
  it('sends a form as multipart with its boundary and answers like fetch', async () => {
    const form = new FormData();
    form.append('Version', '1.1.0');
    const pending = xhrFetch('/api/product-updates', { method: 'POST', body: form, headers: { 'x-xsrf-token': 'x' }, credentials: 'include' });
    await nextTick();
    const xhr = ScriptedXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(xhr?.headers['x-xsrf-token']).toBe('x');
    expect(xhr?.sent).toBeInstanceOf(Blob);
    xhr?.answer(201, '{"Version":"1.1.0"}');
    const response = await pending;
    expect(response.status).toBe(201);
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(await response.json()).toEqual({ Version: '1.1.0' });
  });

  it('publishes the upload progress while it runs and clears it when done', async () => {
    const seen: Array<number | null> = [];
    const unsubscribe = subscribeUploadProgress(() => seen.push(uploadProgressOf('/api/up')?.loaded ?? null));
    const pending = xhrFetch('/api/up', { method: 'POST', body: new Blob(['x'.repeat(100)]) });
    await nextTick();
    ScriptedXhr.last?.upload.onprogress?.({ loaded: 40, total: 100, lengthComputable: true });
    expect(uploadProgressOf('/api/up')).toEqual({ loaded: 40, total: 100 });
    ScriptedXhr.last?.answer(204, '');
    expect((await pending).status).toBe(204);
    expect(uploadProgressOf('/api/up')).toBeNull();
    expect(seen).toEqual([0, 40, null]);
    unsubscribe();
  });

  it('rejects with an AbortError when the caller aborts, as fetch does', async () => {
    const controller = new AbortController();
    const pending = xhrFetch('/api/up', { method: 'POST', body: 'x', signal: controller.signal });
    await nextTick();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(uploadProgressOf('/api/up')).toBeNull();
  });
});
