import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAssetsPageQuery } from '../../../api/areas/assets';
import type { AssetRead } from '../../../api/generated/historian.gen';
import { SearchCombobox } from '../../../components/SearchCombobox/SearchCombobox';
import { displayPath } from '../shared/assetPath';

export interface ParentChoice {
  /** Null: the top of the tree. */
  uuid: string | null;
  path: string;
}

const RESULTS = 25;

/** Never under itself or below itself: the path says which assets those are. */
export const canHold = (moving: AssetRead, candidate: AssetRead) => candidate.UUID !== moving.UUID && !candidate.AssetPath.startsWith(`${moving.AssetPath}/`);

/** The new parent of an asset being moved: the top of the tree, or an asset found by name or path. */
export function ParentPicker({ moving, value, onChange }: { moving: AssetRead; value: ParentChoice | null; onChange: (choice: ParentChoice) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [mode, setMode] = useState<'top' | 'asset'>('asset');
  const found = useGetAssetsPageQuery(mode === 'asset' ? { keyword: keyword || undefined, limit: RESULTS } : skipToken);
  const options = found.data?.items.filter((candidate) => canHold(moving, candidate));
  return (
    <fieldset className="assets-parent-picker">
      <legend>{t('assets.dialogs.new_parent')}</legend>
      <label>
        <input
          type="radio"
          name="parent-mode"
          checked={mode === 'top'}
          onChange={() => {
            setMode('top');
            onChange({ uuid: null, path: '' });
          }}
        />
        {t('assets.dialogs.top_level')}
      </label>
      <label>
        <input type="radio" name="parent-mode" checked={mode === 'asset'} onChange={() => setMode('asset')} />
        {t('assets.dialogs.under_asset')}
      </label>
      {mode === 'asset' && (
        <SearchCombobox
          label={t('assets.dialogs.parent_search')}
          placeholder={t('assets.search.placeholder')}
          value={value?.path ?? ''}
          options={options}
          fetching={found.isFetching}
          openOnFocus
          optionKey={(asset) => asset.UUID}
          renderOption={(asset) => (
            <>
              <strong>{asset.Name}</strong>
              <span className="search-combobox-path">{displayPath(asset.AssetPath)}</span>
            </>
          )}
          onKeywordChange={setKeyword}
          onChoose={(asset) => onChange({ uuid: asset.UUID, path: asset.AssetPath })}
        />
      )}
      {value && (
        <p className="assets-parent-chosen" role="status">
          {value.uuid === null ? t('assets.dialogs.goes_top') : t('assets.dialogs.goes_under', { path: displayPath(value.path) })}
        </p>
      )}
    </fieldset>
  );
}
