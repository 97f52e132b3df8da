import { skipToken } from '@reduxjs/toolkit/query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMeasurementQuery, useGetMeasurementsQuery } from '../../api/areas/measurements';
import type { MeasurementRead } from '../../api/generated/historian.gen';
import { useCombobox } from '../SearchCombobox/useCombobox';
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
  const stored = useGetMeasurementQuery(value ? { id: value } : skipToken);
  const [keyword, setKeyword] = useState('');
  const { listId, text, open, activeDescendant, inputHandlers, optionProps } = useCombobox({ onChoose: (measurement: MeasurementRead) => onChange(picked(measurement)) });
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
        aria-activedescendant={activeDescendant(open, options)}
        placeholder={t('calculations.inputs.search')}
        value={shown}
        autoComplete="off"
        {...inputHandlers(options)}
      />
      {open && (
        <ul id={listId} role="listbox" className="calculation-picker-list" aria-label={label}>
          {found.isFetching && options.length === 0 && <li className="muted">{t('table.loading')}</li>}
          {!found.isFetching && options.length === 0 && <li className="muted">{t('calculations.inputs.no_match')}</li>}
          {options.map((measurement, index) => (
            <li key={measurement.UUID} {...optionProps(index, measurement)}>
              <span>{measurement.Name}</span>
              <span className="muted">{measurement.Datatype}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
