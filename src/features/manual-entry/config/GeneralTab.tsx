import { CalendarClock, Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ManualEntryFormType } from '../../../api/generated/historian.gen';
import { Fieldset } from '../../../components/form/Fieldset';
import { FormField } from '../../../components/form/FormField';
import { DURATION_FIELDS, durationParts, type DurationField, type FormDraft } from './formDraft';

const DURATION_LABELS = {
  DefaultTimeRange: { label: 'manual_entry.config.default_time_range', help: 'manual_entry.config.default_time_range_help' },
  MaxTimeRange: { label: 'manual_entry.config.max_time_range', help: 'manual_entry.config.max_time_range_help' },
  AutoRefreshInterval: { label: 'manual_entry.config.auto_refresh_interval', help: 'manual_entry.config.auto_refresh_interval_help' },
  MaxEditAge: { label: 'manual_entry.config.max_edit_age', help: 'manual_entry.config.max_edit_age_help' },
  MaxElevatedEditAge: { label: 'manual_entry.config.max_elevated_edit_age', help: 'manual_entry.config.max_elevated_edit_age_help' },
} as const satisfies Record<DurationField, { label: string; help: string }>;

const TYPES: readonly ManualEntryFormType[] = ['Events', 'Asset Properties'];

/** "36h" in plain words ("1 day 12 hours"), or nothing while it is no duration. */
function usePlainDuration() {
  const { t } = useTranslation();
  return (text: string, field: DurationField): string | null => {
    const parts = durationParts(text);
    if (parts === undefined) return null;
    if (parts.length === 0) return field === 'AutoRefreshInterval' ? t('manual_entry.config.never') : t('manual_entry.config.zero');
    const words: Record<(typeof parts)[number]['unit'], (count: number) => string> = {
      week: (count) => t('manual_entry.config.units.week', { count }),
      day: (count) => t('manual_entry.config.units.day', { count }),
      hour: (count) => t('manual_entry.config.units.hour', { count }),
      minute: (count) => t('manual_entry.config.units.minute', { count }),
      second: (count) => t('manual_entry.config.units.second', { count }),
    };
    return parts.map((part) => words[part.unit](part.count)).join(' ');
  };
}

export interface GeneralTabProps {
  draft: FormDraft;
  creating: boolean;
  editable: boolean;
  onChange: (patch: Partial<FormDraft>) => void;
}

/** Name, description, type (chosen once, at creation) and the five durations (SPEC §5 texts). */
export function GeneralTab({ draft, creating, editable, onChange }: GeneralTabProps) {
  const { t } = useTranslation();
  const plain = usePlainDuration();
  const mode = editable ? 'edit' : 'read';
  const typeLabel = (type: ManualEntryFormType) => (type === 'Events' ? t('manual_entry.list.type_events') : t('manual_entry.list.type_asset_properties'));
  return (
    <div className="form-layout">
      <Fieldset legend={t('manual_entry.config.details')}>
        <FormField name="Name" label={t('manual_entry.config.name')} required mode={mode} readValue={draft.Name}>
          {(control) => <input {...control} type="text" autoComplete="off" value={draft.Name} onChange={(event) => onChange({ Name: event.target.value })} />}
        </FormField>
        <FormField name="Description" label={t('manual_entry.config.description')} mode={mode} readValue={draft.Description}>
          {(control) => <textarea {...control} rows={2} value={draft.Description} onChange={(event) => onChange({ Description: event.target.value })} />}
        </FormField>
        <FormField
          name="Type"
          label={t('manual_entry.config.type')}
          help={creating ? t('manual_entry.config.type_help') : t('manual_entry.config.type_fixed')}
          mode={creating && editable ? 'edit' : 'read'}
          readValue={typeLabel(draft.Type)}
        >
          {(control) => (
            <div className="me-type-choice" role="radiogroup" aria-labelledby={`${control.id}-legend`} aria-describedby={control['aria-describedby']}>
              <span id={`${control.id}-legend`} className="visually-hidden">
                {t('manual_entry.config.type')}
              </span>
              {TYPES.map((type) => {
                const Icon = type === 'Events' ? CalendarClock : Gauge;
                return (
                  <label key={type} className={`me-type-option${draft.Type === type ? ' me-type-option-chosen' : ''}`}>
                    <input type="radio" name="Type" id={type === 'Events' ? control.id : undefined} checked={draft.Type === type} onChange={() => onChange({ Type: type })} />
                    <Icon size={18} aria-hidden="true" focusable="false" />
                    <span>
                      <strong>{typeLabel(type)}</strong>
                      <span className="form-help">{type === 'Events' ? t('manual_entry.config.type_events_help') : t('manual_entry.config.type_asset_properties_help')}</span>
                    </span>
                  </label>
                );
              })}
            </div>
          )}
        </FormField>
      </Fieldset>
      <Fieldset legend={t('manual_entry.config.times')}>
        <p className="form-help">{t('manual_entry.config.duration_format')}</p>
        <div className="me-durations">
          {DURATION_FIELDS.map((field) => {
            const words = plain(draft[field], field);
            return (
              <FormField
                key={field}
                name={field}
                label={t(DURATION_LABELS[field].label)}
                required
                mode={mode}
                readValue={words === null ? draft[field] : `${draft[field]} (${words})`}
                help={
                  <>
                    {words !== null && <span className="me-duration-words">{t('manual_entry.config.duration_is', { text: draft[field].trim(), words })} </span>}
                    {t(DURATION_LABELS[field].help)}
                  </>
                }
              >
                {(control) => <input {...control} type="text" inputMode="text" autoComplete="off" spellCheck={false} value={draft[field]} onChange={(event) => onChange({ [field]: event.target.value })} />}
              </FormField>
            );
          })}
        </div>
      </Fieldset>
    </div>
  );
}
