import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteSinkMutation, useSetSinkStateMutation } from '../../../api/areas/sinks';
import { problemCode } from '../../../api/outcomes';
import type { SinkRead } from '../../../api/generated/historian.gen';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableColumn } from '../../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { matchingItems, useListQuery } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { useToasts } from '../../../components/Toasts/useToasts';
import { ConfirmDialog } from '../access/ConfirmDialog';
import { Page } from '../access/pageHelpers';
import { kindLabel, serviceRowActions, ServiceStateLabel, When } from './SinkState';
import { forwarderListPath, sinkEditorPath } from './sinkRules';
import { useSinkAccess, useSinks } from './useSinkAccess';
import './sinks.css';

const TABLE_ID = 'sinks';

/** /configuration/sinks: the organization's broker connections, their state and statistics. */
export function SinksPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { canManage } = useSinkAccess();
  // Statistics move while the page is open: asked again every few seconds while it is visible.
  const { data, error, isLoading, refetch } = useSinks({ poll: true });
  const [setState] = useSetSinkStateMutation();
  const [remove, { isLoading: deleting }] = useDeleteSinkMutation();
  const [target, setTarget] = useState<SinkRead | null>(null);
  const list = useListQuery();
  const shown = useMemo(() => matchingItems(data, list.keyword, (row) => [row.Name, row.Description ?? '']), [data, list.keyword]);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  useEffect(() => {
    if (error) toasts.showError(t('sinks.errors.load'), error);
  }, [error, toasts, t]);

  const columns = useMemo<DataTableColumn<SinkRead>[]>(
    () => [
      {
        id: 'name',
        header: t('sinks.name'),
        value: (row) => row.Name,
        minWidth: 120,
        stack: [
          { id: 'name', value: (row) => row.Name },
          {
            id: 'type',
            value: (row) => <span className="muted">{kindLabel(row.Type, t)}</span>,
          },
          {
            id: 'forwarders',
            value: (row) => (
              <Link
                to={forwarderListPath(row.UUID)}
                aria-label={t('sinks.forwarders_of', {
                  name: row.Name,
                  count: row.ForwarderCount,
                })}
              >
                {t('forwarders.count', {
                  count: row.ForwarderCount,
                  n: number.format(row.ForwarderCount),
                })}
              </Link>
            ),
          },
        ],
      },
      {
        id: 'state',
        header: t('sinks.state'),
        value: (row) => row.State,
        minWidth: 200,
        stack: [
          {
            id: 'state',
            value: (row) => <ServiceStateLabel state={row.State} />,
          },
          {
            id: 'connected',
            value: (row) =>
              row.Statistics.Connected ? (
                <span className="sink-connected">
                  {t('sinks.connected_since')} <When iso={row.Statistics.ConnectedSince} compact />
                </span>
              ) : (
                <span className="muted">{t('sinks.disconnected')}</span>
              ),
          },
        ],
      },
      {
        id: 'messages',
        header: t('sinks.statistics.messages'),
        value: (row) => row.Statistics.Sent,
        minWidth: 130,
        stack: [
          {
            id: 'sent',
            label: t('sinks.statistics.sent'),
            value: (row) => number.format(row.Statistics.Sent),
          },
          {
            id: 'buffered',
            label: t('sinks.statistics.buffered'),
            value: (row) => number.format(row.Statistics.Buffered),
          },
          {
            id: 'dropped',
            label: t('sinks.statistics.dropped'),
            value: (row) => <span className={row.Statistics.Dropped > 0 ? 'sink-warning' : undefined}>{number.format(row.Statistics.Dropped)}</span>,
          },
        ],
      },
      {
        id: 'last_error',
        header: t('sinks.statistics.last_error'),
        value: (row) => row.Statistics.LastError ?? '',
        minWidth: 110,
        cell: (row) =>
          row.Statistics.LastError ? (
            <span className="sink-error" title={row.Statistics.LastError}>
              {row.Statistics.LastError}
            </span>
          ) : (
            <span className="muted">{t('sinks.none')}</span>
          ),
      },
    ],
    [number, t],
  );

  const actions = useMemo(
    () =>
      serviceRowActions<SinkRead>({
        canManage,
        labels: {
          startStop: t('sinks.start_stop'),
          toggleFor: (row) => (row.State === 'running' ? t('sinks.stop_named', { name: row.Name }) : t('sinks.start_named', { name: row.Name })),
          edit: canManage ? t('sinks.edit') : t('sinks.view'),
          delete: t('sinks.delete'),
        },
        onState: (row, state) => void setState({ id: row.UUID, serviceStateChange: { State: state } }),
        onEdit: (row) => navigate(sinkEditorPath(row.UUID)),
        onDelete: setTarget,
      }),
    [canManage, navigate, setState, t],
  );

  const confirmDelete = async () => {
    if (!target) return;
    const outcome = await remove({ id: target.UUID });
    // In use: the editor names the forwarders, so the user is taken there.
    if (outcome.error && problemCode(outcome.error) === 'sinks.errors.in_use') navigate(sinkEditorPath(target.UUID), { state: { inUse: true } });
    setTarget(null);
  };

  const createLink = (label: string) =>
    canManage && (
      <Link className="button primary" to={sinkEditorPath()}>
        <Plus size={16} aria-hidden="true" />
        {label}
      </Link>
    );
  return (
    <Page title={t('pages.sinks')} description={t('sinks.page_description')} actions={createLink(t('sinks.create'))}>
      <DataTable
        tableId={TABLE_ID}
        label={t('sinks.list_label')}
        columns={columns}
        data={shown}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        rightActions={actions}
        toolbar={
          <ListToolbar
            searchLabel={t('sinks.search')}
            keyword={list.keyword}
            onSearch={list.setKeyword}
            count={
              shown
                ? t('sinks.count', {
                    count: shown.length,
                    n: number.format(shown.length),
                  })
                : undefined
            }
          />
        }
        emptyState={
          <EmptyList keyword={list.keyword} onClearSearch={() => list.setKeyword('')} message={canManage ? t('sinks.empty_manage') : t('sinks.empty')} action={createLink(t('sinks.create'))} />
        }
      />
      <ConfirmDialog open={target !== null} title={t('sinks.delete')} busy={deleting} onCancel={() => setTarget(null)} onConfirm={() => void confirmDelete()}>
        <p>{t('sinks.delete_confirm', { name: target?.Name ?? '' })}</p>
        {target && target.ForwarderCount > 0 && <p className="sink-warning">{t('sinks.delete_in_use_hint', { count: target.ForwarderCount })}</p>}
      </ConfirmDialog>
    </Page>
  );
}
