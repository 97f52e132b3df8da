import { useTranslation } from 'react-i18next';
import type { AuditAction } from '../../api/generated/historian.gen';
import { actionLabel } from './auditLabels';

/** An audit action as a coloured badge: created green, updated yellow, deleted red, named in words. */
export function ActionBadge({ action }: { action: AuditAction }) {
  const { t } = useTranslation();
  return <span className={`audit-badge audit-badge-${action.toLowerCase()}`}>{actionLabel(action, t)}</span>;
}
