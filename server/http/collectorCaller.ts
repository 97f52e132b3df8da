import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { unauthorized } from './problem';

/**
 * The collector calling a route declared `x-historian-access: collector`, resolved from its
 * bearer token by the auth plugin. It is bound to one collector in one organization: the
 * collector-facing calls take no ids, so a token can reach nothing but its own collector.
 */
export interface CollectorCaller {
  collectorUuid: string;
  organizationUuid: string;
  /** For the audit trail's "who": changes a collector makes are its own. */
  collectorName?: string;
}

/** Maps a bearer value to the collector it belongs to (server/collectors/collectorTokens.ts). */
export type CollectorResolver = (db: Db, bearer: string) => Promise<CollectorCaller | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    collector?: CollectorCaller;
  }
}

/** The calling collector; 401 when the route was not declared for collectors. */
export function collectorOf(request: FastifyRequest): CollectorCaller {
  if (!request.collector) throw unauthorized('This call needs a collector token');
  return request.collector;
}
