import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CircleAlert, CircleCheck, Download, FilePlus2, Minus, PencilLine } from 'lucide-react';
import { useGetCollectorsQuery, useGetCollectorTemplateMutation } from '../../../api/areas/collectors';
import { useGetJobQuery } from '../../../api/areas/jobs';
import { useImportMeasurementsDryRunMutation, useImportMeasurementsMutation } from '../../../api/areas/measurementImport';
import type { MeasurementImportAction, MeasurementImportDryRun, MeasurementImportRow } from '../../../api/generated/historian.gen';
import { MEASUREMENT_IMPORT_UPLOAD_URL } from '../../../api/measurementImportUpload';
import type { HistorianError } from '../../../api/transport/errors';
import { subscribeUploadProgress, uploadProgressOf } from '../../../api/transport/xhrFetch';
import { useAppDispatch } from '../../../app/hooks';
import { DataTable } from '../../../components/DataTable/DataTable';
import type { DataTableColumn } from '../../../components/DataTable/types';
import { Modal } from '../../../components/Modal/Modal';
import { downloadObjectUrl } from '../../../lib/download';
import { hasEnded, percentOf } from '../../../lib/jobRules';
import { jobsPanelOpened, jobStarted } from '../../../state/jobsPanel';
import './import.css';

export interface ImportMeasurementsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The collector whose template is filled in; the dialog asks for one when it is not given. */
  collectorUuid?: string;
}

type ActionFilter = MeasurementImportAction | 'All';

const ACTIONS: readonly MeasurementImportAction[] = ['New', 'Update', 'No change', 'Error'];
const ACTION_KEYS: Record<MeasurementImportAction, string> = {
  New: 'measurements.import.actions.new',
  Update: 'measurements.import.actions.update',
  'No change': 'measurements.import.actions.no_change',
  Error: 'measurements.import.actions.error',
};
const ACTION_ICONS: Record<MeasurementImportAction, ReactNode> = {
  New: <FilePlus2 size={16} aria-hidden />,
  Update: <PencilLine size={16} aria-hidden />,
  'No change': <Minus size={16} aria-hidden />,
  Error: <CircleAlert size={16} aria-hidden />,
};
const SUMMARY_OF: Record<MeasurementImportAction, keyof MeasurementImportDryRun['Summary']> = { New: 'New', Update: 'Update', 'No change': 'NoChange', Error: 'Error' };
/** Whole-file refusals the server names by code (server/measurements/import/parseWorkbook.ts). */
const FILE_ERROR_KEYS: Record<string, string> = {
  'measurement_import.not_xlsx': 'measurements.import.errors.not_xlsx',
  'measurement_import.no_sheet': 'measurements.import.errors.no_sheet',
  'measurement_import.no_name_column': 'measurements.import.errors.no_name_column',
  'measurement_import.too_many_rows': 'measurements.import.errors.too_many_rows',
  'measurement_import.no_file': 'measurements.import.errors.no_file',
  'measurement_import.too_large': 'measurements.import.errors.too_large',
};
/** Larger than this, the table scrolls within the dialog. */
const TABLE_HEIGHT = '360px';
/** A row shows up to this many errors or changes, one a line; its tooltip tells every one. */
const MAX_LINES = 3;
const LINE_PX = 18;
const ROW_PX = 36;
const JOB_POLL_MS = 1000;

function fileErrorText(t: TFunction, error: HistorianError | undefined): string | null {
  if (!error) return null;
  if (error.kind === 'problem') {
    const code = typeof error.body.code === 'string' ? error.body.code : '';
    const key = FILE_ERROR_KEYS[code];
    if (key) return t(key);
    if (error.code === 413) return t('measurements.import.errors.too_large');
    if (error.code === 404) return t('measurements.import.errors.expired');
  }
  return t('measurements.import.errors.upload');
}

function rowDetails(t: TFunction, row: MeasurementImportRow): ReactNode {
  if (row.Errors.length > 0) {
    return (
      <ul className="import-details import-errors">
        {row.Errors.map((error, index) => (
          <li key={index} title={`${error.Cell} ${error.Column}: ${t(error.Message, { ...error.Params, defaultValue: error.Message })}`}>
            {error.Cell !== '' && <span className="import-cell">{error.Cell}</span>}
            <span className="import-column">{error.Column}</span> {t(error.Message, { ...error.Params, defaultValue: error.Message })}
          </li>
        ))}
      </ul>
    );
  }
  if (row.Changes.length > 0) {
    return (
      <ul className="import-details">
        {row.Changes.map((change) => (
          <li key={change.Field} title={`${change.Field}: ${change.Old} → ${change.New}`}>
            <span className="import-column">{change.Field}</span> {t('measurements.import.change', { old: change.Old || t('measurements.import.empty'), new: change.New || t('measurements.import.empty') })}
          </li>
        ))}
      </ul>
    );
  }
  return null;
}

function errorTexts(t: TFunction, row: MeasurementImportRow): string {
  return [...row.Errors.map((e) => `${e.Cell} ${e.Column} ${t(e.Message, { ...e.Params, defaultValue: e.Message })}`), ...row.Changes.map((c) => `${c.Field} ${c.Old} ${c.New}`)].join(' ');
}

/** Import of measurements from the collector's template spreadsheet: dry run, then apply as a job. */
export function ImportMeasurementsDialog({ open, onClose, collectorUuid }: ImportMeasurementsDialogProps) {
  if (!open) return null;
  return <OpenImportDialog onClose={onClose} collectorUuid={collectorUuid} />;
}

function OpenImportDialog({ onClose, collectorUuid }: { onClose: () => void; collectorUuid?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const collectorId = useId();
  const fileId = useId();
  const [chosenCollector, setChosenCollector] = useState(collectorUuid ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState<MeasurementImportDryRun | null>(null);
  const [filter, setFilter] = useState<ActionFilter>('All');
  const [jobUuid, setJobUuid] = useState<string | null>(null);

  const collectors = useGetCollectorsQuery({ limit: 1000 }, { skip: collectorUuid !== undefined });
  const [fetchTemplate, templateState] = useGetCollectorTemplateMutation();
  const [upload, uploadState] = useImportMeasurementsDryRunMutation();
  const [apply, applyState] = useImportMeasurementsMutation();
  const progress = useSyncExternalStore(
    subscribeUploadProgress,
    () => uploadProgressOf(MEASUREMENT_IMPORT_UPLOAD_URL),
    () => null,
  );
  const [ended, setEnded] = useState(false);
  // Polling stops once the job has ended: its state no longer changes.
  const job = useGetJobQuery({ id: jobUuid ?? '' }, { skip: jobUuid === null, pollingInterval: ended ? 0 : JOB_POLL_MS });
  const jobEnded = job.data !== undefined && hasEnded(job.data);
  if (jobEnded !== ended) setEnded(jobEnded);

  const collectorName = useMemo(() => collectors.data?.find((c) => c.UUID === chosenCollector)?.Name ?? '', [collectors.data, chosenCollector]);

  const downloadTemplate = async () => {
    const result = await fetchTemplate({ id: chosenCollector });
    if (!result.error) downloadObjectUrl(result.data, `${collectorName || 'collector'} template.xlsx`);
  };

  const runDryRun = async () => {
    if (file === null || chosenCollector === '') return;
    setDryRun(null);
    const result = await upload({ measurementImportUpload: { CollectorUUID: chosenCollector, File: file } });
    if (!result.error) {
      setDryRun(result.data);
      setFilter(result.data.Summary.Error > 0 ? 'Error' : 'All');
    }
  };

  const runApply = async () => {
    if (dryRun === null) return;
    const result = await apply({ measurementImportApply: { Token: dryRun.Token } });
    if (!result.error) {
      setJobUuid(result.data.JobUUID);
      // The console tells its end in a toast and keeps it in the jobs panel if the dialog is closed.
      dispatch(jobStarted(result.data.JobUUID));
    }
  };

  const startOver = () => {
    setDryRun(null);
    setFile(null);
    setFilter('All');
    uploadState.reset();
  };

  const rows = useMemo(() => (dryRun === null ? [] : filter === 'All' ? dryRun.Rows : dryRun.Rows.filter((row) => row.Action === filter)), [dryRun, filter]);
  const columns = useMemo<DataTableColumn<MeasurementImportRow>[]>(
    () => [
      { id: 'row', header: t('measurements.import.columns.row'), value: (row) => row.Row, width: 72, align: 'end' },
      { id: 'name', header: t('measurements.import.columns.name'), value: (row) => row.Name, width: 240 },
      {
        id: 'action',
        header: t('measurements.import.columns.action'),
        value: (row) => t(ACTION_KEYS[row.Action]),
        cell: (row) => (
          <span className={`import-action import-action-${row.Action.replace(' ', '-').toLowerCase()}`}>
            {ACTION_ICONS[row.Action]}
            {t(ACTION_KEYS[row.Action])}
          </span>
        ),
        width: 140,
      },
      { id: 'details', header: t('measurements.import.columns.details'), value: (row) => errorTexts(t, row), cell: (row) => rowDetails(t, row), minWidth: 280, sortable: false },
    ],
    [t],
  );

  const lines = rows.reduce((most, row) => Math.min(MAX_LINES, Math.max(most, row.Errors.length + row.Changes.length)), 1);
  const applicable = dryRun !== null && dryRun.Summary.New + dryRun.Summary.Update > 0;
  const uploadError = fileErrorText(t, uploadState.error as HistorianError | undefined);
  const applyError = fileErrorText(t, applyState.error as HistorianError | undefined);
  const percent = percentOf(job.data?.Progress ?? 0);
  const result = job.data?.Result as Record<string, number> | null | undefined;

  let body: ReactNode;
  let confirm: { label: string; onConfirm: () => void; disabled: boolean } | null = null;
  if (jobUuid !== null) {
    body = (
      <section className="import-job" aria-live="polite">
        <h3>{ended ? t('measurements.import.job.ended') : job.data?.State === 'pending' ? t('measurements.import.job.waiting') : job.data?.State === 'paused' ? t('measurements.import.job.paused') : t('measurements.import.job.running')}</h3>
        <div className="import-progress">
          <progress max={100} value={percent} aria-label={t('measurements.import.job.progress')} />
          <span className="import-percent">{percent} %</span>
          {job.data?.ProgressMessage && <span className="muted import-progress-message">{job.data.ProgressMessage}</span>}
        </div>
        {job.data?.State === 'done' && result && (
          <p className="import-result">
            <CircleCheck size={16} aria-hidden />
            {t('measurements.import.job.result', { created: result.Created ?? 0, updated: result.Updated ?? 0, unchanged: result.Unchanged ?? 0, failed: result.Failed ?? 0 })}
          </p>
        )}
        {job.data?.State === 'failed' && <p className="form-error">{t('measurements.import.job.failed', { error: job.data.Error ?? '' })}</p>}
        {job.data?.State === 'canceled' && <p className="form-error">{t('measurements.import.job.canceled')}</p>}
        {!ended && <p className="muted">{t('measurements.import.job.background')}</p>}
        <button type="button" className="import-link" onClick={() => dispatch(jobsPanelOpened(jobUuid))}>
          {t('measurements.import.job.open_panel')}
        </button>
      </section>
    );
  } else if (dryRun !== null) {
    confirm = { label: t('measurements.import.apply'), onConfirm: () => void runApply(), disabled: !applicable };
    body = (
      <section className="import-review">
        <div className="import-summary" role="group" aria-label={t('measurements.import.filter')}>
          <button type="button" className={filter === 'All' ? 'import-chip active' : 'import-chip'} aria-pressed={filter === 'All'} onClick={() => setFilter('All')}>
            {t('measurements.import.actions.all')} <strong>{dryRun.Rows.length}</strong>
          </button>
          {ACTIONS.map((action) => (
            <button
              key={action}
              type="button"
              className={`import-chip import-chip-${action.replace(' ', '-').toLowerCase()}${filter === action ? ' active' : ''}`}
              aria-pressed={filter === action}
              onClick={() => setFilter(action)}
            >
              {ACTION_ICONS[action]}
              {t(ACTION_KEYS[action])} <strong>{dryRun.Summary[SUMMARY_OF[action]]}</strong>
            </button>
          ))}
        </div>
        {dryRun.UnknownColumns.length > 0 && <p className="import-warning">{t('measurements.import.unknown_columns', { columns: dryRun.UnknownColumns.join(', ') })}</p>}
        {dryRun.Summary.Error > 0 && <p className="muted">{t('measurements.import.errors_skipped')}</p>}
        <DataTable
          tableId="measurement-import-dry-run"
          label={t('measurements.import.table')}
          columns={columns}
          data={rows}
          getRowId={(row) => String(row.Row)}
          selectable={false}
          showSettings={false}
          height={TABLE_HEIGHT}
          rowHeight={ROW_PX + LINE_PX * (lines - 1)}
          emptyMessage={t('measurements.import.no_rows')}
          initialSort={{ id: 'row', desc: false }}
        />
        {applyError && <p className="form-error">{applyError}</p>}
        <button type="button" className="import-link" onClick={startOver}>
          {t('measurements.import.other_file')}
        </button>
      </section>
    );
  } else {
    confirm = { label: t('measurements.import.dry_run'), onConfirm: () => void runDryRun(), disabled: file === null || chosenCollector === '' || uploadState.isLoading };
    body = (
      <section className="import-choose">
        <p>{t('measurements.import.intro')}</p>
        {collectorUuid === undefined && (
          <div className="import-field">
            <label htmlFor={collectorId}>{t('measurements.import.collector')}</label>
            <select id={collectorId} value={chosenCollector} onChange={(event) => setChosenCollector(event.target.value)}>
              <option value="">{t('measurements.import.choose_collector')}</option>
              {(collectors.data ?? []).map((collector) => (
                <option key={collector.UUID} value={collector.UUID}>
                  {collector.Name}
                </option>
              ))}
            </select>
          </div>
        )}
        <p>
          <button type="button" className="import-template" onClick={() => void downloadTemplate()} disabled={chosenCollector === '' || templateState.isLoading}>
            <Download size={16} aria-hidden />
            {t('measurements.import.template')}
          </button>
        </p>
        <div className="import-field">
          <label htmlFor={fileId}>{t('measurements.import.file')}</label>
          <input
            id={fileId}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              uploadState.reset();
            }}
          />
        </div>
        {uploadState.isLoading && (
          <div className="import-progress">
            <progress aria-label={t('measurements.import.uploading')} value={progress?.loaded ?? 0} max={progress?.total ?? undefined} />
            <span className="muted">{t('measurements.import.uploading')}</span>
          </div>
        )}
        {uploadError && (
          <p className="form-error" role="alert">
            {uploadError}
          </p>
        )}
      </section>
    );
  }

  return (
    <Modal
      open
      title={t('measurements.import.title')}
      onCancel={onClose}
      onConfirm={confirm?.onConfirm}
      confirmDisabled={confirm?.disabled}
      busy={uploadState.isLoading || applyState.isLoading}
      labels={{ cancel: t('general.close'), confirm: confirm?.label }}
      width="960px"
      className="import-dialog"
    >
      {body}
    </Modal>
  );
}
