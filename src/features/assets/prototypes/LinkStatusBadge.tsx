import { CircleCheck, CircleDashed, CircleSlash, PencilLine, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrototypeLinkStatus } from '../../../api/generated/historian.gen';

// The link status of an instance (server/prototypes/README.md "Link status"), in words and with an
// icon, so that it reads without colour. Until the shared badge of src/features/assets/shared/
// exists, the prototype pages draw their own.

export const LINK_STATUSES: readonly PrototypeLinkStatus[] = ['Applied', 'NeedsUpdate', 'Overridden', 'Deleted', 'NotLinked'];

const KEYS: Record<PrototypeLinkStatus, string> = {
  Applied: 'prototypes.link_status.applied',
  NeedsUpdate: 'prototypes.link_status.needs_update',
  Overridden: 'prototypes.link_status.overridden',
  Deleted: 'prototypes.link_status.deleted',
  NotLinked: 'prototypes.link_status.not_linked',
};

const ICON = { size: 14, 'aria-hidden': true, focusable: 'false' } as const;
const ICONS: Record<PrototypeLinkStatus, ReactNode> = {
  Applied: <CircleCheck {...ICON} />,
  NeedsUpdate: <RefreshCw {...ICON} />,
  Overridden: <PencilLine {...ICON} />,
  Deleted: <CircleSlash {...ICON} />,
  NotLinked: <CircleDashed {...ICON} />,
};

export const isLinkStatus = (value: string): value is PrototypeLinkStatus => LINK_STATUSES.some((status) => status === value);

export function useLinkStatusLabel(): (status: PrototypeLinkStatus) => string {
  const { t } = useTranslation();
  return (status) => t(KEYS[status]);
}

/** A small badge: the status, and a count when given (instances of a prototype by status). */
export function LinkStatusBadge({ status, count }: { status: PrototypeLinkStatus; count?: number }) {
  const label = useLinkStatusLabel()(status);
  return (
    <span className={`proto-link proto-link-${status.toLowerCase()}`} title={count === undefined ? label : `${label}: ${count}`}>
      {ICONS[status]}
      <span>{label}</span>
      {count !== undefined && <strong>{count}</strong>}
    </span>
  );
}
