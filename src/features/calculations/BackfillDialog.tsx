import { CircleCheck, OctagonX } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackfillCalculationMutation } from '../../api/areas/calculations';
import { useCancelJobMutation, useGetJobQuery } from '../../api/areas/jobs';
import { useAppDispatch } from '../../app/hooks';
import { Modal } from '../../components/Modal/Modal';
import { hasEnded, percentOf } from '../../lib/jobRules';
import { jobStarted } from '../../state/jobsPanel';
import { backfillResultOf, sampleText, type BackfillCalculationResult } from './backfillResult';
import './calculations.css';

export interface BackfillDialogProps {
  calculationUuid: string;
  name: string;
  onClose: () => void;
  /** The clock; a prop so that tests can hold it still. */
  now?: () => number;
}

const JOB_POLL_MS = 1000;
const DAY_MS = 86_400_000;

/** An epoch time as the value of a datetime-local input (local time, to the minute). */
function toLocalInput(time: number): string {
  const date = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

/**
 * Recompute a calculation over a past range (DOMAIN.md §2 delight): a dry run first, which shows
 * per calculation (this one and those downstream) what would be added, changed or stay, with a
 * sample of old against new values; then Apply runs the same range and writes.
 */
export function BackfillDialog({ calculationUuid, name, onClose, now = Date.now }: BackfillDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const dispatch = useAppDispatch();
  const [range, setRange] = useState(() => {
    const end = Math.floor(now() / 60_000) * 60_000;
    return { start: toLocalInput(end - DAY_MS), end: toLocalInput(end) };
  });
  const [job, setJob] = useState<{ uuid: string; dryRun: boolean } | null>(null);
  const [start, startState] = useBackfillCalculationMutation();
  const [cancel, cancelState] = useCancelJobMutation();
  const [ended, setEnded] = useState(false);
  const polled = useGetJobQuery({ id: job?.uuid ?? '' }, { skip: job === null, pollingInterval: ended ? 0 : JOB_POLL_MS });
  // The answer of an earlier job is not this one's.
  const current = polled.data && polled.data.UUID === job?.uuid ? polled.data : undefined;
  const jobEnded = current !== undefined && hasEnded(current);
  if (jobEnded !== ended) setEnded(jobEnded);
  const result = useMemo(() => (current?.State === 'done' ? backfillResultOf(current.Result) : null), [current]);

  const startMs = new Date(range.start).getTime();
  const endMs = new Date(range.end).getTime();
  const rangeValid = !Number.isNaN(startMs) && !Number.isNaN(endMs) && startMs < endMs;
  const running = job !== null && !ended;

  const run = async (dryRun: boolean) => {
    if (!rangeValid) return;
    setEnded(false);
    const answer = await start({ id: calculationUuid, calculationBackfill: { Start: new Date(startMs).toISOString(), End: new Date(endMs).toISOString(), DryRun: dryRun } });
    if (!answer.error) {
      setJob({ uuid: answer.data.JobUUID, dryRun });
      dispatch(jobStarted(answer.data.JobUUID));
    }
  };

  const dryDone = job?.dryRun === true && current?.State === 'done';
  const applied = job?.dryRun === false && current?.State === 'done';
  let confirm: { label: string; onConfirm: () => void } | null = null;
  if (job === null) confirm = { label: t('calculations.backfill.dry_run'), onConfirm: () => void run(true) };
  else if (dryDone) confirm = { label: t('calculations.backfill.apply'), onConfirm: () => void run(false) };
  else if (job.dryRun && ended) confirm = { label: t('calculations.backfill.dry_run_again'), onConfirm: () => void run(true) };

  const percent = percentOf(current?.Progress ?? 0);
  const heading = !job ? null : running ? (job.dryRun ? t('calculations.backfill.dry_running') : t('calculations.backfill.applying')) : applied ? t('calculations.backfill.applied') : dryDone ? t('calculations.backfill.dry_done') : null;

  return (
    <Modal
      open
      title={t('calculations.backfill.title', { name })}
      onCancel={onClose}
      onConfirm={confirm?.onConfirm}
      confirmDisabled={!rangeValid || startState.isLoading}
      busy={startState.isLoading}
      labels={{ cancel: t('general.close'), confirm: confirm?.label }}
      width="960px"
      className="calculation-backfill"
    >
      <p>{t('calculations.backfill.intro')}</p>
      <fieldset className="calculation-backfill-range" disabled={running || dryDone || applied}>
        <legend>{t('calculations.backfill.range')}</legend>
        <label htmlFor={`${id}-start`}>{t('calculations.backfill.start')}</label>
        <input id={`${id}-start`} type="datetime-local" value={range.start} onChange={(event) => setRange({ ...range, start: event.target.value })} />
        <label htmlFor={`${id}-end`}>{t('calculations.backfill.end')}</label>
        <input id={`${id}-end`} type="datetime-local" value={range.end} onChange={(event) => setRange({ ...range, end: event.target.value })} />
      </fieldset>
      {!rangeValid && <p className="field-error">{t('calculations.backfill.bad_range')}</p>}
      {job !== null && (
        <section className="calculation-backfill-job" aria-live="polite">
          {heading && <h3>{heading}</h3>}
          <div className="calculation-backfill-progress">
            <progress max={100} value={percent} aria-label={t('calculations.backfill.progress')} />
            <span>{percent} %</span>
            {current?.ProgressMessage && <span className="muted">{current.ProgressMessage}</span>}
            {running && (
              <button type="button" className="danger" disabled={cancelState.isLoading || current?.CancelRequested} onClick={() => void cancel({ id: job.uuid })}>
                <OctagonX size={16} aria-hidden />
                {current?.CancelRequested ? t('calculations.backfill.canceling') : t('calculations.backfill.cancel')}
              </button>
            )}
          </div>
          {current?.State === 'failed' && <p className="form-error">{t('calculations.backfill.failed', { error: current.Error ?? '' })}</p>}
          {current?.State === 'canceled' && <p className="form-error">{t('calculations.backfill.canceled')}</p>}
          {result && <BackfillResultView calculations={result.Calculations} dryRun={result.DryRun} />}
          {dryDone && <p className="muted">{t('calculations.backfill.apply_hint')}</p>}
        </section>
      )}
    </Modal>
  );
}

function BackfillResultView({ calculations, dryRun }: { calculations: readonly BackfillCalculationResult[]; dryRun: boolean }) {
  const { t, i18n } = useTranslation();
  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language]);
  const number = useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
    return (value: number) => format.format(value);
  }, [i18n.language]);
  return (
    <>
      <table className="calculation-backfill-counts">
        <caption>{dryRun ? t('calculations.backfill.counts_dry') : t('calculations.backfill.counts_written')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('calculations.backfill.columns.calculation')}</th>
            <th scope="col">{t('calculations.backfill.columns.evaluations')}</th>
            <th scope="col">{t('calculations.backfill.columns.errors')}</th>
            <th scope="col">{t('calculations.backfill.columns.added')}</th>
            <th scope="col">{t('calculations.backfill.columns.changed')}</th>
            <th scope="col">{t('calculations.backfill.columns.unchanged')}</th>
            <th scope="col">{t('calculations.backfill.columns.only_old')}</th>
            {!dryRun && <th scope="col">{t('calculations.backfill.columns.written')}</th>}
          </tr>
        </thead>
        <tbody>
          {calculations.map((calculation, index) => (
            <tr key={calculation.UUID || index}>
              <th scope="row">
                {calculation.Name}
                {index > 0 && <span className="muted"> ({t('calculations.backfill.downstream')})</span>}
              </th>
              <td>{calculation.Evaluations}</td>
              <td className={calculation.Errors > 0 ? 'calculation-count-bad' : undefined}>{calculation.Errors}</td>
              <td>{calculation.Added}</td>
              <td>{calculation.Changed}</td>
              <td>{calculation.Unchanged}</td>
              <td>{calculation.OnlyOld}</td>
              {!dryRun && <td>{calculation.Written}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {!dryRun && (
        <p className="calculation-backfill-done">
          <CircleCheck size={16} aria-hidden />
          {t('calculations.backfill.written', { count: calculations.reduce((sum, calculation) => sum + calculation.Written, 0) })}
        </p>
      )}
      {dryRun &&
        calculations.map((calculation, index) => (
          <details key={calculation.UUID} className="calculation-backfill-detail" open={index === 0 || undefined}>
            <summary>{t('calculations.backfill.sample_of', { name: calculation.Name })}</summary>
            {calculation.Sample.length === 0 ? (
              <p className="muted">{t('calculations.backfill.no_sample')}</p>
            ) : (
              <table className="calculation-backfill-sample">
                <caption className="visually-hidden">{t('calculations.backfill.sample_of', { name: calculation.Name })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('calculations.backfill.columns.time')}</th>
                    <th scope="col">{t('calculations.backfill.columns.old')}</th>
                    <th scope="col">{t('calculations.backfill.columns.new')}</th>
                  </tr>
                </thead>
                <tbody>
                  {calculation.Sample.map((sample) => (
                    <tr key={sample.T}>
                      <td>{time.format(sample.T)}</td>
                      <td>{sampleText(sample.Old, number)}</td>
                      <td>{sampleText(sample.New, number)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {calculation.FirstErrors.length > 0 && (
              <ul className="calculation-backfill-errors" aria-label={t('calculations.backfill.first_errors')}>
                {calculation.FirstErrors.map((error, index) => (
                  <li key={`${error.T}-${index}`}>
                    {time.format(error.T)} <code>{error.Code}</code> {error.Message}
                    {error.Line !== undefined && <span className="muted"> ({t('calculations.preview.go_to_line', { line: error.Line })})</span>}
                  </li>
                ))}
              </ul>
            )}
          </details>
        ))}
    </>
  );
}
