import { DEFAULT_LANGUAGE } from '../../../domain/constants';
import { encodeBody } from './body';
import type { RequestSummary } from './errors';
import { redactSecrets } from './redact';
import { buildUrl, withPaging } from './serializeQuery';
import { readXsrfToken } from './session';
import type { RequestContext } from './requestContext';
import type { HistorianArgs } from './types';

export interface PreparedRequest {
  url: string;
  init: RequestInit;
  /** Safe to show: the body is redacted. */
  summary: RequestSummary;
}

/** Turns the endpoint's arguments into what fetch needs, applying the header rules of SPEC §7. */
export async function prepareRequest(
  basePath: string,
  args: HistorianArgs,
  context: RequestContext,
): Promise<PreparedRequest> {
  const method = (args.method ?? 'GET').toUpperCase();
  const url = await buildUrl(basePath, args.url, args.paginated ? withPaging(args.params) : args.params);
  const callerHeaders = Object.entries(args.headers ?? {});
  const callerContentType =
    callerHeaders.find(([name, value]) => name.toLowerCase() === 'content-type' && value)?.[1] ?? null;
  const encoded = encodeBody(args.body, args.formData ?? false, callerContentType);

  const headers = new Headers();
  if (context.organizationUuid) headers.set('x-organization-uuid', context.organizationUuid);
  headers.set('accept-language', context.locale || DEFAULT_LANGUAGE);
  if (context.bearerToken) headers.set('authorization', `Bearer ${context.bearerToken}`);
  if (encoded.contentType) headers.set('content-type', encoded.contentType);
  for (const [name, value] of callerHeaders) {
    if (value === null) headers.delete(name);
    else if (value !== undefined) headers.set(name, value);
  }
  // Set last: the anti-forgery header is on every request, whatever the caller asked for.
  headers.set('x-xsrf-token', readXsrfToken());

  return {
    url,
    init: { method, headers, body: encoded.body, credentials: 'include' },
    summary: { method, url, body: redactSecrets(args.body) },
  };
}
