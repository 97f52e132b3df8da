import { TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportKeepOrUpdate, PrototypePlan, PrototypePlanRow } from '../../../api/generated/historian.gen';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableColumn } from '../../../components/DataTable/types';
import { ChoiceControl } from './ChoiceControl';
import { FieldDiff } from './FieldDiff';
import { actionClass, ACTION_ICONS, actionText, kindText, problemText } from './planText';
import { actionOf, chipCounts, CHIPS, choiceOf, isChoosable, matchesFilter, type ActionFilter, type Choices } from './planRules';

// The plan's rows (one per entity): summary chips that filter them, a virtualised table with the
// kind, asset path, name, action, conflict, problem and choice, the three-way diff under a row,
// and keep or update for the chosen rows at once.

export interface PlanTableProps {
  plan: PrototypePlan;
  choices: Choices;
  /** Choices can still change (the plan is not applied yet and the user may manage prototypes). */
  editable: boolean;
  filter: ActionFilter;
  onFilter: (filter: ActionFilter) => void;
  onChoose: (rowIds: readonly string[], choice: ImportKeepOrUpdate | null) => void;
}

export function PlanTable({ plan, choices, editable, filter, onFilter, onChoose }: PlanTableProps) {
  const { t, i18n } = useTranslation();
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const counts = useMemo(() => chipCounts(plan, choices), [plan, choices]);
  const rows = useMemo(() => plan.Rows.filter((row) => matchesFilter(row, filter, choices)), [plan, filter, choices]);
  const choosableShown = useMemo(() => rows.filter(isChoosable).map((row) => row.RowID), [rows]);
  const markedIds = [...marked].filter((rowId) => plan.Rows.some((row) => row.RowID === rowId));
  const allMarked = choosableShown.length > 0 && choosableShown.every((rowId) => marked.has(rowId));
  const number = new Intl.NumberFormat(i18n.language);

  const columns = useMemo<DataTableColumn<PrototypePlanRow>[]>(() => {
    const mark = (rowId: string) =>
      setMarked((before) => {
        const next = new Set(before);
        if (next.has(rowId)) next.delete(rowId);
        else next.add(rowId);
        return next;
      });
    return [
      ...(editable
        ? [
            {
              id: 'mark',
              header: t('prototypes.bulk.columns.mark'),
              width: 64,
              sortable: false,
              hideable: false,
              cell: (row: PrototypePlanRow) =>
                isChoosable(row) ? <input type="checkbox" aria-label={t('prototypes.bulk.mark_row', { name: `${row.AssetPath} ${row.Name}` })} checked={marked.has(row.RowID)} onChange={() => mark(row.RowID)} onClick={(event) => event.stopPropagation()} /> : null,
            },
          ]
        : []),
      { id: 'kind', header: t('prototypes.bulk.columns.kind'), value: (row) => kindText(t, row.EntityKind), width: 120 },
      { id: 'path', header: t('prototypes.bulk.columns.path'), value: (row) => row.AssetPath, minWidth: 180 },
      { id: 'name', header: t('prototypes.bulk.columns.name'), value: (row) => row.Name, minWidth: 130 },
      {
        id: 'action',
        header: t('prototypes.bulk.columns.action'),
        value: (row) => actionText(t, actionOf(row, choices)),
        cell: (row) => {
          const action = actionOf(row, choices);
          return (
            <span className={`bulk-action bulk-action-${actionClass(action)}`}>
              {ACTION_ICONS[action]}
              {actionText(t, action)}
            </span>
          );
        },
        width: 140,
      },
      {
        id: 'conflict',
        header: t('prototypes.bulk.columns.conflict'),
        value: (row) => (row.Conflict ? t('prototypes.bulk.conflict') : ''),
        cell: (row) =>
          row.Conflict ? (
            <span className="bulk-conflict">
              <TriangleAlert size={16} aria-hidden="true" focusable="false" />
              {t('prototypes.bulk.conflict')}
            </span>
          ) : null,
        width: 100,
      },
      {
        id: 'choice',
        header: t('prototypes.bulk.columns.choice'),
        value: (row) => choiceOf(row, choices) ?? '',
        cell: (row) =>
          isChoosable(row) ? (
            <ChoiceControl name={`${row.AssetPath} ${row.Name}`} value={choices[row.RowID] ?? null} fallback={row.DefaultChoice ?? null} conflict={row.Conflict} disabled={!editable} onChange={(choice) => onChoose([row.RowID], choice)} />
          ) : (
            <span className="muted">—</span>
          ),
        width: 140,
        sortable: false,
      },
      { id: 'problem', header: t('prototypes.bulk.columns.problem'), value: (row) => (row.Problem ? problemText(t, row.Problem) : ''), cell: (row) => (row.Problem ? <span className="bulk-problem" title={row.Problem}>{problemText(t, row.Problem)}</span> : null), minWidth: 100 },
    ];
  }, [t, choices, editable, marked, onChoose]);

  return (
    <div className="bulk-plan-rows">
      <div className="bulk-chips" role="group" aria-label={t('prototypes.bulk.filter')}>
        <button type="button" className={filter === 'All' ? 'bulk-chip active' : 'bulk-chip'} aria-pressed={filter === 'All'} onClick={() => onFilter('All')}>
          {t('prototypes.bulk.actions.all')} <strong>{number.format(plan.Rows.length)}</strong>
        </button>
        {CHIPS.map((chip) => (
          <button
            key={chip}
            type="button"
            className={`bulk-chip bulk-chip-${actionClass(chip)}${filter === chip ? ' active' : ''}`}
            aria-pressed={filter === chip}
            disabled={counts[chip] === 0 && filter !== chip}
            onClick={() => onFilter(chip)}
          >
            {ACTION_ICONS[chip]}
            {actionText(t, chip)} <strong>{number.format(counts[chip])}</strong>
          </button>
        ))}
      </div>
      {editable && (
        <div className="bulk-marked" role="toolbar" aria-label={t('prototypes.bulk.marked_actions')}>
          <label className="bulk-inline">
            <input type="checkbox" checked={allMarked} disabled={choosableShown.length === 0} onChange={(event) => setMarked(event.target.checked ? new Set([...marked, ...choosableShown]) : new Set([...marked].filter((rowId) => !choosableShown.includes(rowId))))} />
            {t('prototypes.bulk.mark_shown', { count: choosableShown.length, n: number.format(choosableShown.length) })}
          </label>
          <span className="muted">{t('prototypes.bulk.marked', { count: markedIds.length, n: number.format(markedIds.length) })}</span>
          <button type="button" disabled={markedIds.length === 0} onClick={() => onChoose(markedIds, 'keep')}>
            {t('prototypes.bulk.keep_all')}
          </button>
          <button type="button" disabled={markedIds.length === 0} onClick={() => onChoose(markedIds, 'update')}>
            {t('prototypes.bulk.update_all')}
          </button>
          <button type="button" className="bulk-link" disabled={markedIds.length === 0} onClick={() => onChoose(markedIds, null)}>
            {t('prototypes.bulk.reset_choices')}
          </button>
        </div>
      )}
      <DataTable
        tableId="prototype_plan"
        label={t('prototypes.bulk.table')}
        columns={columns}
        data={rows}
        getRowId={(row) => row.RowID}
        selectable={false}
        renderDetail={(row) => <FieldDiff row={row} />}
        emptyMessage={t('prototypes.bulk.no_rows')}
      />
    </div>
  );
}
