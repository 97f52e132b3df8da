import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDuration } from '../../../../domain/duration';
import { fromLocalInput } from '../../../lib/localTimeInput';
import { RANGE_PRESETS, toLocalMinute, type ViewRange } from './timeRange';

interface RangePickerProps {
  range: ViewRange;
  /** The form's MaxTimeRange, as text (7d) and in milliseconds. */
  maxText: string;
  maxMs: number;
  now: number;
  onChange: (range: ViewRange) => void;
}

const CUSTOM = 'custom';

/** Presets that end now, or a fixed from/to; nothing longer than the form's MaxTimeRange. */
export function RangePicker({ range, maxText, maxMs, now, onChange }: RangePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [custom, setCustom] = useState(range.kind === 'fixed');
  const [from, setFrom] = useState(() => toLocalMinute(range.kind === 'fixed' ? range.from : now - (parseDuration(range.kind === 'relative' ? range.duration : '') ?? 0)));
  const [to, setTo] = useState(() => toLocalMinute(range.kind === 'fixed' ? range.to : now));
  const presets: string[] = [...RANGE_PRESETS];
  if (range.kind === 'relative' && !presets.includes(range.duration)) presets.unshift(range.duration);

  const fromTime = fromLocalInput(from);
  const toTime = fromLocalInput(to);
  const problem =
    fromTime === null || toTime === null
      ? t('manual_entry.view.range_incomplete')
      : fromTime >= toTime
        ? t('manual_entry.view.range_backwards')
        : toTime - fromTime > maxMs
          ? t('manual_entry.view.range_too_long', { limit: maxText })
          : '';

  return (
    <div className="me-range" role="group" aria-label={t('manual_entry.view.range')}>
      <label htmlFor={`${id}-preset`}>{t('manual_entry.view.range')}</label>
      <select
        id={`${id}-preset`}
        value={custom ? CUSTOM : range.kind === 'relative' ? range.duration : CUSTOM}
        onChange={(event) => {
          if (event.target.value === CUSTOM) setCustom(true);
          else {
            setCustom(false);
            onChange({ kind: 'relative', duration: event.target.value });
          }
        }}
      >
        {presets.map((duration) => {
          const tooLong = (parseDuration(duration) ?? 0) > maxMs;
          return (
            <option key={duration} value={duration} disabled={tooLong} title={tooLong ? t('manual_entry.view.range_too_long', { limit: maxText }) : undefined}>
              {tooLong ? t('manual_entry.view.last_too_long', { duration, limit: maxText }) : t('manual_entry.view.last', { duration })}
            </option>
          );
        })}
        <option value={CUSTOM}>{t('manual_entry.view.custom')}</option>
      </select>
      {custom && (
        <>
          <label htmlFor={`${id}-from`}>{t('manual_entry.view.from')}</label>
          <input id={`${id}-from`} type="datetime-local" value={from} onChange={(event) => setFrom(event.target.value)} aria-invalid={problem !== ''} aria-describedby={`${id}-problem`} />
          <label htmlFor={`${id}-to`}>{t('manual_entry.view.to')}</label>
          <input id={`${id}-to`} type="datetime-local" value={to} onChange={(event) => setTo(event.target.value)} aria-invalid={problem !== ''} aria-describedby={`${id}-problem`} />
          <button type="button" disabled={problem !== ''} title={problem || undefined} onClick={() => fromTime !== null && toTime !== null && onChange({ kind: 'fixed', from: fromTime, to: toTime })}>
            {t('manual_entry.view.apply')}
          </button>
        </>
      )}
      <span id={`${id}-problem`} className={problem && custom ? 'field-error' : 'muted'}>
        {custom && problem ? problem : t('manual_entry.view.range_limit', { limit: maxText })}
      </span>
    </div>
  );
}
