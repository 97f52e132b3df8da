import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAssetPropertiesQuery } from '../../../api/areas/assets';
import type { AssetPropertyRead } from '../../../api/generated/historian.gen';
import { SearchCombobox } from '../../../components/SearchCombobox/SearchCombobox';
import { moved, newGroupKey, type GroupDraft } from './formDraft';
import { CardActions } from './CardActions';
import { messagesUnder } from './formProblems';

/** Enough for one organization's properties to be named and searched here. */
const CATALOGUE_LIMIT = 10_000;
const PICKER_SHOWN = 20;

export interface AssetFieldsTabProps {
  groups: GroupDraft[];
  editable: boolean;
  errors: Record<string, string[]>;
  onChange: (groups: GroupDraft[]) => void;
}

/** An Asset Properties form's fields: named groups of asset properties, each bound to a measurement, in the order the grid shows them. */
export function AssetFieldsTab({ groups, editable, errors, onChange }: AssetFieldsTabProps) {
  const { t } = useTranslation();
  const { data: catalogue } = useGetAssetPropertiesQuery({ limit: CATALOGUE_LIMIT });
  const byUuid = useMemo(() => new Map((catalogue ?? []).map((property) => [property.UUID, property])), [catalogue]);
  const inForm = new Set(groups.flatMap((group) => group.AssetPropertyUUIDs));
  const listErrors = errors['Config.Groups'] ?? [];
  const replace = (index: number, next: GroupDraft) => onChange(groups.map((group, at) => (at === index ? next : group)));

  return (
    <div className="me-fields">
      <p className="form-help">{t('manual_entry.config.groups_help')}</p>
      {listErrors.length > 0 && (
        <p className="field-error" role="alert">
          {listErrors.join(' ')}
        </p>
      )}
      {groups.length === 0 && <p className="me-none">{t('manual_entry.config.no_groups')}</p>}
      {groups.map((group, index) => (
        <GroupCard
          key={group.key}
          group={group}
          index={index}
          count={groups.length}
          editable={editable}
          catalogue={catalogue}
          byUuid={byUuid}
          inForm={inForm}
          errors={errors}
          onChange={(next) => replace(index, next)}
          onMove={(by) => onChange(moved(groups, index, by))}
          onRemove={() => onChange(groups.filter((_, at) => at !== index))}
        />
      ))}
      {editable && (
        <button type="button" onClick={() => onChange([...groups, { key: newGroupKey(), Name: '', AssetPropertyUUIDs: [] }])}>
          <Plus size={16} aria-hidden="true" focusable="false" />
          {t('manual_entry.config.add_group')}
        </button>
      )}
    </div>
  );
}

interface GroupCardProps {
  group: GroupDraft;
  index: number;
  count: number;
  editable: boolean;
  catalogue: readonly AssetPropertyRead[] | undefined;
  byUuid: ReadonlyMap<string, AssetPropertyRead>;
  inForm: ReadonlySet<string>;
  errors: Record<string, string[]>;
  onChange: (next: GroupDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function GroupCard({ group, index, count, editable, catalogue, byUuid, inForm, errors, onChange, onMove, onRemove }: GroupCardProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const path = `Config.Groups[${index}]`;
  const nameErrors = errors[`${path}.Name`] ?? [];
  const otherErrors = messagesUnder(errors, path).filter((message) => !nameErrors.includes(message));
  const title = group.Name.trim() === '' ? t('manual_entry.config.group_n', { n: index + 1 }) : group.Name;
  const nameId = `me-group-${group.key}-name`;
  const wanted = keyword.toLocaleLowerCase();
  const options = catalogue
    ?.filter((property) => property.MeasurementUUID !== null && !inForm.has(property.UUID))
    .filter((property) => wanted === '' || `${property.AssetPath ?? ''} ${property.Name} ${property.MeasurementName ?? ''}`.toLocaleLowerCase().includes(wanted))
    .slice(0, PICKER_SHOWN);
  const labelOf = (uuid: string) => {
    const property = byUuid.get(uuid);
    return property ? `${property.AssetPath ?? ''} › ${property.Name}` : uuid;
  };
  const setProperties = (AssetPropertyUUIDs: string[]) => onChange({ ...group, AssetPropertyUUIDs });

  return (
    <section className="me-card" aria-label={title}>
      <header className="me-card-header">
        <div className={`field me-group-name${nameErrors.length > 0 ? ' field-invalid' : ''}`}>
          <label htmlFor={nameId} className="field-label">
            {t('manual_entry.config.group_name')}
          </label>
          <input
            id={nameId}
            type="text"
            value={group.Name}
            disabled={!editable}
            aria-invalid={nameErrors.length > 0 || undefined}
            aria-describedby={nameErrors.length > 0 ? `${nameId}-error` : undefined}
            onChange={(event) => onChange({ ...group, Name: event.target.value })}
          />
          {nameErrors.length > 0 && (
            <p id={`${nameId}-error`} className="field-error">
              {nameErrors.join(' ')}
            </p>
          )}
        </div>
        {editable && (
          <CardActions title={title} removeLabel={t('manual_entry.config.remove_group', { name: title })} index={index} count={count} onMove={onMove} onRemove={onRemove} />
        )}
      </header>
      {otherErrors.length > 0 && (
        <p className="field-error" role="alert">
          {otherErrors.join(' ')}
        </p>
      )}
      {group.AssetPropertyUUIDs.length === 0 ? (
        <p className="me-none">{t('manual_entry.config.group_empty')}</p>
      ) : (
        <ol className="me-property-list" aria-label={t('manual_entry.config.properties_of', { name: title })}>
          {group.AssetPropertyUUIDs.map((uuid, at) => (
            <li key={uuid}>
              <span className="me-property-name">{labelOf(uuid)}</span>
              {byUuid.get(uuid)?.MeasurementName && <span className="muted">{byUuid.get(uuid)?.MeasurementName}</span>}
              {editable && (
                <span className="me-card-actions">
                  <button type="button" className="me-icon-button" aria-label={t('manual_entry.config.move_up', { name: labelOf(uuid) })} disabled={at === 0} onClick={() => setProperties(moved(group.AssetPropertyUUIDs, at, -1))}>
                    <ArrowUp size={14} aria-hidden="true" focusable="false" />
                  </button>
                  <button
                    type="button"
                    className="me-icon-button"
                    aria-label={t('manual_entry.config.move_down', { name: labelOf(uuid) })}
                    disabled={at === group.AssetPropertyUUIDs.length - 1}
                    onClick={() => setProperties(moved(group.AssetPropertyUUIDs, at, 1))}
                  >
                    <ArrowDown size={14} aria-hidden="true" focusable="false" />
                  </button>
                  <button type="button" className="me-icon-button" aria-label={t('manual_entry.config.remove_property', { name: labelOf(uuid) })} onClick={() => setProperties(group.AssetPropertyUUIDs.filter((other) => other !== uuid))}>
                    <X size={14} aria-hidden="true" focusable="false" />
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {editable && (
        <div className="me-picker">
          <span className="me-picker-label" aria-hidden="true">
            {t('manual_entry.config.add_property', { name: title })}
          </span>
          <SearchCombobox<AssetPropertyRead>
            label={t('manual_entry.config.add_property', { name: title })}
            placeholder={t('manual_entry.config.add_property_placeholder')}
            options={options}
            fetching={catalogue === undefined}
            openOnFocus
            optionKey={(property) => property.UUID}
            renderOption={(property) => (
              <span className="me-option">
                <span>
                  {property.AssetPath} › <strong>{property.Name}</strong>
                </span>
                <span className="muted">{property.MeasurementName}</span>
              </span>
            )}
            onKeywordChange={setKeyword}
            onChoose={(property) => setProperties([...group.AssetPropertyUUIDs, property.UUID])}
          />
        </div>
      )}
    </section>
  );
}
