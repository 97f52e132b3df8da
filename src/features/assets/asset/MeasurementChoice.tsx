import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMeasurementQuery, useGetMeasurementsQuery } from '../../../api/areas/measurements';
import type { ValueType } from '../../../api/generated/historian.gen';
import { SearchCombobox } from '../../../components/SearchCombobox/SearchCombobox';

export interface PickedMeasurement {
  uuid: string;
  name: string;
  datatype: string;
}

const RESULTS = 25;

/** A searchable choice of one of the organization's measurements or calculations; a property of a known datatype offers only that type. */
export function MeasurementChoice({ value, datatype, invalid, onChange }: { value: PickedMeasurement | null; datatype?: ValueType; invalid?: boolean; onChange: (picked: PickedMeasurement) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useGetMeasurementsQuery({ keyword: keyword || undefined, limit: RESULTS, sort: 'Name', datatypes: datatype ? [datatype] : undefined });
  return (
    <SearchCombobox
      label={t('assets.properties.measurement')}
      placeholder={t('assets.properties.measurement_search')}
      value={value?.name ?? ''}
      options={found.data}
      fetching={found.isFetching}
      openOnFocus
      invalid={invalid}
      optionKey={(measurement) => measurement.UUID}
      renderOption={(measurement) => (
        <span className="search-combobox-option">
          <span>{measurement.Name}</span>
          <span className="muted">{measurement.Datatype}</span>
        </span>
      )}
      onKeywordChange={setKeyword}
      onChoose={(measurement) => onChange({ uuid: measurement.UUID, name: measurement.Name, datatype: measurement.Datatype })}
    />
  );
}

/** The stored property's measurement, named once loaded. */
export function useMeasurementName(uuid: string | null): string | undefined {
  return useGetMeasurementQuery(uuid ? { id: uuid } : skipToken).data?.Name;
}
