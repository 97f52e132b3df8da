import { OctagonX } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { percentOf } from '../../lib/jobRules';
import type { RangeJob } from './useRangeJob';
import './rangeJobDialog.css';

export interface RangeFieldsetProps {
  job: RangeJob;
  /** Already translated by the caller. */
  labels: { range: string; start: string; end: string; badRange: string };
  className?: string;
}

/** The range's two datetime-local inputs, locked while a job runs or has a result, and the "bad range" error. */
export function RangeFieldset({ job, labels, className }: RangeFieldsetProps) {
  const id = useId();
  const { range, setRange } = job;
  return (
    <>
      <fieldset className={['range-job-range', className].filter(Boolean).join(' ')} disabled={job.running || job.dryDone || job.applied}>
        <legend>{labels.range}</legend>
        <label htmlFor={`${id}-start`}>{labels.start}</label>
        <input id={`${id}-start`} type="datetime-local" value={range.start} onChange={(event) => setRange({ ...range, start: event.target.value })} />
        <label htmlFor={`${id}-end`}>{labels.end}</label>
        <input id={`${id}-end`} type="datetime-local" value={range.end} onChange={(event) => setRange({ ...range, end: event.target.value })} />
      </fieldset>
      {!job.rangeValid && <p className="field-error">{labels.badRange}</p>}
    </>
  );
}

export interface JobSectionProps {
  job: RangeJob;
  /** Already translated by the caller; `canceling` replaces `cancel` once a cancel is asked, when given. */
  labels: { heading: string | null; progress: string; cancel: string; canceling?: string; failed: (error: string) => string; canceled: string };
  className?: string;
  progressClassName?: string;
  /** The job's result and hints, below the progress. */
  children?: ReactNode;
}

/** The started job: a heading by state, the progress with its message, Cancel while it runs, and its failure. */
export function JobSection({ job, labels, className, progressClassName, children }: JobSectionProps) {
  const { current } = job;
  if (job.job === null) return null;
  const percent = percentOf(current?.Progress ?? 0);
  return (
    <section className={['range-job-section', className].filter(Boolean).join(' ')} aria-live="polite">
      {labels.heading && <h3>{labels.heading}</h3>}
      <div className={['range-job-progress', progressClassName].filter(Boolean).join(' ')}>
        <progress max={100} value={percent} aria-label={labels.progress} />
        <span>{percent} %</span>
        {current?.ProgressMessage && <span className="muted">{current.ProgressMessage}</span>}
        {job.running && (
          <button type="button" className="danger" disabled={job.canceling} onClick={job.cancel}>
            <OctagonX size={16} aria-hidden />
            {current?.CancelRequested && labels.canceling ? labels.canceling : labels.cancel}
          </button>
        )}
      </div>
      {current?.State === 'failed' && <p className="form-error">{labels.failed(current.Error ?? '')}</p>}
      {current?.State === 'canceled' && <p className="form-error">{labels.canceled}</p>}
      {children}
    </section>
  );
}
