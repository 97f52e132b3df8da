import { useTranslation } from 'react-i18next';
import type { DiffKind, StateDiff } from '../../lib/recording/stateDiff';

interface StateDiffViewProps {
  /** Null at step 0, which has no action before it. */
  diff: StateDiff | null;
  reducerError: string | null;
}

function useKindLabel() {
  const { t } = useTranslation();
  return (kind: DiffKind) => {
    switch (kind) {
      case 'added':
        return t('qa.diff.added');
      case 'changed':
        return t('qa.diff.changed');
      case 'removed':
        return t('qa.diff.removed');
    }
  };
}

/** The paths the step's action added, changed or removed in the state, values cut short. */
export function StateDiffView({ diff, reducerError }: StateDiffViewProps) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  return (
    <section aria-labelledby="qa-diff-title" className="qa-replay-diff">
      <h2 id="qa-diff-title">{t('qa.diff.title')}</h2>
      {reducerError && <p role="alert">{t('qa.diff.reducer_error', { message: reducerError })}</p>}
      {!diff && <p className="muted">{t('qa.diff.initial')}</p>}
      {diff && diff.entries.length === 0 && <p className="muted">{t('qa.diff.none')}</p>}
      {diff && diff.entries.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('qa.diff.path')}</th>
              <th scope="col">{t('qa.diff.change')}</th>
              <th scope="col">{t('qa.diff.before')}</th>
              <th scope="col">{t('qa.diff.after')}</th>
            </tr>
          </thead>
          <tbody>
            {diff.entries.map((entry) => (
              <tr key={entry.path} className={`diff-${entry.kind}`}>
                <td>
                  <code>{entry.path}</code>
                </td>
                <td>{kindLabel(entry.kind)}</td>
                <td>
                  <code>{entry.before ?? ''}</code>
                </td>
                <td>
                  <code>{entry.after ?? ''}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {diff?.truncated && <p className="muted">{t('qa.diff.truncated', { count: diff.entries.length })}</p>}
    </section>
  );
}
