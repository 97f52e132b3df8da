import { skipToken } from '@reduxjs/toolkit/query';
import { Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { useUpdateAssetMutation } from '../../../api/areas/assets';
import { prototypesApi } from '../../../api/areas/prototypes';
import type { AssetRead } from '../../../api/generated/historian.gen';
import { useAppSelector } from '../../../app/hooks';
import { selectAccess } from '../../../state/privileges';
import { metadataOf, missingKeys, problemsOf, rowsOf, type MetadataRow, type MetadataType, type RowProblem } from './metadataRows';

const ICON = { size: 16, 'aria-hidden': true, focusable: false } as const;

/** The asset's constants: key, type (number, text, boolean) and value; the prototype's keys still to fill are shown as missing. */
export function MetadataTab({ asset, canManage }: { asset: AssetRead; canManage: boolean }) {
  const { t } = useTranslation();
  const can = useAppSelector(selectAccess);
  const readsPrototypes = can({ privileges: [PRIVILEGES.ReadPrototypes] });
  const prototype = prototypesApi.endpoints.getPrototype.useQuery(asset.PrototypeUUID && readsPrototypes ? { id: asset.PrototypeUUID } : skipToken);
  const [rows, setRows] = useState<MetadataRow[]>(() => rowsOf(asset.Metadata));
  const nextId = useRef(rows.length);
  const [update, state] = useUpdateAssetMutation();
  const problems = useMemo(() => problemsOf(rows), [rows]);
  const missing = missingKeys(prototype.data?.Metadata, rows);
  const stored = useMemo(() => JSON.stringify(asset.Metadata), [asset.Metadata]);
  const changed = problems.size === 0 ? JSON.stringify(metadataOf(rows)) !== stored : true;

  const change = (id: number, patch: Partial<MetadataRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const add = (key = '') => {
    nextId.current += 1;
    setRows((current) => [...current, { id: nextId.current, key, type: 'text', value: '' }]);
  };
  const save = () => {
    if (problems.size > 0) return;
    void update({ id: asset.UUID, asset: { Name: asset.Name, Description: asset.Description, ParentUUID: asset.ParentUUID, Metadata: metadataOf(rows) } });
  };
  const problemText = (problem: RowProblem | undefined) =>
    problem === 'key_required' ? t('assets.metadata.key_required') : problem === 'key_repeated' ? t('assets.metadata.key_repeated') : problem === 'not_a_number' ? t('assets.metadata.not_a_number') : undefined;

  return (
    <div className="asset-metadata">
      {missing.length > 0 && (
        <div className="asset-missing" role="status">
          <TriangleAlert {...ICON} />
          <div>
            <p>{t('assets.metadata.missing', { count: missing.length, prototype: asset.PrototypeName ?? '' })}</p>
            <ul>
              {missing.map((key) => (
                <li key={key}>
                  <code>{key}</code>
                  {canManage && !rows.some((row) => row.key.trim() === key) && (
                    <button type="button" className="small" onClick={() => add(key)}>
                      {t('assets.metadata.fill')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {rows.length === 0 ? (
        <p role="status" className="assets-tab-empty">{canManage ? t('assets.metadata.empty_manage') : t('assets.metadata.empty')}</p>
      ) : canManage ? (
        <table className="asset-table asset-metadata-table">
          <caption className="visually-hidden">{t('assets.metadata.caption', { name: asset.Name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('assets.metadata.key')}</th>
              <th scope="col">{t('assets.metadata.type')}</th>
              <th scope="col">{t('assets.metadata.value')}</th>
              <th scope="col"><span className="visually-hidden">{t('table.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const problem = problemText(problems.get(row.id));
              const errorId = `metadata-error-${row.id}`;
              return (
                <tr key={row.id}>
                  <td>
                    <input type="text" aria-label={t('assets.metadata.key_of', { n: index + 1 })} value={row.key} maxLength={100} aria-invalid={problems.get(row.id)?.startsWith('key') || undefined} aria-describedby={problem ? errorId : undefined} onChange={(event) => change(row.id, { key: event.target.value })} />
                    {problem && <p id={errorId} className="field-error">{problem}</p>}
                  </td>
                  <td>
                    <select aria-label={t('assets.metadata.type_of', { n: index + 1 })} value={row.type} onChange={(event) => change(row.id, { type: typeOf(event.target.value), value: event.target.value === 'boolean' ? 'false' : row.value })}>
                      <option value="text">{t('assets.metadata.types.text')}</option>
                      <option value="number">{t('assets.metadata.types.number')}</option>
                      <option value="boolean">{t('assets.metadata.types.boolean')}</option>
                    </select>
                  </td>
                  <td>
                    {row.type === 'boolean' ? (
                      <select aria-label={t('assets.metadata.value_of', { n: index + 1 })} value={row.value} onChange={(event) => change(row.id, { value: event.target.value })}>
                        <option value="true">{t('assets.values.true')}</option>
                        <option value="false">{t('assets.values.false')}</option>
                      </select>
                    ) : (
                      <input type={row.type === 'number' ? 'number' : 'text'} step="any" aria-label={t('assets.metadata.value_of', { n: index + 1 })} value={row.value} aria-invalid={problems.get(row.id) === 'not_a_number' || undefined} onChange={(event) => change(row.id, { value: event.target.value })} />
                    )}
                  </td>
                  <td className="asset-row-actions">
                    <button type="button" className="icon-button danger" aria-label={t('assets.metadata.remove_of', { n: index + 1 })} title={t('assets.metadata.remove')} onClick={() => setRows((current) => current.filter((other) => other.id !== row.id))}>
                      <Trash2 {...ICON} />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <dl className="asset-metadata-read">
          {rows.map((row) => (
            <div key={row.id}>
              <dt>{row.key}</dt>
              <dd>{row.type === 'boolean' ? (row.value === 'true' ? t('assets.values.true') : t('assets.values.false')) : row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {canManage && (
        <div className="asset-tab-toolbar asset-metadata-actions">
          <button type="button" onClick={() => add()}>
            <Plus {...ICON} />
            {t('assets.metadata.add')}
          </button>
          <span className="asset-toolbar-gap" />
          <button type="button" disabled={!changed || state.isLoading} onClick={() => setRows(rowsOf(asset.Metadata))}>
            {t('assets.metadata.reset')}
          </button>
          <button type="button" className="primary" disabled={!changed || problems.size > 0 || state.isLoading} onClick={save}>
            {t('general.save')}
          </button>
        </div>
      )}
    </div>
  );
}

function typeOf(value: string): MetadataType {
  return value === 'number' || value === 'boolean' ? value : 'text';
}
