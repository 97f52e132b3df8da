import type { ImportAction, ImportKeepOrUpdate, PrototypePlan, PrototypePlanField, PrototypePlanRow } from '../../../api/generated/historian.gen';

// The plan's rows as the bulk page shows them (server/prototypes/README.md "The plan"): the
// action a choice leads to, which rows take a choice, which conflicts still need one, and the
// state of each field of the three-way diff.

export type Choices = Readonly<Record<string, ImportKeepOrUpdate>>;

/** The summary chips, in the order of SPEC §3; 'Conflicts' filters the rows that need a choice. */
export type ActionFilter = ImportAction | 'Conflicts' | 'All';
export const CHIPS: readonly Exclude<ActionFilter, 'All'>[] = ['New', 'Update', 'Overridden', 'No change', 'Not linked', 'Link & Update', 'Link & Keep', 'Conflicts'];

/** The row takes a keep-or-update choice: a conflict, or a row whose default the user may turn. */
export const isChoosable = (row: PrototypePlanRow) => row.Conflict || (row.DefaultChoice !== null && row.DefaultChoice !== undefined);

/** What applying does with the row: the user's choice, else the row's default (none for an unresolved conflict). */
export const choiceOf = (row: PrototypePlanRow, choices: Choices): ImportKeepOrUpdate | null => choices[row.RowID] ?? row.DefaultChoice ?? null;

/** A Link row shows the action its choice leads to: update links and overwrites, keep links and keeps. */
export function actionOf(row: PrototypePlanRow, choices: Choices): ImportAction {
  if (row.Action !== 'Link & Keep' && row.Action !== 'Link & Update') return row.Action;
  const choice = choices[row.RowID];
  if (choice === 'update') return 'Link & Update';
  if (choice === 'keep') return 'Link & Keep';
  return row.Action;
}

export const matchesFilter = (row: PrototypePlanRow, filter: ActionFilter, choices: Choices) => filter === 'All' || (filter === 'Conflicts' ? row.Conflict : actionOf(row, choices) === filter);

/** The number of rows under each chip, as the choices stand (a Link row moves with its choice). */
export function chipCounts(plan: PrototypePlan, choices: Choices): Record<Exclude<ActionFilter, 'All'>, number> {
  const counts: Record<Exclude<ActionFilter, 'All'>, number> = { New: 0, Update: 0, Overridden: 0, 'No change': 0, 'Not linked': 0, 'Link & Update': 0, 'Link & Keep': 0, Conflicts: 0 };
  for (const row of plan.Rows) {
    counts[actionOf(row, choices)] += 1;
    if (row.Conflict) counts.Conflicts += 1;
  }
  return counts;
}

/** Conflicting rows still without a choice: applying waits for them. */
export const unresolved = (rows: readonly PrototypePlanRow[], choices: Choices): PrototypePlanRow[] => rows.filter((row) => row.Conflict && choices[row.RowID] === undefined);

/** The choices to send: every choice the user made on a row that takes one. */
export const choicesToSend = (rows: readonly PrototypePlanRow[], choices: Choices): Record<string, ImportKeepOrUpdate> =>
  Object.fromEntries(rows.filter((row) => isChoosable(row) && choices[row.RowID] !== undefined).map((row) => [row.RowID, choices[row.RowID]]));

export type FieldState = 'same' | 'update' | 'overridden' | 'conflict';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The rulebook's field states: P = I same; B = I update; B = P overridden; else conflict. */
export function fieldState(field: PrototypePlanField): FieldState {
  if (same(field.Prototype, field.Instance)) return 'same';
  if (same(field.Base, field.Instance)) return 'update';
  if (same(field.Base, field.Prototype)) return 'overridden';
  return 'conflict';
}

/** A field's value as one line of text (objects as JSON); null and undefined are empty. */
export const valueText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** The assets a plan covers, in the order of its rows (to plan again with the same choice). */
export const planAssets = (plan: PrototypePlan): string[] => [...new Set(plan.Rows.map((row) => row.AssetUUID))];
