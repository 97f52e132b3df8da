import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCreateEventTypeMutation,
  useCreateEventTypePropertyMutation,
  useDeleteEventTypePropertyMutation,
  useUpdateEventTypeMutation,
  useUpdateEventTypePropertyMutation,
} from '../../../api/areas/eventConfigurations';
import type { EventTypeDefinition, EventTypeDefinitionRead } from '../../../api/generated/historian.gen';
import { SelectField } from '../../../components/form/ChoiceFields';
import { Fieldset } from '../../../components/form/Fieldset';
import { Form } from '../../../components/form/Form';
import { FormActions } from '../../../components/form/FormActions';
import { TextAreaField, TextField } from '../../../components/form/TextFields';
import { problemText, useEventFieldErrors } from '../configurations/configRules';
import { PropertiesEditor } from './PropertiesEditor';
import { bodyOf, lineChanged, lineProblems, linesOf, type PropertyLine } from './typeRules';

const FIELDS = ['Name', 'Description', 'ParentUUID'];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface EventTypeFormProps {
  id: string;
  /** Null creates a type. */
  eventType: EventTypeDefinitionRead | null;
  /** Every type of the organization: the parent choices. */
  types: readonly EventTypeDefinitionRead[];
  canManage: boolean;
  onSaved: (eventType: EventTypeDefinitionRead) => void;
  onCancel: () => void;
}

/**
 * An event type (server/events/README.md, "Definitions"): a name unique in the organization, a
 * parent that makes no cycle, and its properties. Saving sends the type, then each new, changed
 * or removed property; a property the server refuses keeps its line with the reason.
 */
export function EventTypeForm({ id, eventType, types, canManage, onSaved, onCancel }: EventTypeFormProps) {
  const { t } = useTranslation();
  const fieldErrors = useEventFieldErrors();
  const [lines, setLines] = useState<PropertyLine[]>(() => linesOf(eventType?.Properties ?? []));
  const [removed, setRemoved] = useState<PropertyLine[]>([]);
  const [checked, setChecked] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  // A type created whose properties did not all go: the next Save updates it rather than creating it again.
  const [created, setCreated] = useState<EventTypeDefinitionRead | null>(null);
  const [createType] = useCreateEventTypeMutation();
  const [updateType] = useUpdateEventTypeMutation();
  const [createProperty] = useCreateEventTypePropertyMutation();
  const [updateProperty] = useUpdateEventTypePropertyMutation();
  const [deleteProperty] = useDeleteEventTypePropertyMutation();

  const problems = useMemo(() => lineProblems(lines), [lines]);
  const shownProblems = useMemo(() => {
    if (!checked) return {};
    return Object.fromEntries(
      Object.entries(problems).map(([key, code]) => [key, code === 'empty' ? t('events.types.properties.name_required') : code === 'duplicate' ? t('events.types.properties.name_taken') : t('events.errors.periodic_not_number')]),
    );
  }, [checked, problems, t]);
  // A type is never its own parent, nor one below it: the server refuses the cycle, the list leaves it out.
  const parentOptions = useMemo(() => {
    const below = new Set<string>(eventType ? [eventType.UUID] : []);
    let grew = true;
    while (grew) {
      grew = false;
      for (const type of types) {
        if (type.ParentUUID && below.has(type.ParentUUID) && !below.has(type.UUID)) {
          below.add(type.UUID);
          grew = true;
        }
      }
    }
    return types.filter((type) => !below.has(type.UUID)).map((type) => ({ value: type.UUID, label: type.Name }));
  }, [eventType, types]);

  const submit = async (values: Record<string, unknown>) => {
    setChecked(true);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const body: EventTypeDefinition = { Name: text(values.Name).trim(), Description: text(values.Description), ParentUUID: text(values.ParentUUID) || null };
    const current = eventType ?? created;
    const saved = current ? await updateType({ id: current.UUID, eventTypeDefinition: body }) : await createType({ eventTypeDefinition: body });
    if (saved.error) {
      setErrors(fieldErrors(saved.error, FIELDS));
      setBusy(false);
      return;
    }
    setErrors({});
    const typeUuid = saved.data.UUID;
    const stored = new Map((current?.Properties ?? []).map((property) => [property.UUID, property]));
    const kept: PropertyLine[] = [];
    let failed = false;
    for (const line of removed) {
      if (!line.uuid) continue;
      const answer = await deleteProperty({ id: line.uuid });
      if (answer.error) {
        failed = true;
        kept.push({ ...line, error: problemText(t, answer.error) ?? t('events.errors.property_delete') });
      }
    }
    const next: PropertyLine[] = [];
    for (const line of lines) {
      if (line.uuid && !lineChanged(line, stored.get(line.uuid))) {
        next.push(line);
        continue;
      }
      const answer = line.uuid ? await updateProperty({ id: line.uuid, eventTypeProperty: bodyOf(line, typeUuid) }) : await createProperty({ eventTypeProperty: bodyOf(line, typeUuid) });
      if (answer.error) {
        failed = true;
        const onFields = Object.values(fieldErrors(answer.error, ['Name', 'Datatype', 'Type', 'UoM'])).flat();
        next.push({ ...line, error: onFields.length > 0 ? onFields.join(' ') : (problemText(t, answer.error) ?? t('events.errors.property_save')) });
      } else {
        next.push({ ...line, uuid: answer.data.UUID, error: undefined });
      }
    }
    setBusy(false);
    if (failed) {
      // A property that could not go comes back where it was, with the reason.
      setLines([...next, ...kept]);
      setRemoved([]);
      setCreated(saved.data);
      return;
    }
    setRemoved([]);
    setLines(next);
    onSaved(saved.data);
  };

  return (
    <Form id={id} mode={canManage ? 'edit' : 'read'} errors={errors} onSubmit={(values) => void submit(values)} className="evcfg-form">
      <Fieldset legend={t('events.types.form.general')}>
        <TextField name="Name" label={t('events.types.form.name')} help={t('events.types.form.name_help')} required defaultValue={eventType?.Name ?? ''} autoComplete="off" />
        <TextAreaField name="Description" label={t('events.types.form.description')} rows={2} defaultValue={eventType?.Description ?? ''} />
        <SelectField
          name="ParentUUID"
          label={t('events.types.form.parent')}
          help={t('events.types.form.parent_help')}
          placeholder={t('events.types.form.no_parent')}
          options={parentOptions}
          defaultValue={eventType?.ParentUUID ?? ''}
          readValue={eventType?.ParentName ?? undefined}
        />
      </Fieldset>
      <Fieldset legend={t('events.types.form.properties')}>
        <p className="evcfg-help">{t('events.types.properties.help')}</p>
        <PropertiesEditor
          lines={lines}
          problems={shownProblems}
          readOnly={!canManage}
          onChange={setLines}
          onRemove={(line) => {
            setLines((current) => current.filter((other) => other.key !== line.key));
            if (line.uuid) setRemoved((current) => [...current, line]);
          }}
        />
      </Fieldset>
      {checked && Object.keys(problems).length > 0 && (
        <p role="alert" className="form-error">
          {t('events.types.properties.fix_lines')}
        </p>
      )}
      {canManage && <FormActions onCancel={onCancel} formId={id} busy={busy} saveLabel={eventType ? undefined : t('events.types.form.create')} />}
    </Form>
  );
}
