import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectorRead } from '../../api/generated/historian.gen';
import { useGetCollectorHealthHistoryQuery } from '../../api/areas/collectors';
import { formatTime, healthLabel } from './collectorText';

// uPlot and its stylesheet load only when a collector's history is opened.
const HealthTimeline = lazy(async () => ({ default: (await import('./HealthTimeline')).HealthTimeline }));

export const HISTORY_LIMIT = 500;
const LISTED = 8;
const LIVE_HISTORY_POLL_MS = 3000;

/** The collector's health over time: a timeline chart, and the latest changes as a table. */
export function HealthHistory({ collector }: { collector: CollectorRead }) {
  const { t, i18n } = useTranslation();
  const id = collector.UUID;
  const { data, isError } = useGetCollectorHealthHistoryQuery({ id, limit: HISTORY_LIMIT }, { skip: id === '', pollingInterval: LIVE_HISTORY_POLL_MS });
  const records = data ?? [];

  return (
    <section className="collector-history" aria-labelledby={`history-${id}`}>
      <h3 id={`history-${id}`}>{t('collectors.history.title')}</h3>
      {isError && <p role="alert">{t('collectors.errors.history')}</p>}
      {data && records.length === 0 && <p className="muted">{t('collectors.history.empty')}</p>}
      {records.length > 0 && (
        <>
          <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
            <HealthTimeline records={records} label={t('collectors.history.chart_label', { name: collector.Name })} />
          </Suspense>
          <table className="collector-history-table">
            <caption className="visually-hidden">{t('collectors.history.latest', { name: collector.Name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('collectors.history.when')}</th>
                <th scope="col">{t('collectors.history.health')}</th>
              </tr>
            </thead>
            <tbody>
              {records.slice(0, LISTED).map((record) => (
                <tr key={`${record.Timestamp}-${record.Health}`}>
                  <td>{formatTime(record.Timestamp, i18n.language)}</td>
                  <td>{healthLabel(record.Health, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
