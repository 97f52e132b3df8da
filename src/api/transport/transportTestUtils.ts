// Helpers for the transport's own tests (not used by the app).
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from '../../testing/server';
import { historianBaseQuery, type HistorianBaseQuery } from './baseQuery';
import { NO_REQUEST_CONTEXT, type RequestContext } from './requestContext';
import type { HistorianArgs } from './types';

export interface CallOptions {
  baseQuery?: HistorianBaseQuery;
  signal?: AbortSignal;
  /** What the calling store's state holds (organization, locale, bearer value). */
  context?: Partial<RequestContext>;
  dispatch?: BaseQueryApi['dispatch'];
}

/** Calls a baseQuery the way RTK Query does, as a store whose state holds `options.context`. */
export async function callBaseQuery(args: HistorianArgs | string, options: CallOptions = {}) {
  const controller = new AbortController();
  const api: BaseQueryApi = {
    signal: options.signal ?? controller.signal,
    abort: () => controller.abort(),
    dispatch: options.dispatch ?? jest.fn(),
    getState: () => ({}),
    extra: { requestContext: () => ({ ...NO_REQUEST_CONTEXT, ...options.context }) },
    endpoint: 'test',
    type: 'query',
  };
  return (options.baseQuery ?? historianBaseQuery)(args, api, {});
}

export function setXsrfCookie(value = 'xsrf-value'): void {
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(value)}; path=/`;
}

export function goToRoute(route: string): void {
  window.location.hash = `#${route}`;
}

export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials;
  body: string;
  formData?: FormData;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';

/** Answers `method path` with `respond()` (default `{}`) and records every request it sees. */
export function recordRequests(
  method: Method,
  path: string,
  respond: () => Response = () => HttpResponse.json<JsonBodyType>({}),
): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      const isMultipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
      seen.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        credentials: request.credentials,
        body: isMultipart ? '' : await request.clone().text(),
        formData: isMultipart ? await request.formData() : undefined,
      });
      return respond();
    }),
  );
  return seen;
}
