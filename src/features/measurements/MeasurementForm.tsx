import { useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateMeasurementMutation, useUpdateMeasurementMutation } from '../../api/areas/measurements';
import type { CollectorRead, Measurement, MeasurementRead, TimeseriesDatabaseRead, ValueType } from '../../api/generated/historian.gen';
import { SchemaFields } from '../../components/SchemaForm/SchemaFields';
import { SETTINGS, useSchemaForm } from '../../components/SchemaForm/useSchemaForm';
import { SelectField } from '../../components/form/ChoiceFields';
import { Fieldset } from '../../components/form/Fieldset';
import { Form } from '../../components/form/Form';
import { FormActions } from '../../components/form/FormActions';
import { JsonTextArea, TextAreaField, TextField } from '../../components/form/TextFields';
import { useFormErrors } from '../../components/form/useFormErrors';
import { isRecord } from '../../lib/formConversion';
import type { SettingsSchema } from '../../../domain/settingsSchema';
import { EngineeringFields, engineeringChecks, engineeringSpecs, ENGINEERING_FIELDS } from './EngineeringFields';
import { parseLabels } from './LabelsDialog';
import { MEASUREMENT_DATATYPES } from './measurementFilters';
import { CalculationSlotsContext } from './calculationSlots';
import { CALCULATION_TYPE } from './useFilterOptions';

const NO_SCHEMA: SettingsSchema = {};
const GENERAL_FIELDS = ['Name', 'Description', 'CollectorUUID', 'DatabaseUUID', 'Datatype', 'Labels', 'Attributes.Tags', 'Status'];

export interface MeasurementFormProps {
  id: string;
  /** Null creates a measurement. */
  measurement: MeasurementRead | null;
  /** The collectors a measurement may belong to; undefined while they load or when the user may not list them. */
  collectors: readonly CollectorRead[] | undefined;
  databases: readonly TimeseriesDatabaseRead[] | undefined;
  canManage: boolean;
  onSaved: (measurement: MeasurementRead) => void;
  onCancel: () => void;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const isValueType = (value: string): value is ValueType => MEASUREMENT_DATATYPES.some((datatype) => datatype === value);

/**
 * A measurement's settings (DOMAIN §1): name, description, collector, database, datatype, the
 * settings of the collector's MeasurementSettingsSchema, labels and tags. Name and database are
 * fixed once created (a discovered measurement gets its database here, which activates it). A new
 * measurement also takes its engineering specs; a stored one edits them on their own tab.
 */
export function MeasurementForm({ id, measurement, collectors, databases, canManage, onSaved, onCancel }: MeasurementFormProps) {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const creating = measurement === null;
  const [collectorUuid, setCollectorUuid] = useState(measurement?.CollectorUUID ?? '');
  // A new measurement with one collector to choose from (the calculations page offers the
  // organization's calculation collector only) starts with it chosen.
  const onlyCollector = creating && collectors?.length === 1 ? collectors[0].UUID : undefined;
  useEffect(() => {
    if (onlyCollector && collectorUuid === '') setCollectorUuid(onlyCollector);
  }, [onlyCollector, collectorUuid]);
  const collector = collectors?.find((item) => item.UUID === collectorUuid);
  const schema = collector?.MeasurementSettingsSchema ?? NO_SCHEMA;
  const hasSettings = Object.keys(schema.properties ?? {}).length > 0;
  // A calculation collector's measurements get the calculation editor (src/features/calculations).
  const slots = useContext(CalculationSlotsContext);
  const calculation = slots !== null && collector?.CollectorType === CALCULATION_TYPE ? slots : null;
  const { prepare, validate, onChange } = useSchemaForm(schema, { existing: !creating });
  const [create, createState] = useCreateMeasurementMutation();
  const [update, updateState] = useUpdateMeasurementMutation();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const databaseFixed = !creating && measurement.DatabaseUUID !== null;
  const discovered = measurement?.Status === 'Discovered';
  const fieldNames = useMemo(
    () => [...GENERAL_FIELDS, ...ENGINEERING_FIELDS, ...Object.keys(schema.properties ?? {}).map((name) => `${SETTINGS}.${name}`), ...(calculation?.fieldNames ?? [])],
    [schema, calculation],
  );
  const collectorOptions = useMemo(() => {
    const listed = (collectors ?? []).map((item) => ({ value: item.UUID, label: item.Name }));
    // The measurement's own collector stays shown when the list does not hold it.
    if (measurement && !listed.some((option) => option.value === measurement.CollectorUUID)) listed.push({ value: measurement.CollectorUUID, label: measurement.CollectorName ?? measurement.CollectorUUID });
    return listed;
  }, [collectors, measurement]);
  const databaseOptions = useMemo(() => {
    const listed = (databases ?? []).map((item) => ({ value: item.UUID, label: item.Name }));
    if (measurement?.DatabaseUUID && !listed.some((option) => option.value === measurement.DatabaseUUID)) listed.push({ value: measurement.DatabaseUUID, label: measurement.DatabaseName ?? measurement.DatabaseUUID });
    return listed;
  }, [databases, measurement]);

  const submit = async (values: Record<string, unknown>) => {
    const datatype = text(values.Datatype);
    const attributes = isRecord(values.Attributes) ? values.Attributes : {};
    const database = databaseFixed ? measurement.DatabaseUUID : text(values.DatabaseUUID) || null;
    const body: Measurement = {
      Name: creating ? text(values.Name) : measurement.Name,
      Description: text(values.Description),
      CollectorUUID: collectorUuid,
      DatabaseUUID: database,
      Datatype: isValueType(datatype) ? datatype : (measurement?.Datatype ?? 'number'),
      // A discovered measurement collects once it has a database (DOMAIN §1 lifecycle).
      Status: creating || (discovered && database !== null) ? 'Active' : measurement.Status,
      Settings: hasSettings && isRecord(values[SETTINGS]) ? values[SETTINGS] : (measurement?.Settings ?? {}),
      Attributes: {
        ...measurement?.Attributes,
        Config: creating ? engineeringSpecs(values) : measurement.Attributes?.Config,
        Tags: isRecord(attributes.Tags) ? Object.fromEntries(Object.entries(attributes.Tags).map(([key, value]) => [key, String(value)])) : {},
      },
      Labels: parseLabels(text(values.Labels)),
    };
    const result = creating ? await create({ measurement: body }) : await update({ id: measurement.UUID, measurement: body });
    if (result.error) setErrors(formErrors(result.error, fieldNames));
    else onSaved(result.data);
  };

  const mode = canManage ? 'edit' : 'read';
  return (
    <Form
      id={id}
      mode={mode}
      errors={errors}
      prepare={hasSettings ? prepare : undefined}
      validate={hasSettings ? validate : undefined}
      checks={creating ? (values) => engineeringChecks(values, t) : undefined}
      onChange={onChange}
      onSubmit={(values) => void submit(values)}
      className="measurement-form"
    >
      {discovered && canManage && (
        <div className="measurement-discovered" role="note">
          <strong>{t('measurements.discovered.title')}</strong> {t('measurements.discovered.text')}
        </div>
      )}
      <Fieldset legend={t('measurements.form.general')}>
        <TextField
          name="Name"
          label={t('measurements.form.name')}
          help={creating ? t('measurements.form.name_help') : t('measurements.form.name_fixed')}
          required={creating}
          readOnly={!creating}
          defaultValue={measurement?.Name}
        />
        <TextAreaField name="Description" label={t('measurements.form.description')} rows={2} defaultValue={measurement?.Description ?? ''} />
        <SelectField
          name="CollectorUUID"
          label={t('measurements.form.collector')}
          help={creating ? t('measurements.form.collector_help') : undefined}
          required
          placeholder={creating ? t('measurements.form.choose_collector') : undefined}
          options={collectorOptions}
          value={collectorUuid}
          onChange={(event) => setCollectorUuid(event.target.value)}
        />
        <SelectField
          name="DatabaseUUID"
          label={t('measurements.form.database')}
          help={databaseFixed ? t('measurements.form.database_fixed') : t('measurements.form.database_help')}
          required={creating || discovered}
          disabled={databaseFixed}
          placeholder={databaseFixed ? undefined : t('measurements.form.choose_database')}
          options={databaseOptions}
          defaultValue={measurement?.DatabaseUUID ?? ''}
        />
        <SelectField
          name="Datatype"
          label={t('measurements.form.datatype')}
          required
          options={MEASUREMENT_DATATYPES.map((datatype) => ({ value: datatype, label: datatype }))}
          defaultValue={measurement?.Datatype ?? 'number'}
        />
      </Fieldset>
      <Fieldset legend={t('measurements.form.settings')}>
        {calculation && <calculation.Fields key={collectorUuid} settings={measurement?.CollectorUUID === collectorUuid ? measurement.Settings : undefined} calculationUuid={measurement?.UUID} name={measurement?.Name ?? ''} />}
        {hasSettings && !calculation && <SchemaFields key={collectorUuid} schema={schema} settings={measurement?.CollectorUUID === collectorUuid ? measurement.Settings : undefined} existing={!creating} />}
        {!hasSettings && <p className="muted">{collectorUuid === '' ? t('measurements.form.settings_choose_collector') : t('measurements.form.settings_none')}</p>}
      </Fieldset>
      {creating && <EngineeringFields specs={undefined} />}
      <Fieldset legend={t('measurements.form.grouping')}>
        <TextField name="Labels" label={t('measurements.form.labels')} help={t('measurements.form.labels_help')} defaultValue={(measurement?.Labels ?? []).join(', ')} readValue={(measurement?.Labels ?? []).join(', ')} />
        <JsonTextArea name="Attributes.Tags" label={t('measurements.form.tags')} help={t('measurements.form.tags_help')} rows={3} defaultValue={measurement?.Attributes?.Tags ?? {}} />
      </Fieldset>
      {canManage && <FormActions onCancel={onCancel} formId={id} busy={createState.isLoading || updateState.isLoading} saveLabel={creating ? t('measurements.form.create') : undefined} />}
    </Form>
  );
}
