import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useGetAssetQuery, useGetAssetsQuery } from '../../../api/areas/assets';
import type { AssetRead } from '../../../api/generated/historian.gen';
import { SearchCombobox } from '../../../components/SearchCombobox/SearchCombobox';

const SHOWN = 20;

export interface ConfigAssetPickerProps {
  label: string;
  placeholder: string;
  /** The chosen asset's UUID, or '' for none. */
  value: string;
  invalid?: boolean;
  id?: string;
  onChange: (asset: AssetRead) => void;
}

/** One asset of the organization, searched on the server by name, description or path; shown by its path. */
export function ConfigAssetPicker({ label, placeholder, value, invalid, id, onChange }: ConfigAssetPickerProps) {
  const [keyword, setKeyword] = useState('');
  const chosen = useGetAssetQuery(value ? { id: value } : skipToken);
  const found = useGetAssetsQuery(keyword === '' ? { limit: SHOWN } : { keyword, limit: SHOWN });
  return (
    <SearchCombobox
      id={id}
      label={label}
      placeholder={placeholder}
      value={chosen.data?.AssetPath ?? chosen.data?.Name ?? ''}
      options={found.data}
      fetching={found.isFetching}
      optionKey={(asset) => asset.UUID}
      renderOption={(asset) => asset.AssetPath ?? asset.Name}
      onKeywordChange={setKeyword}
      onChoose={onChange}
      openOnFocus
      invalid={invalid}
    />
  );
}
