import { CircleCheck } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useReevaluateEventConfigurationMutation } from '../../../api/areas/eventConfigurations';
import { Modal } from '../../../components/Modal/Modal';
import { JobSection, RangeFieldset, type JobSectionProps } from '../../../components/RangeJobDialog/RangeJobDialog';
import { DAY_MS, useRangeJob } from '../../../components/RangeJobDialog/useRangeJob';
import { reevaluationResultOf, valueText } from './reevaluationResult';

export interface ReevaluateDialogProps {
  configurationUuid: string;
  name: string;
  onClose: () => void;
  /** The clock; a prop so that tests can hold it still. */
  now?: () => number;
}

/**
 * Recompute the properties of a configuration's closed events that start in a range (the
 * rulebook's "Re-evaluation"): a dry run first, showing how many events would change and a few
 * values before and after; then Apply writes. Manual values are kept either way.
 */
export function ReevaluateDialog({ configurationUuid, name, onClose, now = Date.now }: ReevaluateDialogProps) {
  const { t, i18n } = useTranslation();
  const [start, startState] = useReevaluateEventConfigurationMutation();
  const job = useRangeJob({ now, maxRangeMs: 366 * DAY_MS, start: (range, dryRun) => start({ id: configurationUuid, eventReevaluation: { ...range, DryRun: dryRun } }) });
  const { current, running, dryDone, applied, run } = job;
  const result = useMemo(() => (current?.State === 'done' ? reevaluationResultOf(current.Result) : null), [current]);
  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language]);
  const number = useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
    return (value: number) => format.format(value);
  }, [i18n.language]);

  let confirm: { label: string; onConfirm: () => void } | null = null;
  if (job.job === null) confirm = { label: t('events.configurations.reevaluate.dry_run'), onConfirm: () => void run(true) };
  else if (dryDone) confirm = { label: t('events.configurations.reevaluate.apply'), onConfirm: () => void run(false) };
  else if (job.job.dryRun && job.ended) confirm = { label: t('events.configurations.reevaluate.dry_run'), onConfirm: () => void run(true) };
  const heading = !job.job
    ? null
    : running
      ? job.job.dryRun
        ? t('events.configurations.reevaluate.dry_running')
        : t('events.configurations.reevaluate.applying')
      : applied
        ? t('events.configurations.reevaluate.applied')
        : dryDone
          ? t('events.configurations.reevaluate.dry_done')
          : null;

  const jobLabels: JobSectionProps['labels'] = { heading, progress: t('events.configurations.reevaluate.progress'), cancel: t('events.configurations.reevaluate.cancel'), failed: (error) => t('events.configurations.reevaluate.failed', { error }), canceled: t('events.configurations.reevaluate.canceled') };
  return (
    <Modal
      open
      title={t('events.configurations.reevaluate.title', { name })}
      onCancel={onClose}
      onConfirm={confirm?.onConfirm}
      confirmDisabled={!job.rangeValid || startState.isLoading}
      busy={startState.isLoading}
      labels={{ cancel: t('general.close'), confirm: confirm?.label }}
      width="820px"
      className="evcfg-reevaluate"
    >
      <p>{t('events.configurations.reevaluate.intro')}</p>
      <RangeFieldset
        job={job}
        className="evcfg-range"
        labels={{
          range: t('events.configurations.reevaluate.range'),
          start: t('events.configurations.reevaluate.start'),
          end: t('events.configurations.reevaluate.end'),
          badRange: t('events.configurations.reevaluate.bad_range'),
        }}
      />
      <JobSection job={job} className="evcfg-job" progressClassName="evcfg-progress" labels={jobLabels}>
        {result && (
          <>
            <dl className="evcfg-counts" aria-label={job.job?.dryRun ? t('events.configurations.reevaluate.counts_dry') : t('events.configurations.reevaluate.counts_written')}>
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
      </JobSection>
    </Modal>
  );
}
