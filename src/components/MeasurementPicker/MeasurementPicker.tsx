import { skipToken } from '@reduxjs/toolkit/query';
import { Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMeasurementQuery, useGetMeasurementsQuery } from '../../api/areas/measurements';
import type { MeasurementRead } from '../../api/generated/historian.gen';
import './measurementPicker.css';

export interface PickedMeasurement {
  uuid: string;
  name: string;
  datatype: string;
}

export interface MeasurementPickerProps {
  id: string;
  value: string;
  /** Never offered: the calculation itself. */
  excludeUuid?: string;
  invalid?: boolean;
  describedBy?: string;
  label: string;
  readOnly: boolean;
  onChange: (picked: PickedMeasurement) => void;
  /** The stored input's measurement, once it has loaded (its name and datatype). */
  onResolved?: (picked: PickedMeasurement) => void;
}

const SEARCH_DELAY_MS = 250;
const RESULTS = 20;

const picked = (measurement: MeasurementRead): PickedMeasurement => ({ uuid: measurement.UUID, name: measurement.Name, datatype: measurement.Datatype });

/** A searchable choice of one of the organization's measurements (getMeasurements with Keyword). */
export function MeasurementPicker({ id, value, excludeUuid, invalid, describedBy, label, readOnly, onChange, onResolved }: MeasurementPickerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const stored = useGetMeasurementQuery(value ? { id: value } : skipToken);
  const [text, setText] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword((text ?? '').trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const found = useGetMeasurementsQuery(open && !readOnly ? { keyword: keyword || undefined, limit: RESULTS, sort: 'Name' } : skipToken);
  const options = (found.data ?? []).filter((measurement) => measurement.UUID !== excludeUuid);
  const storedData = stored.data;
  useEffect(() => {
    if (storedData) onResolved?.(picked(storedData));
    // Once per loaded measurement; the callback is a new function at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedData]);

  const shown = text ?? storedData?.Name ?? (value ? value : '');
  const choose = (measurement: MeasurementRead) => {
    onChange(picked(measurement));
    setText(null);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.max(0, Math.min(options.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1))));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (options[active]) choose(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setText(null);
    }
  };

  if (readOnly) return <span className="calculation-picker-read">{shown || t('form.empty_value')}</span>;
  return (
    <div className="calculation-picker">
      <Search size={14} aria-hidden className="calculation-picker-icon" />
      <input
        id={id}
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        placeholder={t('calculations.inputs.search')}
        value={shown}
        autoComplete="off"
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onBlur={() => {
          setOpen(false);
          setText(null);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" className="calculation-picker-list" aria-label={label}>
          {found.isFetching && options.length === 0 && <li className="muted">{t('table.loading')}</li>}
          {!found.isFetching && options.length === 0 && <li className="muted">{t('calculations.inputs.no_match')}</li>}
          {options.map((measurement, index) => (
            <li
              key={measurement.UUID}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              // Chosen on mousedown, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(measurement);
              }}
            >
              <span>{measurement.Name}</span>
              <span className="muted">{measurement.Datatype}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
