import { sql, type RawBuilder } from 'kysely';

// The Keyword filter of the list calls (openapi: components/parameters/Keyword): a case-insensitive
// "contains" on a few text columns, in which the keyword's own LIKE wildcards match themselves.

/** The LIKE pattern that finds the keyword anywhere, `%`, `_` and `\` escaped. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The keyword to filter by, or null for none (absent or blank). */
export function keywordOf(keyword: string | undefined): string | null {
  const trimmed = keyword?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** `column ILIKE pattern OR …` for the given columns. */
export function matchesKeyword(keyword: string, columns: readonly string[]): RawBuilder<boolean> {
  const pattern = containsPattern(keyword);
  const tests = columns.map((column) => sql<boolean>`${sql.ref(column)} ILIKE ${pattern} ESCAPE '\\'`);
  return sql<boolean>`(${sql.join(tests, sql` OR `)})`;
}
