import { createHash } from 'node:crypto';

// Weak validators (RFC 9110 §8.8.3) for list answers, and the If-None-Match test (§13.1.2).

/**
 * A weak ETag for a list: what the stored items look like (a version the repository computes)
 * and the query that picked them, for one organization.
 */
export function listETag(organizationUuid: string, version: string, query: Record<string, string | number | null>): string {
  const digest = createHash('sha256').update(JSON.stringify([organizationUuid, version, query])).digest('base64url').slice(0, 27);
  return `W/"${digest}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match compares weakly: `*`, or any listed tag equal to ours, W/ aside. */
export function matchesETag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const listed = (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch).split(',').map((tag) => tag.trim());
  return listed.some((tag) => tag === '*' || opaque(tag) === opaque(etag));
}
