import { X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAssetPropertiesQuery, useGetAssetsQuery } from '../../../api/areas/assets';
import { useGetEventTypesQuery } from '../../../api/areas/eventConfigurations';
import { useGetMeasurementLabelsQuery } from '../../../api/areas/measurements';
import { usePreviewForwarderSelectionMutation } from '../../../api/areas/sinks';
import type { ForwarderSelection, ForwarderSelectionPreview } from '../../../api/generated/historian.gen';
import { SearchCombobox } from '../../../components/SearchCombobox/SearchCombobox';
import { useAppSelector } from '../../../app/hooks';
import { PRIVILEGES } from '../../../../domain/privilegeNames';
import { selectAccess } from '../../../state/privileges';
import { useDebouncedValue } from './useDebouncedValue';

const SELECTION_DELAY_MS = 400;

export type SelectionKey = keyof ForwarderSelection;

interface Chip {
  id: string;
  label: string;
}

function Chips({ chips, removeLabel, canEdit, onRemove }: { chips: Chip[]; removeLabel: (label: string) => string; canEdit: boolean; onRemove: (id: string) => void }) {
  if (chips.length === 0) return null;
  return (
    <ul className="forwarder-chips">
      {chips.map((chip) => (
        <li key={chip.id} className="forwarder-chip">
          {chip.label}
          {canEdit && (
            <button type="button" aria-label={removeLabel(chip.label)} onClick={() => onRemove(chip.id)}>
              <X size={12} aria-hidden="true" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

interface GroupProps<T> {
  label: string;
  help: string;
  chips: Chip[];
  canEdit: boolean;
  error?: readonly string[];
  options: readonly T[] | undefined;
  fetching: boolean;
  optionKey: (option: T) => string;
  optionLabel: (option: T) => string;
  onKeyword: (keyword: string) => void;
  onAdd: (option: T) => void;
  onRemove: (id: string) => void;
}

function SelectionGroup<T>({ label, help, chips, canEdit, error, options, fetching, optionKey, optionLabel, onKeyword, onAdd, onRemove }: GroupProps<T>) {
  const { t } = useTranslation();
  return (
    <div className="forwarder-selection-group" role="group" aria-label={label}>
      <span>{label}</span>
      <Chips chips={chips} canEdit={canEdit} removeLabel={(name) => t('forwarders.selection.remove', { name })} onRemove={onRemove} />
      {canEdit && (
        <SearchCombobox
          label={t('forwarders.selection.add', { what: label })}
          placeholder={t('forwarders.selection.search')}
          options={options}
          fetching={fetching}
          optionKey={optionKey}
          renderOption={optionLabel}
          onKeywordChange={onKeyword}
          onChoose={onAdd}
          openOnFocus
          invalid={error !== undefined && error.length > 0}
        />
      )}
      <p className="muted">{help}</p>
      {error?.map((message) => (
        <p key={message} className="field-error">
          {message}
        </p>
      ))}
    </div>
  );
}

interface SelectionEditorProps {
  selection: ForwarderSelection;
  /** Names of the chosen assets, properties and event types, by UUID (a stored one shows its name once known). */
  names: Record<string, string>;
  canEdit: boolean;
  errors: Record<string, string[]>;
  onChange: (selection: ForwarderSelection, names?: Record<string, string>) => void;
}

const withItem = (list: readonly string[] | undefined, item: string) => (list?.includes(item) ? [...list] : [...(list ?? []), item]);
const withoutItem = (list: readonly string[] | undefined, item: string) => (list ?? []).filter((value) => value !== item);

/**
 * What a forwarder sends (README "Who may do what"): measurements by label, the properties of
 * assets (and those below them), single asset properties and event types, with a live line of
 * what the selection resolves to now.
 */
export function SelectionEditor({ selection, names, canEdit, errors, onChange }: SelectionEditorProps) {
  const { t, i18n } = useTranslation();
  const can = useAppSelector(selectAccess);
  const readsAssets = can({ privileges: [PRIVILEGES.ReadAssets] });
  const readsEvents = can({ privileges: [PRIVILEGES.ReadEventConfigurations] });
  const readsMeasurements = can({ privileges: [PRIVILEGES.ReadMeasurements] });
  const [labelKeyword, setLabelKeyword] = useState('');
  const [assetKeyword, setAssetKeyword] = useState('');
  const [propertyKeyword, setPropertyKeyword] = useState('');
  const [eventKeyword, setEventKeyword] = useState('');
  const labels = useGetMeasurementLabelsQuery({ keyword: labelKeyword || undefined }, { skip: !canEdit || !readsMeasurements });
  const assets = useGetAssetsQuery({ keyword: assetKeyword || undefined, limit: 20 }, { skip: !canEdit || !readsAssets });
  const properties = useGetAssetPropertiesQuery({ keyword: propertyKeyword || undefined, limit: 20 }, { skip: !canEdit || !readsAssets });
  const eventTypes = useGetEventTypesQuery({ keyword: eventKeyword || undefined, limit: 50 }, { skip: !readsEvents });
  const [resolve, resolved] = usePreviewForwarderSelectionMutation();
  const [preview, setPreview] = useState<ForwarderSelectionPreview | null>(null);
  const settled = useDebouncedValue(selection, SELECTION_DELAY_MS);
  const number = new Intl.NumberFormat(i18n.language);

  useEffect(() => {
    if (!readsMeasurements) return;
    let current = true;
    void resolve({ forwarderSelection: settled }).then((outcome) => {
      if (current) setPreview(outcome.data ?? null);
    });
    return () => {
      current = false;
    };
  }, [settled, resolve, readsMeasurements]);

  const eventNames = useMemo(() => new Map((eventTypes.data ?? []).map((type) => [type.UUID, type.Name])), [eventTypes.data]);
  const nameOf = (uuid: string) => names[uuid] ?? eventNames.get(uuid) ?? uuid.slice(0, 8);
  const update = (key: SelectionKey, list: string[], added?: Record<string, string>) => onChange({ ...selection, [key]: list }, added);

  return (
    <section aria-label={t('forwarders.sections.selection')}>
      <SelectionGroup
        label={t('forwarders.selection.labels')}
        help={t('forwarders.selection.labels_help')}
        chips={(selection.Labels ?? []).map((label) => ({ id: label, label }))}
        canEdit={canEdit}
        error={errors['Selection.Labels']}
        options={labels.data}
        fetching={labels.isFetching}
        optionKey={(label) => label.Name}
        optionLabel={(label) =>
          t('forwarders.selection.label_option', {
            name: label.Name,
            count: label.Count,
          })
        }
        onKeyword={setLabelKeyword}
        onAdd={(label) => update('Labels', withItem(selection.Labels, label.Name))}
        onRemove={(id) => update('Labels', withoutItem(selection.Labels, id))}
      />
      <SelectionGroup
        label={t('forwarders.selection.assets')}
        help={t('forwarders.selection.assets_help')}
        chips={(selection.AssetUUIDs ?? []).map((uuid) => ({
          id: uuid,
          label: nameOf(uuid),
        }))}
        canEdit={canEdit && readsAssets}
        error={errors['Selection.AssetUUIDs']}
        options={assets.data}
        fetching={assets.isFetching}
        optionKey={(asset) => asset.UUID}
        optionLabel={(asset) => asset.AssetPath}
        onKeyword={setAssetKeyword}
        onAdd={(asset) =>
          update('AssetUUIDs', withItem(selection.AssetUUIDs, asset.UUID), {
            [asset.UUID]: asset.AssetPath,
          })
        }
        onRemove={(id) => update('AssetUUIDs', withoutItem(selection.AssetUUIDs, id))}
      />
      <SelectionGroup
        label={t('forwarders.selection.asset_properties')}
        help={t('forwarders.selection.asset_properties_help')}
        chips={(selection.AssetPropertyUUIDs ?? []).map((uuid) => ({
          id: uuid,
          label: nameOf(uuid),
        }))}
        canEdit={canEdit && readsAssets}
        error={errors['Selection.AssetPropertyUUIDs']}
        options={properties.data}
        fetching={properties.isFetching}
        optionKey={(property) => property.UUID}
        optionLabel={(property) => `${property.AssetPath ?? ''}/${property.Name}`}
        onKeyword={setPropertyKeyword}
        onAdd={(property) => update('AssetPropertyUUIDs', withItem(selection.AssetPropertyUUIDs, property.UUID), { [property.UUID]: `${property.AssetPath ?? ''}/${property.Name}` })}
        onRemove={(id) => update('AssetPropertyUUIDs', withoutItem(selection.AssetPropertyUUIDs, id))}
      />
      <SelectionGroup
        label={t('forwarders.selection.event_types')}
        help={t('forwarders.selection.event_types_help')}
        chips={(selection.EventTypeUUIDs ?? []).map((uuid) => ({
          id: uuid,
          label: nameOf(uuid),
        }))}
        canEdit={canEdit && readsEvents}
        error={errors['Selection.EventTypeUUIDs']}
        options={eventTypes.data}
        fetching={eventTypes.isFetching}
        optionKey={(type) => type.UUID}
        optionLabel={(type) => type.Name}
        onKeyword={setEventKeyword}
        onAdd={(type) => update('EventTypeUUIDs', withItem(selection.EventTypeUUIDs, type.UUID), { [type.UUID]: type.Name })}
        onRemove={(id) => update('EventTypeUUIDs', withoutItem(selection.EventTypeUUIDs, id))}
      />
      <div className="forwarder-resolves" aria-live="polite">
        {!readsMeasurements ? (
          <p className="muted">{t('forwarders.selection.no_preview_privilege')}</p>
        ) : preview ? (
          <>
            <p role="status">
              {t('forwarders.selection.resolves', {
                measurements: number.format(preview.Measurements),
                properties: number.format(preview.AssetProperties),
                eventTypes: number.format(preview.EventTypes),
              })}
            </p>
            {preview.Sample.length > 0 && (
              <ul className="sink-list-plain" aria-label={t('forwarders.selection.sample')}>
                {preview.Sample.map((item) => (
                  <li key={`${item.MeasurementUUID}-${item.AssetPropertyUUID ?? ''}`}>
                    {item.MeasurementName}
                    {item.AssetPath && <span className="muted"> — {item.AssetPath}</span>}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          resolved.isLoading && <p className="muted">{t('app.loading')}</p>
        )}
      </div>
    </section>
  );
}
