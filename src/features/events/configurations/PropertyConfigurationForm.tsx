import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAssetPropertiesQuery } from '../../../api/areas/assets';
import { useGetMeasurementQuery } from '../../../api/areas/measurements';
import { useCreateEventPropertyConfigurationMutation, useUpdateEventPropertyConfigurationMutation } from '../../../api/areas/eventConfigurations';
import type { EventConfigurationRead, EventPropertyConfigurationRead, EventTypePropertyRead } from '../../../api/generated/historian.gen';
import { CheckboxField, SelectField } from '../../../components/form/ChoiceFields';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { FormField } from '../../../components/form/FormField';
import { TextField } from '../../../components/form/TextFields';
import { MeasurementPicker } from '../../../components/MeasurementPicker/MeasurementPicker';
import { MODES, modeLabel, problemText, propertyTypeLabel, useEventFieldErrors } from './configRules';
import { PossibleValuesEditor } from './PossibleValuesEditor';
import { ExternalQueryEditor } from './ExternalQueryEditor';
import { aggregationChoices, draftProblems, propertyConfigurationBody, propertyDraftOf, type PropertyDraft } from './propertyConfigRules';
import { problemCode } from '../../../api/outcomes';

const FIELDS = [
  'Mode',
  'Source',
  'MeasurementUUID',
  'AssetPropertyUUID',
  'Aggregation',
  'Interval',
  'DimensionMeasurementUUID',
  'SourcePropertyName',
  'FromParent',
  'Priority',
  'StartOffset',
  'StopOffset',
  'CloseAfter',
  'DefaultValue',
  'Preview',
  'GoodPointsOnly',
  'PossibleValues',
  'ExternalDatabaseUUID',
  'ExternalQuery',
];

export interface PropertyConfigurationFormProps {
  id: string;
  configuration: EventConfigurationRead;
  property: EventTypePropertyRead;
  /** The other properties of the type, and those of the parent type (for FromParent). */
  siblings: readonly EventTypePropertyRead[];
  parentProperties: readonly EventTypePropertyRead[];
  stored: EventPropertyConfigurationRead | null;
  nextPriority: number;
  readOnly: boolean;
  onSaved: (saved: EventPropertyConfigurationRead) => void;
  onCancel: () => void;
}

/**
 * How one property of an event gets its value (server/events/README.md, "Property configuration"):
 * computed from the historian (a measurement or asset property aggregated over the event's window,
 * or another property copied), typed by a person, or read from an external database with a query
 * over the event's window.
 */
export function PropertyConfigurationForm({ id, configuration, property, siblings, parentProperties, stored, nextPriority, readOnly, onSaved, onCancel }: PropertyConfigurationFormProps) {
  const { t } = useTranslation();
  const fieldErrors = useEventFieldErrors();
  const [draft, setDraft] = useState<PropertyDraft>(() => propertyDraftOf(stored, nextPriority));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [measurementDatatype, setMeasurementDatatype] = useState<string | undefined>(undefined);
  const [create, createState] = useCreateEventPropertyConfigurationMutation();
  const [update, updateState] = useUpdateEventPropertyConfigurationMutation();
  const assetProperties = useGetAssetPropertiesQuery(draft.referenceKind === 'asset_property' && draft.Mode === 'historian' ? { assetUuiDs: [configuration.AssetUUID], recursive: true, limit: 1000 } : skipToken);
  // Read mode shows the dimension by its name, without the picker that would look it up.
  const storedDimension = useGetMeasurementQuery(readOnly && draft.DimensionMeasurementUUID ? { id: draft.DimensionMeasurementUUID } : skipToken);
  const set = (patch: Partial<PropertyDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  };
  const historian = draft.Mode === 'historian';
  const reference = historian && draft.Source === 'data_reference';
  const copied = historian && draft.Source === 'property';
  const chosenAssetProperty = assetProperties.data?.find((item) => item.UUID === draft.AssetPropertyUUID);
  const referenceDatatype = draft.referenceKind === 'measurement' ? measurementDatatype : chosenAssetProperty?.Datatype;
  const aggregations = useMemo(() => aggregationChoices(referenceDatatype), [referenceDatatype]);
  const copyChoices = (draft.FromParent ? parentProperties : siblings.filter((other) => other.UUID !== property.UUID)).map((other) => ({ value: other.Name, label: other.Name }));

  const submit = async () => {
    const found = draftProblems(draft, property.Datatype);
    if (Object.keys(found).length > 0) {
      const requiredText = (field: string) => (field === 'Priority' ? t('events.property_configurations.form.priority_whole') : t('general.required'));
      setErrors(Object.fromEntries(Object.entries(found).map(([field, need]) => [field, [need === 'required' ? requiredText(field) : t('events.property_configurations.form.not_a_value', { datatype: property.Datatype })]])));
      return;
    }
    setAlert(null);
    const body = propertyConfigurationBody(draft, { configurationUuid: configuration.UUID, propertyUuid: property.UUID }, property);
    const saved = stored ? await update({ id: stored.UUID, eventPropertyConfiguration: body }) : await create({ eventPropertyConfiguration: body });
    if (saved.error) {
      const onFields = fieldErrors(saved.error, [...FIELDS, ...draft.PossibleValues.flatMap((_line, index) => [`PossibleValues.${index}`, `PossibleValues.${index}.Value`])]);
      setErrors(onFields);
      const code = problemCode(saved.error);
      // A refusal that names no field (403 least privilege, 409) is said above the form.
      if (Object.keys(onFields).length === 0 || code) setAlert(problemText(t, saved.error) ?? t('events.errors.property_configuration_save'));
      return;
    }
    setErrors({});
    onSaved(saved.data);
  };

  return (
    <Form id={id} mode={readOnly ? 'read' : 'edit'} errors={errors} onSubmit={() => void submit()} className="evcfg-form">
      <p className="evcfg-property-kind">
        {t('events.property_configurations.form.property_is', { type: propertyTypeLabel(t, property.Type), datatype: property.Datatype, uom: property.UoM || '–' })}
      </p>
      {alert && (
        <p role="alert" className="form-error">
          {alert}
        </p>
      )}
      <Fieldset legend={t('events.property_configurations.form.source_section')}>
        <SelectField name="Mode" label={t('events.property_configurations.form.mode')} help={modeHelp(t, draft.Mode)} required options={MODES.map((mode) => ({ value: mode, label: modeLabel(t, mode) }))} value={draft.Mode} onChange={(event) => set({ Mode: MODES.find((mode) => mode === event.currentTarget.value) ?? 'historian' })} />
        {historian && (
          <SelectField
            name="Source"
            label={t('events.property_configurations.form.source')}
            required
            options={[
              { value: 'data_reference', label: t('events.property_configurations.sources.data_reference') },
              { value: 'property', label: t('events.property_configurations.sources.property') },
            ]}
            value={draft.Source}
            onChange={(event) => set({ Source: event.currentTarget.value === 'property' ? 'property' : 'data_reference' })}
          />
        )}
        {reference && (
          <>
            <SelectField
              name="referenceKind"
              label={t('events.property_configurations.form.reference_kind')}
              options={[
                { value: 'measurement', label: t('events.property_configurations.form.reference_measurement') },
                { value: 'asset_property', label: t('events.property_configurations.form.reference_asset_property') },
              ]}
              value={draft.referenceKind}
              onChange={(event) => set({ referenceKind: event.currentTarget.value === 'asset_property' ? 'asset_property' : 'measurement' })}
            />
            {draft.referenceKind === 'measurement' ? (
              <FormField name="MeasurementUUID" label={t('events.property_configurations.form.measurement')} required readValue={stored?.DataReferenceName ?? stored?.MeasurementUUID ?? undefined}>
                {(control) => (
                  <MeasurementPicker
                    id={control.id}
                    label={t('events.property_configurations.form.measurement')}
                    value={draft.MeasurementUUID}
                    invalid={control['aria-invalid']}
                    describedBy={control['aria-describedby']}
                    readOnly={readOnly}
                    onChange={(picked) => {
                      setMeasurementDatatype(picked.datatype);
                      set({ MeasurementUUID: picked.uuid });
                    }}
                    onResolved={(picked) => setMeasurementDatatype(picked.datatype)}
                  />
                )}
              </FormField>
            ) : (
              <SelectField
                name="AssetPropertyUUID"
                label={t('events.property_configurations.form.asset_property')}
                help={t('events.property_configurations.form.asset_property_help', { asset: configuration.AssetPath ?? '' })}
                required
                placeholder={t('events.property_configurations.form.choose')}
                options={(assetProperties.data ?? []).map((item) => ({ value: item.UUID, label: `${item.AssetPath ?? ''}/${item.Name}` }))}
                value={draft.AssetPropertyUUID}
                readValue={stored?.DataReferenceName ?? undefined}
                onChange={(event) => set({ AssetPropertyUUID: event.currentTarget.value })}
              />
            )}
            <SelectField
              name="Aggregation"
              label={t('events.property_configurations.form.aggregation')}
              help={t('events.property_configurations.form.aggregation_help', { datatype: referenceDatatype ?? '–' })}
              required
              placeholder={t('events.property_configurations.form.choose')}
              options={aggregations.map((value) => ({ value, label: t(`events.property_configurations.aggregations.${value}`) }))}
              value={draft.Aggregation}
              onChange={(event) => set({ Aggregation: event.currentTarget.value })}
            />
            {property.Type !== 'simple' && (
              <TextField name="Interval" label={t('events.property_configurations.form.interval')} help={t('events.property_configurations.form.interval_help')} required value={draft.Interval} onChange={(event) => set({ Interval: event.currentTarget.value })} autoComplete="off" />
            )}
            {property.Type === 'periodic_with_dimension' && (
              <FormField name="DimensionMeasurementUUID" label={t('events.property_configurations.form.dimension')} help={t('events.property_configurations.form.dimension_help')} required readValue={storedDimension.data?.Name ?? stored?.DimensionMeasurementUUID ?? undefined}>
                {(control) => (
                  <MeasurementPicker
                    id={control.id}
                    label={t('events.property_configurations.form.dimension')}
                    value={draft.DimensionMeasurementUUID}
                    invalid={control['aria-invalid']}
                    describedBy={control['aria-describedby']}
                    readOnly={readOnly}
                    onChange={(picked) => set({ DimensionMeasurementUUID: picked.uuid })}
                  />
                )}
              </FormField>
            )}
            <CheckboxField name="GoodPointsOnly" label={t('events.property_configurations.form.good_points_only')} help={t('events.property_configurations.form.good_points_only_help')} checked={draft.GoodPointsOnly} onChange={(event) => set({ GoodPointsOnly: event.currentTarget.checked })} />
          </>
        )}
        {copied && (
          <>
            <CheckboxField name="FromParent" label={t('events.property_configurations.form.from_parent')} help={t('events.property_configurations.form.from_parent_help')} checked={draft.FromParent} onChange={(event) => set({ FromParent: event.currentTarget.checked, SourcePropertyName: '' })} />
            <SelectField
              name="SourcePropertyName"
              label={t('events.property_configurations.form.source_property')}
              required
              placeholder={t('events.property_configurations.form.choose')}
              options={copyChoices}
              value={draft.SourcePropertyName}
              onChange={(event) => set({ SourcePropertyName: event.currentTarget.value })}
            />
          </>
        )}
        {draft.Mode === 'manual' && <p className="evcfg-note">{t('events.property_configurations.form.manual_note')}</p>}
        {draft.Mode === 'external_database' &&
          (property.Type === 'simple' ? (
            <ExternalQueryEditor
              kind="property"
              fields={{ database: 'ExternalDatabaseUUID', query: 'ExternalQuery' }}
              databaseUuid={draft.ExternalDatabaseUUID}
              query={draft.ExternalQuery}
              readOnly={readOnly}
              onChange={(patch) =>
                set({
                  ...(patch.databaseUuid !== undefined ? { ExternalDatabaseUUID: patch.databaseUuid } : {}),
                  ...(patch.query !== undefined ? { ExternalQuery: patch.query } : {}),
                })
              }
            />
          ) : (
            <p className="evcfg-note">{t('events.external.simple_only')}</p>
          ))}
      </Fieldset>
      <Fieldset legend={t('events.property_configurations.form.window_section')}>
        <TextField name="Priority" label={t('events.property_configurations.form.priority')} help={t('events.property_configurations.form.priority_help')} required inputMode="numeric" value={draft.Priority} onChange={(event) => set({ Priority: event.currentTarget.value })} />
        {(historian || draft.Mode === 'external_database') && (
          <>
            <TextField name="StartOffset" label={t('events.property_configurations.form.start_offset')} help={t('events.property_configurations.form.offset_help')} placeholder="0s" value={draft.StartOffset} onChange={(event) => set({ StartOffset: event.currentTarget.value })} autoComplete="off" />
            <TextField name="StopOffset" label={t('events.property_configurations.form.stop_offset')} help={t('events.property_configurations.form.offset_help')} placeholder="0s" value={draft.StopOffset} onChange={(event) => set({ StopOffset: event.currentTarget.value })} autoComplete="off" />
            <TextField name="CloseAfter" label={t('events.property_configurations.form.close_after')} help={t('events.property_configurations.form.close_after_help')} placeholder="0s" value={draft.CloseAfter} onChange={(event) => set({ CloseAfter: event.currentTarget.value })} autoComplete="off" />
            <CheckboxField name="Preview" label={t('events.property_configurations.form.preview')} help={t('events.property_configurations.form.preview_help')} checked={draft.Preview} onChange={(event) => set({ Preview: event.currentTarget.checked })} />
          </>
        )}
        {property.Datatype === 'boolean' ? (
          <SelectField
            name="DefaultValue"
            label={t('events.property_configurations.form.default_value')}
            help={t('events.property_configurations.form.default_value_help')}
            placeholder={t('events.property_configurations.form.no_default')}
            options={[
              { value: 'true', label: t('general.yes') },
              { value: 'false', label: t('general.no') },
            ]}
            value={draft.DefaultValue}
            onChange={(event) => set({ DefaultValue: event.currentTarget.value })}
          />
        ) : (
          <TextField name="DefaultValue" label={t('events.property_configurations.form.default_value')} help={t('events.property_configurations.form.default_value_help')} inputMode={property.Datatype === 'number' ? 'decimal' : undefined} value={draft.DefaultValue} onChange={(event) => set({ DefaultValue: event.currentTarget.value })} autoComplete="off" />
        )}
      </Fieldset>
      <Fieldset legend={t('events.property_configurations.form.possible_values')}>
        <p className="evcfg-help">{t('events.property_configurations.form.possible_values_help')}</p>
        <PossibleValuesEditor lines={draft.PossibleValues} datatype={property.Datatype} errors={errors} readOnly={readOnly} onChange={(lines) => set({ PossibleValues: lines })} />
      </Fieldset>
      {!readOnly && <FormActions onCancel={onCancel} formId={id} busy={createState.isLoading || updateState.isLoading} saveLabel={stored ? undefined : t('events.property_configurations.form.create')} />}
    </Form>
  );
}

function modeHelp(t: ReturnType<typeof useTranslation>['t'], mode: string): string {
  if (mode === 'manual') return t('events.property_configurations.modes.manual_help');
  if (mode === 'external_database') return t('events.property_configurations.modes.external_database_help');
  return t('events.property_configurations.modes.historian_help');
}
