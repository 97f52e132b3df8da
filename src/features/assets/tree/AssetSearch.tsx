import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAssetsPageQuery } from '../../../api/areas/assets';
import type { AssetRead } from '../../../api/generated/historian.gen';
import { SearchCombobox } from '../../../components/SearchCombobox/SearchCombobox';
import { displayPath } from '../shared/assetPath';

const RESULTS = 25;

/** Search the whole tree by name, description or path (getAssets Keyword); the results read as paths. */
export function AssetSearch({ onChoose }: { onChoose: (asset: AssetRead) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useGetAssetsPageQuery(keyword ? { keyword, limit: RESULTS } : skipToken);
  return (
    <div className="asset-search">
      <SearchCombobox
        label={t('assets.search.label')}
        placeholder={t('assets.search.placeholder')}
        options={keyword ? found.data?.items : undefined}
        fetching={found.isFetching}
        optionKey={(asset) => asset.UUID}
        renderOption={(asset) => (
          <>
            <span className="search-combobox-option">
              <strong>{asset.Name}</strong>
            </span>
            <span className="search-combobox-path">{displayPath(asset.AssetPath)}</span>
          </>
        )}
        onKeywordChange={setKeyword}
        onChoose={(asset) => {
          setKeyword('');
          onChoose(asset);
        }}
      />
      {keyword && found.data && found.data.totalCount > found.data.items.length && <p className="asset-search-more muted">{t('assets.search.more', { shown: found.data.items.length, total: found.data.totalCount })}</p>}
    </div>
  );
}
