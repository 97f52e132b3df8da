import { useTranslation } from 'react-i18next';
import { diffRows, isChangedSecret, isSecret, leafText, type DiffKind, type DiffLine } from './auditDiff';

export interface AuditDiffProps {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

function Value({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (isSecret(value)) return <em className="audit-secret">{t('audit_log.diff.secret')}</em>;
  if (isChangedSecret(value)) return <em className="audit-secret">{t('audit_log.diff.secret_changed')}</em>;
  if (value === null) return <span className="audit-null">null</span>;
  if (value === '') return <span className="audit-null">{t('audit_log.diff.empty_text')}</span>;
  return <span className="audit-value">{leafText(value)}</span>;
}

function Line({ line }: { line: DiffLine }) {
  const { t } = useTranslation();
  const kinds: Record<DiffKind, string> = {
    added: t('audit_log.diff.added'),
    changed: t('audit_log.diff.changed'),
    removed: t('audit_log.diff.removed'),
    unchanged: t('audit_log.diff.unchanged'),
  };
  return (
    <tr className={`audit-diff-${line.kind}`}>
      <th scope="row" className="audit-diff-path">
        {line.path}
      </th>
      <td className="audit-diff-kind">{kinds[line.kind]}</td>
      <td className="audit-diff-values">
        {line.kind === 'added' && <Value value={line.after} />}
        {line.kind === 'removed' && <Value value={line.before} />}
        {line.kind === 'unchanged' && <Value value={line.after} />}
        {line.kind === 'changed' && (
          <>
            <Value value={line.before} />
            <span className="audit-diff-arrow" aria-label={t('audit_log.diff.becomes')}>
              {' → '}
            </span>
            <Value value={line.after} />
          </>
        )}
      </td>
    </tr>
  );
}

function DiffTable({ lines, caption }: { lines: readonly DiffLine[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <table className="audit-diff-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('audit_log.diff.field')}</th>
          <th scope="col">{t('audit_log.diff.change')}</th>
          <th scope="col">{t('audit_log.diff.value')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <Line key={line.path} line={line} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * Before and after of an audited row: added paths green, changed ones yellow (old → new), removed
 * ones red, each also named in words; unchanged paths folded away under their count.
 */
export function AuditDiff({ before, after }: AuditDiffProps) {
  const { t } = useTranslation();
  const lines = diffRows(before, after);
  const changes = lines.filter((line) => line.kind !== 'unchanged');
  const unchanged = lines.filter((line) => line.kind === 'unchanged');
  if (lines.length === 0) return <p className="audit-diff-none">{t('audit_log.diff.nothing')}</p>;
  return (
    <div className="audit-diff">
      {changes.length > 0 ? <DiffTable lines={changes} caption={t('audit_log.diff.changes')} /> : <p className="audit-diff-none">{t('audit_log.diff.no_changes')}</p>}
      {unchanged.length > 0 && (
        <details className="audit-diff-unchanged">
          <summary>{t('audit_log.diff.unchanged_count', { count: unchanged.length })}</summary>
          <DiffTable lines={unchanged} caption={t('audit_log.diff.unchanged_fields')} />
        </details>
      )}
    </div>
  );
}
