import { CircleCheck } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackfillCalculationMutation } from '../../api/areas/calculations';
import { JobSection, RangeFieldset, type JobSectionProps } from '../../components/RangeJobDialog/RangeJobDialog';
import { useRangeJob } from '../../components/RangeJobDialog/useRangeJob';
import { Modal } from '../../components/Modal/Modal';
import { backfillResultOf, sampleText, type BackfillCalculationResult } from './backfillResult';
import './calculations.css';

export interface BackfillDialogProps {
  calculationUuid: string;
  name: string;
  onClose: () => void;
  /** The clock; a prop so that tests can hold it still. */
  now?: () => number;
}

/**
 * Recompute a calculation over a past range (DOMAIN.md §2 delight): a dry run first, which shows
 * per calculation (this one and those downstream) what would be added, changed or stay, with a
 * sample of old against new values; then Apply runs the same range and writes.
 */
export function BackfillDialog({ calculationUuid, name, onClose, now = Date.now }: BackfillDialogProps) {
  const { t } = useTranslation();
  const [start, startState] = useBackfillCalculationMutation();
  const job = useRangeJob({ now, start: (range, dryRun) => start({ id: calculationUuid, calculationBackfill: { ...range, DryRun: dryRun } }) });
  const { current, running, dryDone, applied, run } = job;
  const result = useMemo(() => (current?.State === 'done' ? backfillResultOf(current.Result) : null), [current]);

  let confirm: { label: string; onConfirm: () => void } | null = null;
  if (job.job === null) confirm = { label: t('calculations.backfill.dry_run'), onConfirm: () => void run(true) };
  else if (dryDone) confirm = { label: t('calculations.backfill.apply'), onConfirm: () => void run(false) };
  else if (job.job.dryRun && job.ended) confirm = { label: t('calculations.backfill.dry_run_again'), onConfirm: () => void run(true) };

  const heading = !job.job ? null : running ? (job.job.dryRun ? t('calculations.backfill.dry_running') : t('calculations.backfill.applying')) : applied ? t('calculations.backfill.applied') : dryDone ? t('calculations.backfill.dry_done') : null;

  const jobLabels: JobSectionProps['labels'] = { heading, progress: t('calculations.backfill.progress'), cancel: t('calculations.backfill.cancel'), canceling: t('calculations.backfill.canceling'), failed: (error) => t('calculations.backfill.failed', { error }), canceled: t('calculations.backfill.canceled') };
  return (
    <Modal
      open
      title={t('calculations.backfill.title', { name })}
      onCancel={onClose}
      onConfirm={confirm?.onConfirm}
      confirmDisabled={!job.rangeValid || startState.isLoading}
      busy={startState.isLoading}
      labels={{ cancel: t('general.close'), confirm: confirm?.label }}
      width="960px"
      className="calculation-backfill"
    >
      <p>{t('calculations.backfill.intro')}</p>
      <RangeFieldset
        job={job}
        className="calculation-backfill-range"
        labels={{ range: t('calculations.backfill.range'), start: t('calculations.backfill.start'), end: t('calculations.backfill.end'), badRange: t('calculations.backfill.bad_range') }}
      />
      <JobSection job={job} className="calculation-backfill-job" progressClassName="calculation-backfill-progress" labels={jobLabels}>
        {result && <BackfillResultView calculations={result.Calculations} dryRun={result.DryRun} />}
        {dryDone && <p className="muted">{t('calculations.backfill.apply_hint')}</p>}
      </JobSection>
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
