import { CircleCheck, OctagonX } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReevaluateEventConfigurationMutation } from '../../../api/areas/eventConfigurations';
import { useCancelJobMutation, useGetJobQuery } from '../../../api/areas/jobs';
import { useAppDispatch } from '../../../app/hooks';
import { Modal } from '../../../components/Modal/Modal';
import { hasEnded, percentOf } from '../../../lib/jobRules';
import { jobStarted } from '../../../state/jobsPanel';
import { reevaluationResultOf, valueText } from './reevaluationResult';

export interface ReevaluateDialogProps {
  configurationUuid: string;
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
 * Recompute the properties of a configuration's closed events that start in a range (the
 * rulebook's "Re-evaluation"): a dry run first, showing how many events would change and a few
 * values before and after; then Apply writes. Manual values are kept either way.
 */
export function ReevaluateDialog({ configurationUuid, name, onClose, now = Date.now }: ReevaluateDialogProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const dispatch = useAppDispatch();
  const [range, setRange] = useState(() => {
    const end = Math.floor(now() / 60_000) * 60_000;
    return { start: toLocalInput(end - DAY_MS), end: toLocalInput(end) };
  });
  const [job, setJob] = useState<{ uuid: string; dryRun: boolean } | null>(null);
  const [start, startState] = useReevaluateEventConfigurationMutation();
  const [cancel, cancelState] = useCancelJobMutation();
  const [ended, setEnded] = useState(false);
  const polled = useGetJobQuery({ id: job?.uuid ?? '' }, { skip: job === null, pollingInterval: ended ? 0 : JOB_POLL_MS });
  const current = polled.data && polled.data.UUID === job?.uuid ? polled.data : undefined;
  const jobEnded = current !== undefined && hasEnded(current);
  if (jobEnded !== ended) setEnded(jobEnded);
  const result = useMemo(() => (current?.State === 'done' ? reevaluationResultOf(current.Result) : null), [current]);
  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language]);
  const number = useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
    return (value: number) => format.format(value);
  }, [i18n.language]);

  const startMs = new Date(range.start).getTime();
  const endMs = new Date(range.end).getTime();
  const rangeValid = !Number.isNaN(startMs) && !Number.isNaN(endMs) && startMs < endMs && endMs - startMs <= 366 * DAY_MS;
  const running = job !== null && !ended;

  const run = async (dryRun: boolean) => {
    if (!rangeValid) return;
    setEnded(false);
    const answer = await start({ id: configurationUuid, eventReevaluation: { Start: new Date(startMs).toISOString(), End: new Date(endMs).toISOString(), DryRun: dryRun } });
    if (!answer.error) {
      setJob({ uuid: answer.data.JobUUID, dryRun });
      dispatch(jobStarted(answer.data.JobUUID));
    }
  };

  const dryDone = job?.dryRun === true && current?.State === 'done';
  const applied = job?.dryRun === false && current?.State === 'done';
  let confirm: { label: string; onConfirm: () => void } | null = null;
  if (job === null) confirm = { label: t('events.configurations.reevaluate.dry_run'), onConfirm: () => void run(true) };
  else if (dryDone) confirm = { label: t('events.configurations.reevaluate.apply'), onConfirm: () => void run(false) };
  else if (job.dryRun && ended) confirm = { label: t('events.configurations.reevaluate.dry_run'), onConfirm: () => void run(true) };
  const percent = percentOf(current?.Progress ?? 0);
  const heading = !job
    ? null
    : running
      ? job.dryRun
        ? t('events.configurations.reevaluate.dry_running')
        : t('events.configurations.reevaluate.applying')
      : applied
        ? t('events.configurations.reevaluate.applied')
        : dryDone
          ? t('events.configurations.reevaluate.dry_done')
          : null;

  return (
    <Modal
      open
      title={t('events.configurations.reevaluate.title', { name })}
      onCancel={onClose}
      onConfirm={confirm?.onConfirm}
      confirmDisabled={!rangeValid || startState.isLoading}
      busy={startState.isLoading}
      labels={{ cancel: t('general.close'), confirm: confirm?.label }}
      width="820px"
      className="evcfg-reevaluate"
    >
      <p>{t('events.configurations.reevaluate.intro')}</p>
      <fieldset className="evcfg-range" disabled={running || dryDone || applied}>
        <legend>{t('events.configurations.reevaluate.range')}</legend>
        <label htmlFor={`${id}-start`}>{t('events.configurations.reevaluate.start')}</label>
        <input id={`${id}-start`} type="datetime-local" value={range.start} onChange={(event) => setRange({ ...range, start: event.target.value })} />
        <label htmlFor={`${id}-end`}>{t('events.configurations.reevaluate.end')}</label>
        <input id={`${id}-end`} type="datetime-local" value={range.end} onChange={(event) => setRange({ ...range, end: event.target.value })} />
      </fieldset>
      {!rangeValid && <p className="field-error">{t('events.configurations.reevaluate.bad_range')}</p>}
      {job !== null && (
        <section className="evcfg-job" aria-live="polite">
          {heading && <h3>{heading}</h3>}
          <div className="evcfg-progress">
            <progress max={100} value={percent} aria-label={t('events.configurations.reevaluate.progress')} />
            <span>{percent} %</span>
            {current?.ProgressMessage && <span className="muted">{current.ProgressMessage}</span>}
            {running && (
              <button type="button" className="danger" disabled={cancelState.isLoading || current?.CancelRequested} onClick={() => void cancel({ id: job.uuid })}>
                <OctagonX size={16} aria-hidden />
                {t('events.configurations.reevaluate.cancel')}
              </button>
            )}
          </div>
          {current?.State === 'failed' && <p className="form-error">{t('events.configurations.reevaluate.failed', { error: current.Error ?? '' })}</p>}
          {current?.State === 'canceled' && <p className="form-error">{t('events.configurations.reevaluate.canceled')}</p>}
          {result && (
            <>
              <dl className="evcfg-counts" aria-label={job.dryRun ? t('events.configurations.reevaluate.counts_dry') : t('events.configurations.reevaluate.counts_written')}>
                <div>
                  <dt>{t('events.configurations.reevaluate.events')}</dt>
                  <dd>{number(result.Events)}</dd>
                </div>
                <div>
                  <dt>{t('events.configurations.reevaluate.changed')}</dt>
                  <dd>{number(result.Changed)}</dd>
                </div>
                <div>
                  <dt>{t('events.configurations.reevaluate.kept')}</dt>
                  <dd>{number(result.Kept)}</dd>
                </div>
              </dl>
              {applied && (
                <p className="evcfg-done">
                  <CircleCheck size={16} aria-hidden />
                  {t('events.configurations.reevaluate.written')}
                </p>
              )}
              {result.Samples.length === 0 ? (
                <p className="muted">{t('events.configurations.reevaluate.no_samples')}</p>
              ) : (
                <table className="evcfg-samples">
                  <caption>{t('events.configurations.reevaluate.samples')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('events.configurations.reevaluate.columns.start')}</th>
                      <th scope="col">{t('events.configurations.reevaluate.columns.property')}</th>
                      <th scope="col">{t('events.configurations.reevaluate.columns.change')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.Samples.map((sample) => (
                      <tr key={`${sample.EventUUID}-${sample.Property}`}>
                        <td>{Number.isNaN(new Date(sample.StartTime).getTime()) ? sample.StartTime : time.format(new Date(sample.StartTime))}</td>
                        <td>{sample.Property}</td>
                        <td>
                          {valueText(sample.Before, number)} → {valueText(sample.After, number)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {dryDone && <p className="muted">{t('events.configurations.reevaluate.apply_hint')}</p>}
            </>
          )}
        </section>
      )}
    </Modal>
  );
}
