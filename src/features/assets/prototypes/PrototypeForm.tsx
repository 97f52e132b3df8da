import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useGetTimeseriesDatabasesQuery } from '../../../api/areas/configuration';
import { useCreatePrototypeMutation, useUpdatePrototypeMutation } from '../../../api/areas/prototypes';
import type { Prototype, PrototypeRead } from '../../../api/generated/historian.gen';
import { SelectField } from '../../../components/form/ChoiceFields';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { useFormErrors } from '../../../components/form/useFormErrors';
import { problemFieldMessages } from '../../../api/fieldErrors';
import { MetadataEditor } from './MetadataEditor';
import { PropertyPrototypesEditor } from './PropertyPrototypesEditor';
import { checkLines, metadataLines, metadataValue, propertyLines, toPropertyPrototype, type MetadataLine, type PropertyLine } from './prototypeRules';

const FIELDS = ['Name', 'Description', 'DefaultDatabaseUUID'];

export interface PrototypeFormProps {
  id: string;
  /** Null creates a prototype. */
  prototype: PrototypeRead | null;
  canManage: boolean;
  onSaved: (prototype: PrototypeRead) => void;
  onCancel: () => void;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function problemText(t: TFunction, code: string): string {
  if (code === 'empty') return t('prototypes.errors.empty');
  if (code === 'duplicate') return t('prototypes.errors.duplicate');
  if (code === 'number') return t('prototypes.errors.number');
  if (code === 'json') return t('prototypes.errors.json');
  return t('prototypes.errors.object');
}

/**
 * A prototype's definition (DOMAIN.md §3): name, description, default database, the metadata its
 * instances get (a key may be required per instance), and its property prototypes.
 */
export function PrototypeForm({ id, prototype, canManage, onSaved, onCancel }: PrototypeFormProps) {
  const { t } = useTranslation();
  const formErrors = useFormErrors();
  const creating = prototype === null;
  const [metadata, setMetadata] = useState<MetadataLine[]>(() => metadataLines(prototype?.Metadata ?? {}));
  const [properties, setProperties] = useState<PropertyLine[]>(() => propertyLines(prototype?.PropertyPrototypes ?? []));
  const [sampleName, setSampleName] = useState(() => t('prototypes.properties.sample_default'));
  const [checked, setChecked] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [serverLines, setServerLines] = useState<string[]>([]);
  const databases = useGetTimeseriesDatabasesQuery({});
  const [create, createState] = useCreatePrototypeMutation();
  const [update, updateState] = useUpdatePrototypeMutation();

  const problems = useMemo(() => checkLines(metadata, properties), [metadata, properties]);
  // Problems show once the user tried to save, and stay live after (they go as the lines are fixed).
  const shown = useMemo(() => (checked ? Object.fromEntries(Object.entries(problems).map(([path, code]) => [path, problemText(t, code)])) : {}), [checked, problems, t]);
  const sample = useMemo(() => {
    const values = Object.fromEntries(metadata.filter((line) => line.key.trim() !== '' && !line.required).map((line) => [line.key.trim(), metadataValue(line)]));
    return { Name: sampleName, Path: t('prototypes.properties.sample_path', { name: sampleName }), Metadata: values };
  }, [metadata, sampleName, t]);
  const databaseOptions = useMemo(() => {
    const listed = (databases.data ?? []).map((item) => ({ value: item.UUID, label: item.Name }));
    const own = prototype?.DefaultDatabaseUUID;
    if (own && !listed.some((option) => option.value === own)) listed.push({ value: own, label: own });
    return listed;
  }, [databases.data, prototype]);

  const submit = async (values: Record<string, unknown>) => {
    setChecked(true);
    if (Object.keys(problems).length > 0) return;
    const body: Prototype = {
      Name: text(values.Name).trim(),
      Description: text(values.Description),
      DefaultDatabaseUUID: text(values.DefaultDatabaseUUID) || null,
      Metadata: Object.fromEntries(metadata.map((line) => [line.key.trim(), metadataValue(line)])),
      PropertyPrototypes: properties.map(toPropertyPrototype),
    };
    const result = creating ? await create({ prototype: body }) : await update({ id: prototype.UUID, prototype: body });
    if (result.error) {
      setErrors(formErrors(result.error, FIELDS));
      // Errors on a metadata key or a property prototype: listed above the tables, with their path.
      const others = Object.entries(problemFieldMessages(result.error, allPaths(result.error))).filter(([path]) => !FIELDS.includes(path));
      setServerLines(others.flatMap(([path, messages]) => messages.map((message) => `${path}: ${'text' in message ? message.text : t(message.messageKey, message.values)}`)));
    } else {
      setServerLines([]);
      onSaved(result.data);
    }
  };

  const readOnly = !canManage;
  return (
    <Form id={id} mode={canManage ? 'edit' : 'read'} errors={errors} onSubmit={(values) => void submit(values)} className="proto-form">
      <Fieldset legend={t('prototypes.form.general')}>
        <TextField name="Name" label={t('prototypes.form.name')} help={t('prototypes.form.name_help')} required defaultValue={prototype?.Name ?? ''} />
        <TextAreaField name="Description" label={t('prototypes.form.description')} rows={2} defaultValue={prototype?.Description ?? ''} />
        <SelectField
          name="DefaultDatabaseUUID"
          label={t('prototypes.form.database')}
          help={t('prototypes.form.database_help')}
          placeholder={t('prototypes.form.no_database')}
          options={databaseOptions}
          defaultValue={prototype?.DefaultDatabaseUUID ?? ''}
        />
      </Fieldset>
      {serverLines.length > 0 && (
        <div role="alert" className="form-error">
          {serverLines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <Fieldset legend={t('prototypes.form.metadata')}>
        <p className="proto-help">{t('prototypes.metadata.help')}</p>
        <MetadataEditor lines={metadata} errors={shown} readOnly={readOnly} onChange={setMetadata} />
      </Fieldset>
      <Fieldset legend={t('prototypes.form.properties')}>
        <p className="proto-help">{t('prototypes.properties.help', { name: '{{asset.Name}}', path: '{{asset.Path}}', metadata: '{{metadata.<key>}}', interpolation: { escapeValue: false } })}</p>
        <div className="proto-field proto-sample">
          <label htmlFor={`${id}-sample`}>{t('prototypes.properties.sample')}</label>
          <input id={`${id}-sample`} value={sampleName} onChange={(event) => setSampleName(event.target.value)} />
        </div>
        <PropertyPrototypesEditor lines={properties} errors={shown} readOnly={readOnly} sample={sample} onChange={setProperties} />
      </Fieldset>
      {checked && Object.keys(problems).length > 0 && (
        <p role="alert" className="form-error">
          {t('prototypes.errors.lines', { count: Object.keys(problems).length })}
        </p>
      )}
      {canManage && <FormActions onCancel={onCancel} formId={id} busy={createState.isLoading || updateState.isLoading} saveLabel={creating ? t('prototypes.form.create') : undefined} />}
    </Form>
  );
}

/** Every field path a problem names. */
function allPaths(error: unknown): string[] {
  const body = typeof error === 'object' && error !== null ? Reflect.get(error, 'body') : undefined;
  const found = typeof body === 'object' && body !== null ? Reflect.get(body, 'errors') : undefined;
  return typeof found === 'object' && found !== null ? Object.keys(found) : [];
}
