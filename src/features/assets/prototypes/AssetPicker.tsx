import { FolderTree } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetChoicesQuery } from '../../../api/areas/prototypes';
import type { AssetRead } from '../../../api/generated/historian.gen';

// A parent asset for new instances: the tree searched on the server (name, description or path,
// GET /assets?Keyword), or the top of the tree.

const SEARCH_MS = 300;
const SHOWN = 20;

export interface AssetPickerProps {
  label: string;
  value: AssetRead | null;
  onChange: (asset: AssetRead | null) => void;
}

export function AssetPicker({ label, value, onChange }: AssetPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(text.trim()), SEARCH_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const found = useAssetChoicesQuery(keyword === '' ? { roots: true, limit: SHOWN } : { keyword, limit: SHOWN });
  const options = found.data ?? [];
  return (
    <div className="proto-picker">
      <label htmlFor={`${id}-search`}>{label}</label>
      <p className="proto-picker-chosen">
        <FolderTree size={16} aria-hidden="true" focusable="false" />
        {value ? <strong>{value.AssetPath}</strong> : <span className="muted">{t('prototypes.instances.top')}</span>}
      </p>
      <input id={`${id}-search`} type="search" value={text} placeholder={t('prototypes.instances.search_parent')} onChange={(event) => setText(event.target.value)} />
      <ul className="proto-picker-list" role="listbox" aria-label={t('prototypes.instances.parent_choices')}>
        <li role="option" aria-selected={value === null} tabIndex={0} onClick={() => onChange(null)} onKeyDown={(event) => event.key === 'Enter' && onChange(null)}>
          <span className="muted">{t('prototypes.instances.top')}</span>
        </li>
        {options.map((asset) => (
          <li key={asset.UUID} role="option" aria-selected={value?.UUID === asset.UUID} tabIndex={0} onClick={() => onChange(asset)} onKeyDown={(event) => event.key === 'Enter' && onChange(asset)}>
            {asset.AssetPath}
          </li>
        ))}
        {found.isFetching && options.length === 0 && <li className="muted">{t('table.loading')}</li>}
      </ul>
    </div>
  );
}
