import { CalendarRange, ChevronLeft, ChevronRight, RefreshCw, ZoomOut } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './trend.css';
import { matchRelativeRange, relativeRange, RELATIVE_RANGES, stepRange, zoomOutRange, type RangeBounds, type RelativeRange } from './timeRangeMoves';
import { isLiveRange, resolveRange } from './trendAddress';
import { fromLocalInput, toLocalInput } from '../../lib/localTimeInput';

export interface TimeRangePickerProps {
  from: string;
  to: string;
  onChange: (bounds: RangeBounds) => void;
  /** Live refresh, offered for ranges that end now. */
  live?: boolean;
  onLiveChange?: (live: boolean) => void;
  /** The clock; a prop so that tests can hold it still. */
  now?: () => number;
}

const CUSTOM = 'custom';
const isRelativeRange = (value: string): value is RelativeRange => RELATIVE_RANGES.some((range) => range === value);

/** Relative ranges, an absolute range with validation, step back and forward, zoom out, live refresh. */
export function TimeRangePicker({ from, to, onChange, live = false, onLiveChange, now = Date.now }: TimeRangePickerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const quick = matchRelativeRange({ from, to });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [error, setError] = useState(false);
  const range = resolveRange(from, to, now());

  const openAbsolute = () => {
    const current = resolveRange(from, to, now());
    setDraft(current ? { from: toLocalInput(current.start), to: toLocalInput(current.end) } : { from: '', to: '' });
    setError(false);
    setEditing(true);
  };
  const choose = (value: string) => {
    if (isRelativeRange(value)) {
      setEditing(false);
      onChange(relativeRange(value));
    } else openAbsolute();
  };
  const move = (next: RangeBounds | null) => {
    if (next) onChange(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const start = fromLocalInput(draft.from);
    const end = fromLocalInput(draft.to);
    if (start === null || end === null || start >= end) {
      setError(true);
      return;
    }
    setEditing(false);
    onChange({ from: new Date(start).toISOString(), to: new Date(end).toISOString() });
  };
  const labels: Record<RelativeRange, string> = {
    '15m': t('trend.picker.last15m'),
    '1h': t('trend.picker.last1h'),
    '6h': t('trend.picker.last6h'),
    '24h': t('trend.picker.last24h'),
    '7d': t('trend.picker.last7d'),
    '30d': t('trend.picker.last30d'),
  };
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="time-range-picker" role="group" aria-label={t('trend.picker.label')}>
      <select aria-label={t('trend.picker.range')} value={editing ? CUSTOM : (quick ?? CUSTOM)} onChange={(event) => choose(event.target.value)}>
        {RELATIVE_RANGES.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
        <option value={CUSTOM}>{t('trend.picker.custom')}</option>
      </select>
      <button type="button" className="icon-button" aria-label={t('trend.picker.back')} title={t('trend.picker.back')} onClick={() => move(stepRange({ from, to }, -1, now()))}>
        <ChevronLeft aria-hidden />
      </button>
      <button type="button" className="icon-button" aria-label={t('trend.picker.forward')} title={t('trend.picker.forward')} disabled={isLiveRange(to)} onClick={() => move(stepRange({ from, to }, 1, now()))}>
        <ChevronRight aria-hidden />
      </button>
      <button type="button" className="icon-button" aria-label={t('trend.picker.zoomOut')} title={t('trend.picker.zoomOut')} onClick={() => move(zoomOutRange({ from, to }, now()))}>
        <ZoomOut aria-hidden />
      </button>
      <button type="button" className="icon-button" aria-label={t('trend.picker.absolute')} title={t('trend.picker.absolute')} aria-expanded={editing} onClick={() => (editing ? setEditing(false) : openAbsolute())}>
        <CalendarRange aria-hidden />
      </button>
      {onLiveChange ? (
        <button
          type="button"
          className="icon-button"
          aria-label={t('trend.picker.live')}
          title={isLiveRange(to) ? t('trend.picker.live') : t('trend.picker.liveRelativeOnly')}
          aria-pressed={live && isLiveRange(to)}
          disabled={!isLiveRange(to)}
          onClick={() => onLiveChange(!live)}
        >
          <RefreshCw aria-hidden />
        </button>
      ) : null}
      {range ? (
        <span className="time-range-label">
          {format.format(range.start)} – {format.format(range.end)}
        </span>
      ) : null}
      {editing ? (
        <form className="time-range-absolute" onSubmit={apply} noValidate>
          <label htmlFor={`${id}-from`}>
            {t('trend.picker.from')}
            <input id={`${id}-from`} type="datetime-local" step={1} value={draft.from} aria-invalid={error} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
          </label>
          <label htmlFor={`${id}-to`}>
            {t('trend.picker.to')}
            <input id={`${id}-to`} type="datetime-local" step={1} value={draft.to} aria-invalid={error} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
          </label>
          <button type="submit" className="primary">
            {t('trend.picker.apply')}
          </button>
          {error ? (
            <p id={`${id}-error`} className="field-error" role="alert">
              {t('trend.picker.invalid')}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
