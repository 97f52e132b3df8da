import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from './server';
import { unhandledRequests } from './unhandledRequests';

// jest-fixed-jsdom hands jsdom Node's own fetch (undici), which, unlike a browser, rejects relative
// URLs. The app calls '/api/...', so relative URLs are resolved against the page, as a browser would.
function resolveAgainstPage(input: RequestInfo | URL): RequestInfo | URL {
  if (typeof input !== 'string' || URL.canParse(input)) return input;
  return new URL(input, window.location.href);
}

const nodeFetch = globalThis.fetch;
globalThis.fetch = (input, init) => nodeFetch(resolveAgainstPage(input), init);
// A Proxy rather than a subclass keeps `instanceof Request` true for requests made elsewhere (msw).
globalThis.Request = new Proxy(globalThis.Request, {
  construct(target, [input, init]: [RequestInfo | URL, RequestInit | undefined], newTarget) {
    return Reflect.construct(target, [resolveAgainstPage(input), init], newTarget);
  },
});

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=', 1)[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

// CI runs the client tests beside the server's on two cores: a lazily loaded chunk or a validator
// compiled on first use can take longer than the 1 s that findBy and waitFor wait by default.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: unhandledRequests.onUnhandledRequest }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  clearCookies();
  // The hash is the route; a test that navigates must not leave the next one on another page.
  window.history.replaceState(null, '', '/');
  // Last, so that the clean-up above runs even when this fails the test.
  unhandledRequests.failOnUnhandledRequests();
});
afterAll(() => {
  server.close();
  // A request the last test started but msw saw only after its afterEach fails the file.
  unhandledRequests.failOnUnhandledRequests();
});
