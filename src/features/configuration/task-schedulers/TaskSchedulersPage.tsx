import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CirclePause, CirclePlay, Play, Plus, Power, PowerOff } from 'lucide-react';
import {
  useDeleteTaskSchedulerMutation,
  useGetTaskSchedulersPageQuery,
  useRunTaskSchedulerMutation,
  useUpdateTaskSchedulerMutation,
} from '../../../api/areas/taskSchedulers';
import type { TaskSchedulerRead } from '../../../api/generated/historian.gen';
import { useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { ListPager } from '../../../components/ListControls/ListPager';
import { useListQuery, usePageWithin } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { configurationPath } from '../../../lib/paths';
import { selectAccess } from '../../../state/privileges';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { ConfirmDialog } from '../access/ConfirmDialog';
import { DeleteIcon, EditIcon, Page } from '../access/pageHelpers';
import { editorPath, formatRunParts, withState } from './taskSchedulerRules';
import './taskSchedulers.css';

/** A run time as two lines, the date over the time, in the schedule's zone and the user's locale. */
function RunTime({ iso, timezone, none }: { iso: string | null | undefined; timezone: string; none: string }) {
  const { i18n } = useTranslation();
  if (!iso) return <span className="muted">{none}</span>;
  const { date, time } = formatRunParts(iso, timezone, i18n.language);
  return (
    <time className="dt-stack" dateTime={iso}>
      <span className="dt-stack-item">{date}</span>
      <span className="dt-stack-item">{time}</span>
    </time>
  );
}

/** /configuration/task_schedulers: the organization's recurring tasks, paged and searched on the server. */
export function TaskSchedulersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManageTaskSchedulers] });
  const list = useListQuery();
  const { data, error, isLoading, refetch } = useGetTaskSchedulersPageQuery({ limit: list.pageSize, page: list.page, keyword: list.keyword || undefined });
  const total = data?.totalCount ?? 0;
  usePageWithin(list, data?.totalCount);
  const [remove, deleting] = useDeleteTaskSchedulerMutation();
  const [update] = useUpdateTaskSchedulerMutation();
  const [run] = useRunTaskSchedulerMutation();
  const [target, setTarget] = useState<TaskSchedulerRead | null>(null);
  const locale = i18n.language;

  const columns = useMemo<DataTableColumn<TaskSchedulerRead>[]>(
    () => [
      { id: 'name', header: t('task_schedulers.name'), value: (row) => row.Name, minWidth: 130 },
      {
        id: 'schedule',
        header: t('task_schedulers.sections.schedule'),
        value: (row) => row.RRule,
        minWidth: 170,
        stack: [
          {
            id: 'rule',
            value: (row) => (
              <code className="task-scheduler-rule" title={row.RRule}>
                {row.RRule}
              </code>
            ),
          },
          { id: 'timezone', label: t('task_schedulers.timezone'), value: (row) => row.Timezone },
        ],
      },
      {
        id: 'state',
        header: t('task_schedulers.state'),
        width: 104,
        value: (row) => row.State,
        cell: (row) => (
          <span className={`task-scheduler-state task-scheduler-state-${row.State}`}>
            {row.State === 'running' ? <CirclePlay size={16} aria-hidden="true" /> : <CirclePause size={16} aria-hidden="true" />}
            {row.State === 'running' ? t('task_schedulers.states.running') : t('task_schedulers.states.stopped')}
          </span>
        ),
      },
      {
        id: 'next',
        header: t('task_schedulers.next_run'),
        minWidth: 140,
        value: (row) => row.NextRunAt ?? '',
        cell: (row) => <RunTime iso={row.NextRunAt} timezone={row.Timezone} none={t('task_schedulers.no_next_run')} />,
      },
      {
        id: 'last',
        header: t('task_schedulers.last_run'),
        minWidth: 130,
        value: (row) => row.LastRunAt ?? '',
        cell: (row) => <RunTime iso={row.LastRunAt} timezone={row.Timezone} none={t('task_schedulers.no_last_run')} />,
        defaultHidden: true,
      },
      { id: 'description', header: t('task_schedulers.description'), value: (row) => row.Description ?? '', defaultHidden: true },
    ],
    [t],
  );

  const actions = useMemo<DataTableAction<TaskSchedulerRead>[]>(() => {
    const manage: DataTableAction<TaskSchedulerRead>[] = [
      { id: 'run', label: t('task_schedulers.run_now'), icon: <Play size={16} aria-hidden="true" />, onAction: (row) => void run({ id: row.UUID }) },
      {
        id: 'state',
        label: t('task_schedulers.start_stop'),
        icon: <Power size={16} aria-hidden="true" />,
        labelFor: (row) => (row.State === 'running' ? t('task_schedulers.stop') : t('task_schedulers.start')),
        iconFor: (row) => (row.State === 'running' ? <PowerOff size={16} aria-hidden="true" /> : <Power size={16} aria-hidden="true" />),
        onAction: (row) => void update({ id: row.UUID, taskScheduler: withState(row, row.State === 'running' ? 'stopped' : 'running') }),
      },
    ];
    return [
      ...(canManage ? manage : []),
      { id: 'edit', label: canManage ? t('task_schedulers.edit') : t('task_schedulers.view'), icon: <EditIcon />, onAction: (row) => navigate(editorPath(row.UUID)) },
      ...(canManage ? [{ id: 'delete', label: t('task_schedulers.delete'), icon: <DeleteIcon />, onAction: (row: TaskSchedulerRead) => setTarget(row) }] : []),
    ];
  }, [canManage, navigate, run, t, update]);

  const confirmDelete = async () => {
    if (!target) return;
    await remove({ id: target.UUID });
    setTarget(null);
  };

  const number = new Intl.NumberFormat(locale);
  const createButton = (label: string) =>
    canManage && (
      <button type="button" className="primary" onClick={() => navigate(configurationPath('task_scheduler'))}>
        <Plus size={16} aria-hidden="true" />
        {label}
      </button>
    );
  return (
    <Page title={t('pages.task_schedulers')} description={t('task_schedulers.page_description')} actions={createButton(t('task_schedulers.create'))}>
      <DataTable
        tableId="task-schedulers"
        label={t('task_schedulers.list_label')}
        columns={columns}
        data={data?.items}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={refetch}
        rightActions={actions}
        toolbar={
          <ListToolbar
            searchLabel={t('task_schedulers.search')}
            keyword={list.keyword}
            onSearch={list.setKeyword}
            count={data ? t('task_schedulers.count', { count: total, n: number.format(total) }) : undefined}
          />
        }
        emptyState={
          <EmptyList
            keyword={list.keyword}
            onClearSearch={() => list.setKeyword('')}
            message={canManage ? t('task_schedulers.empty_manage') : t('task_schedulers.empty')}
            action={createButton(t('task_schedulers.create_first'))}
          />
        }
      />
      {total > 0 && <ListPager page={list.page} pageSize={list.pageSize} total={total} onPageChange={list.setPage} onPageSizeChange={list.setPageSize} />}
      <ConfirmDialog open={target !== null} title={t('task_schedulers.delete')} busy={deleting.isLoading} onCancel={() => setTarget(null)} onConfirm={() => void confirmDelete()}>
        <p>{t('task_schedulers.delete_confirm', { name: target?.Name ?? '' })}</p>
      </ConfirmDialog>
    </Page>
  );
}
