import { listETag, matchesETag } from './etag';

// Weak list validators and the If-None-Match test (RFC 9110 §8.8.3, §13.1.2).

const ORG = '22222222-2222-4222-8222-222222222222';

describe('list ETags', () => {
  it('are weak, and differ by organization, by the stored version and by the query', () => {
    const tag = listETag(ORG, '3-100-300', { limit: 50, page: 1, keyword: null });
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(listETag(ORG, '3-100-300', { limit: 50, page: 1, keyword: null })).toBe(tag);
    expect(listETag('33333333-3333-4333-8333-333333333333', '3-100-300', { limit: 50, page: 1, keyword: null })).not.toBe(tag);
    expect(listETag(ORG, '3-101-301', { limit: 50, page: 1, keyword: null })).not.toBe(tag);
    expect(listETag(ORG, '3-100-300', { limit: 50, page: 2, keyword: null })).not.toBe(tag);
    expect(listETag(ORG, '3-100-300', { limit: 50, page: 1, keyword: 'press' })).not.toBe(tag);
  });

  it('match If-None-Match weakly: W/ aside, in a list, or *', () => {
    const tag = 'W/"abc"';
    expect(matchesETag(undefined, tag)).toBe(false);
    expect(matchesETag('W/"abc"', tag)).toBe(true);
    expect(matchesETag('"abc"', tag)).toBe(true);
    expect(matchesETag('"x", W/"abc" ', tag)).toBe(true);
    expect(matchesETag('*', tag)).toBe(true);
    expect(matchesETag('W/"abd"', tag)).toBe(false);
  });
});
