import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetEventConfigurationsQuery, useGetEventTypePropertiesQuery } from '../../../api/areas/eventConfigurations';
import type { EventConfigurationRead } from '../../../api/generated/historian.gen';
import type { ManualEntryFormProperty } from '../../../api/generated/historian.gen';
import { SearchCombobox } from '../../../components/SearchCombobox/SearchCombobox';
import { moved } from './formDraft';
import { CardActions } from './CardActions';
import { messagesUnder } from './formProblems';
import type { EventConfigurationDraft } from './formDraft';

const PICKER_LIMIT = 20;

export interface EventFieldsTabProps {
  configurations: EventConfigurationDraft[];
  editable: boolean;
  errors: Record<string, string[]>;
  onChange: (configurations: EventConfigurationDraft[]) => void;
}

/** An Events form's fields: its event configurations, and per configuration which of its type's properties show and may be typed. */
export function EventFieldsTab({ configurations, editable, errors, onChange }: EventFieldsTabProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { data: found, isFetching } = useGetEventConfigurationsQuery({ keyword: keyword === '' ? undefined : keyword, limit: PICKER_LIMIT }, { skip: !editable });
  const chosen = new Set(configurations.map((configuration) => configuration.EventConfigurationUUID));
  const options = found?.filter((configuration) => !chosen.has(configuration.UUID));
  const listErrors = errors['Config.EventConfigurations'] ?? [];

  const add = (configuration: EventConfigurationRead) =>
    onChange([
      ...configurations,
      {
        EventConfigurationUUID: configuration.UUID,
        AssetDisplayName: '',
        ColumnWidth: '',
        Properties: [],
        AssetPath: configuration.AssetPath,
        EventTypeUUID: configuration.EventTypeUUID,
        EventTypeName: configuration.EventTypeName,
      },
    ]);
  const replace = (index: number, next: EventConfigurationDraft) => onChange(configurations.map((configuration, at) => (at === index ? next : configuration)));

  return (
    <div className="me-fields">
      <p className="form-help">{t('manual_entry.config.events_help')}</p>
      {editable && (
        <div className="me-picker">
          <span className="me-picker-label" aria-hidden="true">
            {t('manual_entry.config.add_configuration')}
          </span>
          <SearchCombobox<EventConfigurationRead>
            label={t('manual_entry.config.add_configuration')}
            placeholder={t('manual_entry.config.add_configuration_placeholder')}
            options={options}
            fetching={isFetching}
            openOnFocus
            optionKey={(configuration) => configuration.UUID}
            renderOption={(configuration) => (
              <span className="me-option">
                <span>{configuration.AssetPath ?? configuration.AssetUUID}</span>
                <span className="muted">{configuration.EventTypeName}</span>
              </span>
            )}
            onKeywordChange={setKeyword}
            onChoose={add}
          />
        </div>
      )}
      {listErrors.length > 0 && (
        <p className="field-error" role="alert">
          {listErrors.join(' ')}
        </p>
      )}
      {configurations.length === 0 && <p className="me-none">{t('manual_entry.config.no_configurations')}</p>}
      {configurations.map((configuration, index) => (
        <ConfigurationCard
          key={configuration.EventConfigurationUUID}
          configuration={configuration}
          index={index}
          count={configurations.length}
          editable={editable}
          errors={messagesUnder(errors, `Config.EventConfigurations[${index}]`)}
          onChange={(next) => replace(index, next)}
          onMove={(by) => onChange(moved(configurations, index, by))}
          onRemove={() => onChange(configurations.filter((_, at) => at !== index))}
        />
      ))}
    </div>
  );
}

interface ConfigurationCardProps {
  configuration: EventConfigurationDraft;
  index: number;
  count: number;
  editable: boolean;
  errors: string[];
  onChange: (next: EventConfigurationDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function ConfigurationCard({ configuration, index, count, editable, errors, onChange, onMove, onRemove }: ConfigurationCardProps) {
  const { t } = useTranslation();
  const title = `${configuration.AssetPath ?? configuration.EventConfigurationUUID} · ${configuration.EventTypeName ?? ''}`;
  const headingId = `me-configuration-${configuration.EventConfigurationUUID}`;
  return (
    <section className={`me-card${configuration.Missing ? ' me-card-missing' : ''}`} aria-labelledby={headingId}>
      <header className="me-card-header">
        <h3 id={headingId}>{configuration.Missing ? t('manual_entry.config.missing_configuration') : title}</h3>
        {editable && (
          <CardActions title={title} removeLabel={t('manual_entry.config.remove_configuration', { name: title })} index={index} count={count} onMove={onMove} onRemove={onRemove} />
        )}
      </header>
      {errors.length > 0 && (
        <p className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
      {configuration.Missing ? (
        <p className="me-missing">
          <AlertTriangle size={16} aria-hidden="true" focusable="false" />
          {t('manual_entry.config.missing_help')}
        </p>
      ) : (
        <>
          <div className="me-card-fields">
            <label className="me-inline-field">
              <span>{t('manual_entry.config.asset_display_name')}</span>
              <input
                type="text"
                value={configuration.AssetDisplayName}
                placeholder={configuration.AssetPath}
                disabled={!editable}
                onChange={(event) => onChange({ ...configuration, AssetDisplayName: event.target.value })}
              />
            </label>
            <label className="me-inline-field me-width-field">
              <span>{t('manual_entry.config.column_width')}</span>
              <input
                type="number"
                min={40}
                max={800}
                step={10}
                value={configuration.ColumnWidth}
                placeholder="120"
                disabled={!editable}
                onChange={(event) => onChange({ ...configuration, ColumnWidth: event.target.value })}
              />
            </label>
          </div>
          <PropertiesTable configuration={configuration} editable={editable} onChange={(Properties) => onChange({ ...configuration, Properties })} />
        </>
      )}
    </section>
  );
}

function PropertiesTable({ configuration, editable, onChange }: { configuration: EventConfigurationDraft; editable: boolean; onChange: (properties: ManualEntryFormProperty[]) => void }) {
  const { t } = useTranslation();
  const typeUuid = configuration.EventTypeUUID;
  const { data: properties, isError } = useGetEventTypePropertiesQuery({ eventTypeUuiDs: typeUuid === undefined ? [] : [typeUuid], limit: 1000 }, { skip: typeUuid === undefined });
  if (isError) return <p role="alert">{t('manual_entry.config.properties_error')}</p>;
  if (!properties) return <p role="status">{t('app.loading')}</p>;
  if (properties.length === 0) return <p className="me-none">{t('manual_entry.config.no_properties')}</p>;
  const datatypeLabel = { number: t('manual_entry.config.datatype_number'), boolean: t('manual_entry.config.datatype_boolean'), string: t('manual_entry.config.datatype_string') };
  const byUuid = new Map(configuration.Properties.map((property) => [property.EventTypePropertyUUID, property]));
  const set = (uuid: string, patch: Partial<ManualEntryFormProperty>) => {
    const current = byUuid.get(uuid) ?? { EventTypePropertyUUID: uuid, Visible: false, Editable: false };
    const next = { ...current, ...patch };
    if (!next.Visible) next.Editable = false;
    const rest = configuration.Properties.filter((property) => property.EventTypePropertyUUID !== uuid);
    // The form keeps the type's order of properties.
    const order = new Map(properties.map((property, at) => [property.UUID, at]));
    onChange([...rest, next].sort((a, b) => (order.get(a.EventTypePropertyUUID) ?? 0) - (order.get(b.EventTypePropertyUUID) ?? 0)));
  };
  return (
    <table className="me-table me-properties">
      <caption className="visually-hidden">{t('manual_entry.config.properties_of', { name: configuration.EventTypeName ?? '' })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('manual_entry.config.property')}</th>
          <th scope="col">{t('manual_entry.config.datatype')}</th>
          <th scope="col">{t('manual_entry.config.visible')}</th>
          <th scope="col">{t('manual_entry.config.editable')}</th>
        </tr>
      </thead>
      <tbody>
        {properties.map((property) => {
          const chosen = byUuid.get(property.UUID);
          const visible = chosen?.Visible === true;
          const simple = property.Type === 'simple';
          return (
            <tr key={property.UUID}>
              <th scope="row">
                {property.Name}
                {property.UoM ? <span className="muted"> ({property.UoM})</span> : null}
              </th>
              <td>
                {datatypeLabel[property.Datatype]}
                {!simple && <span className="muted"> · {t('manual_entry.config.periodic')}</span>}
              </td>
              <td>
                <input type="checkbox" aria-label={t('manual_entry.config.visible_named', { name: property.Name })} checked={visible} disabled={!editable} onChange={(event) => set(property.UUID, { Visible: event.target.checked })} />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('manual_entry.config.editable_named', { name: property.Name })}
                  title={simple ? undefined : t('manual_entry.config.editable_simple_only')}
                  checked={chosen?.Editable === true}
                  disabled={!editable || !visible || !simple}
                  onChange={(event) => set(property.UUID, { Editable: event.target.checked })}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
