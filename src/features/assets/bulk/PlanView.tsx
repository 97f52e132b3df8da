import { Download, Play, RotateCcw, Upload } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useApplyPrototypePlanMutation, useExportPrototypePlanMutation, useGetPrototypePlanQuery, useImportPrototypePlanMutation, useUndoPrototypePlanMutation } from '../../../api/areas/prototypes';
import type { ImportKeepOrUpdate, PrototypePlan } from '../../../api/generated/historian.gen';
import { isProblemError } from '../../../api/transport/errors';
import { useAppDispatch } from '../../../app/hooks';
import { downloadObjectUrl } from '../../../lib/download';
import { jobStarted } from '../../../state/jobsPanel';
import { PlanJob } from './PlanJob';
import { PlanTable } from './PlanTable';
import { choicesToSend, planAssets, unresolved, type ActionFilter, type Choices } from './planRules';

// The plan of a prototype over its chosen instances (server/prototypes/README.md "The plan"):
// review, choose, apply as a job, undo as a job; the same plan out to a spreadsheet and its
// choices back in.

const ICON = { size: 16, 'aria-hidden': true, focusable: 'false' } as const;

export interface PlanViewProps {
  planUuid: string;
  prototypeName: string;
  canManage: boolean;
  planning: boolean;
  onPlanAgain: (assetUuids: string[]) => void;
}

interface Refusal {
  kind: 'stale' | 'rows' | 'other';
  lines: string[];
}

/** What a refused apply, undo or import says: a 409 (changed since the plan), or rows and lines named by a 400. */
function refusalOf(error: unknown): Refusal {
  if (!isProblemError(error)) return { kind: 'other', lines: [] };
  const named = Object.entries(error.body.errors ?? {}).map(([path, messages]) => `${path}: ${Array.isArray(messages) ? messages.join(' ') : ''}`);
  const lines = named.length > 0 ? named : error.body.detail ? [error.body.detail] : [];
  if (error.code === 409) return { kind: 'stale', lines };
  if (error.code === 400) return { kind: 'rows', lines };
  return { kind: 'other', lines };
}

const stateText = (t: TFunction, state: PrototypePlan['State']) =>
  ({
    planned: t('prototypes.bulk.state.planned'),
    applying: t('prototypes.bulk.state.applying'),
    applied: t('prototypes.bulk.state.applied'),
    undoing: t('prototypes.bulk.state.undoing'),
    undone: t('prototypes.bulk.state.undone'),
    expired: t('prototypes.bulk.state.expired'),
  })[state];

export function PlanView({ planUuid, prototypeName, canManage, planning, onPlanAgain }: PlanViewProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const fileId = useId();
  const loaded = useGetPrototypePlanQuery({ id: planUuid });
  const plan = loaded.data;
  const [choices, setChoices] = useState<Choices>({});
  const [filter, setFilter] = useState<ActionFilter>('All');
  const [job, setJob] = useState<{ uuid: string; kind: 'apply' | 'undo' } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [imported, setImported] = useState<{ read: number; unresolved: number } | null>(null);
  const [apply, applyState] = useApplyPrototypePlanMutation();
  const [undo, undoState] = useUndoPrototypePlanMutation();
  const [exportPlan, exportState] = useExportPrototypePlanMutation();
  const [importPlan, importState] = useImportPrototypePlanMutation();

  const choose = useCallback((rowIds: readonly string[], choice: ImportKeepOrUpdate | null) => {
    setChoices((before) => {
      const next = { ...before };
      for (const rowId of rowIds) {
        if (choice === null) delete next[rowId];
        else next[rowId] = choice;
      }
      return next;
    });
  }, []);
  const waiting = useMemo(() => (plan ? unresolved(plan.Rows, choices) : []), [plan, choices]);
  const number = new Intl.NumberFormat(i18n.language);

  if (!plan) {
    return loaded.error ? <p role="alert">{t('prototypes.bulk.load_failed')}</p> : <p role="status">{t('table.loading')}</p>;
  }

  const runningJob = job ?? (plan.State === 'applying' && plan.ApplyJobUUID ? { uuid: plan.ApplyJobUUID, kind: 'apply' as const } : plan.State === 'undoing' && plan.UndoJobUUID ? { uuid: plan.UndoJobUUID, kind: 'undo' as const } : null);
  const editable = canManage && plan.State === 'planned' && job === null;

  const runApply = async () => {
    setRefusal(null);
    const result = await apply({ id: plan.UUID, prototypePlanChoices: { Choices: choicesToSend(plan.Rows, choices) } });
    if (result.error) setRefusal(refusalOf(result.error));
    else {
      dispatch(jobStarted(result.data.JobUUID));
      setJob({ uuid: result.data.JobUUID, kind: 'apply' });
    }
  };
  const runUndo = async () => {
    setRefusal(null);
    const result = await undo({ id: plan.UUID });
    if (result.error) setRefusal(refusalOf(result.error));
    else {
      dispatch(jobStarted(result.data.JobUUID));
      setJob({ uuid: result.data.JobUUID, kind: 'undo' });
    }
  };
  const download = async () => {
    const result = await exportPlan({ id: plan.UUID });
    if (!result.error && result.data !== '') downloadObjectUrl(result.data, t('prototypes.bulk.file_name', { name: prototypeName }));
  };
  const upload = async (file: File) => {
    setRefusal(null);
    const result = await importPlan({ id: plan.UUID, prototypePlanUpload: { File: file } });
    if (result.error) {
      setRefusal(refusalOf(result.error));
      return;
    }
    setChoices((before) => ({ ...before, ...result.data.Choices }));
    setImported({ read: Object.keys(result.data.Choices).length, unresolved: result.data.Unresolved.length });
    if (result.data.Unresolved.length > 0) setFilter('Conflicts');
  };

  return (
    <section className="bulk-plan" aria-label={t('prototypes.bulk.plan_title', { name: prototypeName })}>
      <div className="bulk-plan-head">
        <div>
          <h2>{t('prototypes.bulk.plan_title', { name: prototypeName })}</h2>
          <p className="muted">
            <span className={`bulk-state bulk-state-${plan.State}`}>{stateText(t, plan.State)}</span>{' '}
            {t('prototypes.bulk.plan_facts', { rows: number.format(plan.Rows.length), assets: number.format(planAssets(plan).length), expires: new Date(plan.ExpiresAt).toLocaleString(i18n.language) })}
          </p>
        </div>
        <div className="bulk-plan-tools">
          <button type="button" disabled={exportState.isLoading} onClick={() => void download()}>
            <Download {...ICON} />
            {t('prototypes.bulk.export')}
          </button>
          {editable && (
            <label className="button bulk-upload" htmlFor={fileId} aria-disabled={importState.isLoading || undefined}>
              <Upload {...ICON} />
              {t('prototypes.bulk.import')}
              <input
                id={fileId}
                type="file"
                className="visually-hidden"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void upload(file);
                }}
              />
            </label>
          )}
          {canManage && (
            <button type="button" disabled={planning || runningJob !== null} onClick={() => onPlanAgain(planAssets(plan))}>
              <RotateCcw {...ICON} />
              {t('prototypes.bulk.plan_again')}
            </button>
          )}
        </div>
      </div>
      {imported && (
        <p className="bulk-note" role="status">
          {t('prototypes.bulk.imported', { count: imported.read, n: number.format(imported.read) })} {imported.unresolved > 0 && t('prototypes.bulk.imported_unresolved', { count: imported.unresolved, n: number.format(imported.unresolved) })}
        </p>
      )}
      <PlanTable plan={plan} choices={choices} editable={editable} filter={filter} onFilter={setFilter} onChoose={choose} />
      {refusal && (
        <div className="bulk-refusal" role="alert">
          <p>{refusal.kind === 'stale' ? t('prototypes.bulk.errors.stale') : refusal.kind === 'rows' ? t('prototypes.bulk.errors.rows') : t('prototypes.bulk.errors.other')}</p>
          {refusal.lines.length > 0 && (
            <ul>
              {refusal.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          {refusal.kind === 'stale' && canManage && (
            <button type="button" className="primary" disabled={planning} onClick={() => onPlanAgain(planAssets(plan))}>
              {t('prototypes.bulk.plan_again')}
            </button>
          )}
        </div>
      )}
      {runningJob && <PlanJob key={runningJob.uuid} jobUuid={runningJob.uuid} kind={runningJob.kind} onEnded={() => void loaded.refetch()} />}
      {canManage && (
        <div className="bulk-apply">
          {plan.State === 'planned' && (
            <>
              <span className={waiting.length > 0 ? 'bulk-apply-waiting' : 'muted'} role="status">
                {waiting.length > 0 ? t('prototypes.bulk.waiting', { count: waiting.length, n: number.format(waiting.length) }) : plan.Rows.some((row) => row.Conflict) ? t('prototypes.bulk.ready') : t('prototypes.bulk.no_conflicts')}
              </span>
              {waiting.length > 0 && (
                <button type="button" className="bulk-link" onClick={() => setFilter('Conflicts')}>
                  {t('prototypes.bulk.show_conflicts')}
                </button>
              )}
              <button type="button" className="primary" disabled={waiting.length > 0 || applyState.isLoading || job !== null} aria-busy={applyState.isLoading || undefined} onClick={() => void runApply()}>
                <Play {...ICON} />
                {t('prototypes.bulk.apply')}
              </button>
            </>
          )}
          {plan.State === 'applied' && (
            <button type="button" className="primary" disabled={undoState.isLoading || job?.kind === 'undo'} onClick={() => void runUndo()}>
              <RotateCcw {...ICON} />
              {t('prototypes.bulk.undo')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
