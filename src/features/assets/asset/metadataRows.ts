import type { AssetRead } from '../../../api/generated/historian.gen';

// The metadata editor's rows: a key, a type and the value as typed. Numbers, texts and booleans
// (the contract's Metadata values); the row keeps its text until it is saved.

export type MetadataType = 'number' | 'text' | 'boolean';

export interface MetadataRow {
  id: number;
  key: string;
  type: MetadataType;
  value: string;
}

export type Metadata = AssetRead['Metadata'];

export function rowsOf(metadata: Metadata): MetadataRow[] {
  return Object.entries(metadata).map(([key, value], index) => ({
    id: index,
    key,
    type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text',
    value: String(value),
  }));
}

export type RowProblem = 'key_required' | 'key_repeated' | 'not_a_number';

/** What is wrong with each row, by its id (an empty map: the rows can be saved). */
export function problemsOf(rows: readonly MetadataRow[]): Map<number, RowProblem> {
  const problems = new Map<number, RowProblem>();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = row.key.trim();
    if (key === '') problems.set(row.id, 'key_required');
    else if (seen.has(key)) problems.set(row.id, 'key_repeated');
    else if (row.type === 'number' && (row.value.trim() === '' || !Number.isFinite(Number(row.value.replace(',', '.'))))) problems.set(row.id, 'not_a_number');
    seen.add(key);
  }
  return problems;
}

export function metadataOf(rows: readonly MetadataRow[]): Metadata {
  return Object.fromEntries(
    rows.map((row) => [row.key.trim(), row.type === 'number' ? Number(row.value.replace(',', '.')) : row.type === 'boolean' ? row.value === 'true' : row.value]),
  );
}

/** The prototype's keys without a value (null) that the asset has not filled in yet. */
export function missingKeys(prototypeMetadata: Record<string, unknown> | undefined, rows: readonly MetadataRow[]): string[] {
  if (!prototypeMetadata) return [];
  const filled = new Set(rows.filter((row) => row.value.trim() !== '' || row.type === 'boolean').map((row) => row.key.trim()));
  return Object.entries(prototypeMetadata).flatMap(([key, value]) => (value === null && !filled.has(key) ? [key] : []));
}
