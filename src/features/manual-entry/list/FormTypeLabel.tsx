import { CalendarClock, Gauge, ShieldCheck, ShieldHalf, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ManualEntryCallerAccess, ManualEntryFormType } from '../../../api/generated/historian.gen';

/** A form's type as an icon and its name: events as rows, or asset properties at timestamps. */
export function FormTypeLabel({ type }: { type: ManualEntryFormType }) {
  const { t } = useTranslation();
  const Icon = type === 'Events' ? CalendarClock : Gauge;
  return (
    <span className="me-type">
      <Icon size={16} aria-hidden="true" focusable="false" />
      {type === 'Events' ? t('manual_entry.list.type_events') : t('manual_entry.list.type_asset_properties')}
    </span>
  );
}

/** What the user may do on a form: type (default), type older entries (elevated), or only look (a manager). */
export function AccessBadge({ access }: { access: ManualEntryCallerAccess }) {
  const { t } = useTranslation();
  if (access.Level === 'elevated') {
    return (
      <span className="me-badge me-badge-elevated">
        <ShieldCheck size={14} aria-hidden="true" focusable="false" />
        {t('manual_entry.list.access_elevated')}
      </span>
    );
  }
  if (access.Level === 'default') {
    return (
      <span className="me-badge me-badge-default">
        <ShieldHalf size={14} aria-hidden="true" focusable="false" />
        {t('manual_entry.list.access_default')}
      </span>
    );
  }
  return (
    <span className="me-badge me-badge-read" title={t('manual_entry.list.access_read_only_help')}>
      <Wrench size={14} aria-hidden="true" focusable="false" />
      {t('manual_entry.list.access_read_only')}
    </span>
  );
}
