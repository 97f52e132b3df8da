import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAuditLogQuery } from '../../api/areas/auditLogs';
import type { AuditLog } from '../../api/generated/historian.gen';
import { Modal } from '../../components/Modal/Modal';
import { ActionBadge } from './ActionBadge';
import { AuditDiff } from './AuditDiff';
import { areaLabel, subjectTypeLabel } from './auditLabels';

export interface AuditEntryDialogProps {
  /** The entry to show; null: the dialog is closed. */
  uuid: string | null;
  /** The entry as the list holds it, shown at once; without it the dialog loads it. */
  listed?: AuditLog;
  allOrganizations: boolean;
  /** The organization the call acts in; the current one by default. */
  organization?: string;
  onClose: () => void;
}

function Facts({ entry }: { entry: AuditLog }) {
  const { t, i18n } = useTranslation();
  const facts: [string, ReactNode][] = [
    [t('audit_log.columns.time'), new Date(entry.CreatedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })],
    [t('audit_log.columns.user'), entry.UserName || t('audit_log.system_user')],
    [t('audit_log.columns.action'), <ActionBadge key="action" action={entry.Action} />],
    [t('audit_log.columns.area'), areaLabel(entry.Area, t)],
    [t('audit_log.columns.subject_type'), subjectTypeLabel(entry.SubjectType, t)],
    [t('audit_log.columns.subject'), entry.SubjectName],
    [t('audit_log.entry.subject_id'), <code key="id">{entry.SubjectUUID}</code>],
    [t('audit_log.columns.reason'), entry.Reason || t('audit_log.entry.no_reason')],
    [t('audit_log.entry.sequence'), new Intl.NumberFormat(i18n.language).format(entry.Sequence)],
    [t('audit_log.entry.hash'), <code key="hash" className="audit-hash">{entry.Hash}</code>],
  ];
  return (
    <dl className="audit-facts">
      {facts.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One audit log entry: who changed what, when and why, and the row before and after. */
export function AuditEntryDialog({ uuid, listed, allOrganizations, organization, onClose }: AuditEntryDialogProps) {
  const { t } = useTranslation();
  const { data, error, isFetching } = useGetAuditLogQuery(
    { uuid: uuid ?? '', allOrganizations: allOrganizations || undefined, 'x-organization-uuid': organization },
    { skip: uuid === null || listed !== undefined },
  );
  const entry = listed ?? data;
  return (
    <Modal open={uuid !== null} title={t('audit_log.entry.title')} onCancel={onClose} width="880px" labels={{ cancel: t('general.close') }} className="audit-entry-dialog">
      {entry && entry.UUID === uuid ? (
        <>
          <Facts entry={entry} />
          <h3 className="audit-diff-heading">{t('audit_log.entry.changes')}</h3>
          <AuditDiff before={entry.Before} after={entry.After} />
        </>
      ) : error && !isFetching ? (
        <p role="alert" className="audit-error">
          {t('audit_log.entry.not_found')}
        </p>
      ) : (
        <p role="status">{t('table.loading')}</p>
      )}
    </Modal>
  );
}
