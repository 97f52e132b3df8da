import { CircleCheck, RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetAuditChainVerificationQuery } from '../../api/areas/auditLogs';
import { problemLabel } from './auditLabels';

export interface ChainStatusProps {
  /** The address (search part) that opens an entry of this page. */
  entrySearch: (uuid: string) => string;
  /** The organization the check acts in; the current one by default. */
  organization?: string;
}

/** Above the audit log: whether the hash chain of the log is intact, checked by the server, with a re-check. */
export function ChainStatus({ entrySearch, organization }: ChainStatusProps) {
  const { t, i18n } = useTranslation();
  const { data, error, isFetching, refetch } = useGetAuditChainVerificationQuery({ 'x-organization-uuid': organization }, { refetchOnMountOrArgChange: true });
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);

  let state: 'checking' | 'intact' | 'broken' | 'failed' = 'checking';
  let message: string = t('audit_log.chain.checking');
  if (data && !isFetching) {
    if (data.Intact) {
      state = 'intact';
      message =
        data.Since === null
          ? t('audit_log.chain.empty')
          : t('audit_log.chain.intact', { since: time(data.Since), count: data.CheckedEntries, n: number.format(data.CheckedEntries) });
    } else {
      state = 'broken';
      const broken = data.FirstBroken;
      message = broken
        ? t('audit_log.chain.broken', { sequence: number.format(broken.Sequence), problem: problemLabel(broken.Problem, t) })
        : t('audit_log.chain.broken_unknown');
    }
  } else if (error && !isFetching) {
    state = 'failed';
    message = t('audit_log.chain.failed');
  }
  const Icon = state === 'intact' ? CircleCheck : state === 'checking' ? RefreshCw : TriangleAlert;
  const brokenUuid = state === 'broken' ? data?.FirstBroken?.UUID : null;

  return (
    <div className={`audit-chain audit-chain-${state}`} role={state === 'broken' ? 'alert' : 'status'}>
      <Icon className="audit-chain-icon" size={18} aria-hidden="true" focusable="false" />
      <span className="audit-chain-message">{message}</span>
      {data && state !== 'checking' && <span className="audit-chain-checked">{t('audit_log.chain.checked_at', { time: time(data.CheckedAt) })}</span>}
      {brokenUuid && (
        <Link className="audit-chain-link" to={{ search: entrySearch(brokenUuid) }}>
          {t('audit_log.chain.open_entry')}
        </Link>
      )}
      <button type="button" className="audit-chain-recheck" disabled={isFetching} onClick={() => void refetch()}>
        <RefreshCw size={14} aria-hidden="true" focusable="false" />
        {t('audit_log.chain.recheck')}
      </button>
    </div>
  );
}
