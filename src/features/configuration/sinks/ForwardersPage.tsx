import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDeleteForwarderMutation, useSetForwarderStateMutation } from '../../../api/areas/sinks';
import type { ForwarderRead } from '../../../api/generated/historian.gen';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableColumn } from '../../../components/DataTable/types';
import { EmptyList, ListToolbar } from '../../../components/ListControls/EmptyState';
import { matchingItems, useListQuery } from '../../../components/ListControls/useListQuery';
import '../../../components/ListControls/ListControls.css';
import { useToasts } from '../../../components/Toasts/useToasts';
import { ConfirmDialog } from '../access/ConfirmDialog';
import { Page } from '../access/pageHelpers';
import { serviceRowActions, ServiceStateLabel, When } from './SinkState';
import { forwarderEditorPath, sinkEditorPath } from './sinkRules';
import { useForwarders, useSinkAccess, useSinks } from './useSinkAccess';
import './sinks.css';

const TABLE_ID = 'forwarders';
const SINK_PARAM = 'sink';

/** /configuration/forwarders[?sink=…]: what the organization sends out, through which sink. */
export function ForwardersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const [params, setParams] = useSearchParams();
  const sinkUuid = params.get(SINK_PARAM) ?? undefined;
  const { canManage } = useSinkAccess();
  const sinks = useSinks();
  const { data, error, isLoading, refetch } = useForwarders({
    sinkUuid,
    poll: true,
  });
  const [setState] = useSetForwarderStateMutation();
  const [remove, { isLoading: deleting }] = useDeleteForwarderMutation();
  const [target, setTarget] = useState<ForwarderRead | null>(null);
  const list = useListQuery();
  const shown = useMemo(() => matchingItems(data, list.keyword, (row) => [row.Name, row.Description ?? '', row.SinkName ?? '']), [data, list.keyword]);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  useEffect(() => {
    if (error) toasts.showError(t('forwarders.errors.load'), error);
  }, [error, toasts, t]);

  const sinkNames = useMemo(() => new Map((sinks.data ?? []).map((sink) => [sink.UUID, sink.Name])), [sinks.data]);
  const columns = useMemo<DataTableColumn<ForwarderRead>[]>(
    () => [
      {
        id: 'name',
        header: t('forwarders.name'),
        value: (row) => row.Name,
        minWidth: 110,
      },
      {
        id: 'sink',
        header: t('forwarders.sink'),
        value: (row) => row.SinkName ?? sinkNames.get(row.SinkUUID) ?? '',
        minWidth: 120,
        stack: [
          {
            id: 'sink',
            value: (row) => <Link to={sinkEditorPath(row.SinkUUID)}>{row.SinkName ?? sinkNames.get(row.SinkUUID) ?? row.SinkUUID}</Link>,
          },
          {
            id: 'format',
            label: t('forwarders.format'),
            value: (row) => (row.Format === 'sparkplugb' ? t('forwarders.formats.sparkplugb') : t('forwarders.formats.json')),
          },
        ],
      },
      {
        id: 'state',
        header: t('forwarders.state'),
        value: (row) => row.State,
        cell: (row) => <ServiceStateLabel state={row.State} />,
        width: 110,
      },
      {
        id: 'statistics',
        header: t('forwarders.statistics.title'),
        value: (row) => row.Statistics.Forwarded,
        minWidth: 260,
        stack: [
          {
            id: 'queued',
            label: t('forwarders.statistics.queued'),
            value: (row) => number.format(row.Statistics.Queued),
          },
          {
            id: 'forwarded',
            label: t('forwarders.statistics.forwarded'),
            value: (row) => number.format(row.Statistics.Forwarded),
          },
          {
            id: 'last_forwarded',
            label: t('forwarders.statistics.last_forwarded'),
            value: (row) => <When iso={row.Statistics.LastForwardedAt} compact />,
          },
          {
            id: 'last_error',
            label: t('forwarders.statistics.last_error'),
            value: (row) =>
              row.Statistics.LastError ? (
                <span className="sink-error" title={row.Statistics.LastError}>
                  {row.Statistics.LastError}
                </span>
              ) : (
                <span className="muted">{t('sinks.none')}</span>
              ),
          },
        ],
      },
    ],
    [number, sinkNames, t],
  );

  const actions = useMemo(
    () =>
      serviceRowActions<ForwarderRead>({
        canManage,
        labels: {
          startStop: t('forwarders.start_stop'),
          toggleFor: (row) => (row.State === 'running' ? t('forwarders.stop_named', { name: row.Name }) : t('forwarders.start_named', { name: row.Name })),
          edit: canManage ? t('forwarders.edit') : t('forwarders.view'),
          delete: t('forwarders.delete'),
        },
        onState: (row, state) => void setState({ id: row.UUID, serviceStateChange: { State: state } }),
        onEdit: (row) => navigate(forwarderEditorPath(row.UUID)),
        onDelete: setTarget,
      }),
    [canManage, navigate, setState, t],
  );

  const confirmDelete = async () => {
    if (!target) return;
    await remove({ id: target.UUID });
    setTarget(null);
  };

  const chooseSink = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(SINK_PARAM, value);
    else next.delete(SINK_PARAM);
    setParams(next, { replace: true });
  };

  const createLink = (label: string) =>
    canManage && (
      <Link className="button primary" to={forwarderEditorPath()}>
        <Plus size={16} aria-hidden="true" />
        {label}
      </Link>
    );
  return (
    <Page title={t('pages.forwarders')} description={t('forwarders.page_description')} actions={createLink(t('forwarders.create'))}>
      <DataTable
        tableId={TABLE_ID}
        label={t('forwarders.list_label')}
        columns={columns}
        data={shown}
        getRowId={(row) => row.UUID}
        loading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        rightActions={actions}
        toolbar={
          <>
            <ListToolbar
              searchLabel={t('forwarders.search')}
              keyword={list.keyword}
              onSearch={list.setKeyword}
              count={
                shown
                  ? t('forwarders.count', {
                      count: shown.length,
                      n: number.format(shown.length),
                    })
                  : undefined
              }
            />
            <label className="forwarder-sink-filter">
              <span>{t('forwarders.filter_sink')}</span>
              <select value={sinkUuid ?? ''} onChange={(event) => chooseSink(event.currentTarget.value)}>
                <option value="">{t('forwarders.all_sinks')}</option>
                {(sinks.data ?? []).map((sink) => (
                  <option key={sink.UUID} value={sink.UUID}>
                    {sink.Name}
                  </option>
                ))}
              </select>
            </label>
          </>
        }
        emptyState={
          <EmptyList
            keyword={list.keyword}
            onClearSearch={() => list.setKeyword('')}
            message={canManage ? t('forwarders.empty_manage') : t('forwarders.empty')}
            action={createLink(t('forwarders.create'))}
          />
        }
      />
      <ConfirmDialog open={target !== null} title={t('forwarders.delete')} busy={deleting} onCancel={() => setTarget(null)} onConfirm={() => void confirmDelete()}>
        <p>{t('forwarders.delete_confirm', { name: target?.Name ?? '' })}</p>
      </ConfirmDialog>
    </Page>
  );
}
