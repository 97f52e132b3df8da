import { Play } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewExternalDatabaseQueryMutation } from '../../../api/areas/externalDatabases';
import type { ExternalQueryPreview } from '../../../api/generated/historian.gen';
import { problemCode } from '../../../api/outcomes';
import { connectionStepLabel } from '../../../lib/connectionSteps';
import { fromLocalInput, toLocalInput } from '../../../lib/localTimeInput';

const HOUR = 3_600_000;
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** A cell as text: null shown as such, objects as JSON. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '∅';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The query preview of a stored external database (MANAGE_EXTERNAL_DATABASES): a query run
 * read-only with :StartTime and :StopTime bound, at most `limit` rows; the columns and rows, or
 * the error and the step it happened at.
 */
export function QueryPreview({ databaseUuid }: { databaseUuid: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [preview, { isLoading }] = usePreviewExternalDatabaseQueryMutation();
  const [query, setQuery] = useState('SELECT * FROM batches WHERE started_at >= :StartTime AND started_at < :StopTime');
  const [start, setStart] = useState(() => toLocalInput(Date.now() - HOUR));
  const [stop, setStop] = useState(() => toLocalInput(Date.now()));
  const [limit, setLimit] = useState(String(DEFAULT_LIMIT));
  const [result, setResult] = useState<ExternalQueryPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setResult(null);
    const startTime = fromLocalInput(start);
    const stopTime = fromLocalInput(stop);
    if (startTime !== null && stopTime !== null && stopTime <= startTime) {
      setRefusal(t('external_databases.preview.stop_before_start'));
      return;
    }
    const answer = await preview({
      id: databaseUuid,
      externalQueryPreviewRequest: {
        Query: query,
        ...(startTime === null ? {} : { StartTime: new Date(startTime).toISOString() }),
        ...(stopTime === null ? {} : { StopTime: new Date(stopTime).toISOString() }),
        Limit: Math.min(MAX_LIMIT, Math.max(1, Number.parseInt(limit, 10) || DEFAULT_LIMIT)),
      },
    });
    if (answer.error) {
      const code = problemCode(answer.error);
      setRefusal(code ? t(code, { defaultValue: t('external_databases.preview.failed') }) : t('external_databases.preview.failed'));
      return;
    }
    setResult(answer.data);
  };

  const number = new Intl.NumberFormat(i18n.language);
  const error = result?.Error;
  return (
    <section className="xdb-preview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('external_databases.preview.title')}</h2>
      <p className="muted">{t('external_databases.preview.description')}</p>
      <form onSubmit={(event) => void run(event)}>
        <label htmlFor={`${id}-query`}>{t('external_databases.preview.query')}</label>
        <textarea id={`${id}-query`} className="xdb-query" rows={5} spellCheck={false} required value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
        <div className="xdb-preview-controls">
          <label>
            <span>{t('external_databases.preview.start')}</span>
            <input type="datetime-local" step={1} value={start} onChange={(event) => setStart(event.currentTarget.value)} />
          </label>
          <label>
            <span>{t('external_databases.preview.stop')}</span>
            <input type="datetime-local" step={1} value={stop} onChange={(event) => setStop(event.currentTarget.value)} />
          </label>
          <label>
            <span>{t('external_databases.preview.limit')}</span>
            <input type="number" min={1} max={MAX_LIMIT} value={limit} onChange={(event) => setLimit(event.currentTarget.value)} />
          </label>
          <button type="submit" className="primary" disabled={isLoading || query.trim() === ''} aria-busy={isLoading || undefined}>
            <Play size={16} aria-hidden="true" />
            {isLoading ? t('external_databases.preview.running') : t('external_databases.preview.run')}
          </button>
        </div>
      </form>
      {refusal && <p role="alert">{refusal}</p>}
      {error && (
        <div role="alert" className="xdb-preview-error">
          <strong>{t('external_databases.preview.error', { step: connectionStepLabel(error.Step, t) })}</strong>
          <span className="step-message"> — {error.Code ? t(error.Code, { defaultValue: error.Message }) : error.Message}</span>
        </div>
      )}
      {result && !error && (
        <div className="xdb-preview-result">
          <p role="status">
            {t('external_databases.preview.rows', { count: result.Rows.length, n: number.format(result.Rows.length), ms: number.format(result.DurationMs) })}
            {result.Truncated && <strong> {t('external_databases.preview.truncated')}</strong>}
          </p>
          <div className="xdb-table-scroll">
            <table className="xdb-table" aria-label={t('external_databases.preview.result')}>
              <thead>
                <tr>
                  {result.Columns.map((column) => (
                    <th key={column.Name} scope="col">
                      {column.Name}
                      {column.Type && <span className="xdb-type">{column.Type}</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.Rows.map((row, index) => (
                  // Rows have no identity of their own; their order is the query's.
                  <tr key={index}>
                    {result.Columns.map((column, cell) => (
                      <td key={column.Name} className={row[cell] === null ? 'xdb-null' : undefined}>
                        {cellText(row[cell])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
