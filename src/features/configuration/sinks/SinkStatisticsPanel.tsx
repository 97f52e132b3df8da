import { useTranslation } from 'react-i18next';
import { useGetSinkStatisticsQuery } from '../../../api/areas/sinks';
import { When } from './SinkState';
import { STATISTICS_POLL_MS, useSinkAccess } from './useSinkAccess';

/** A stored sink's statistics, asked again every few seconds while the page is visible. */
export function SinkStatisticsPanel({ sinkUuid }: { sinkUuid: string }) {
  const { t, i18n } = useTranslation();
  const { skip, organization } = useSinkAccess();
  const { data } = useGetSinkStatisticsQuery({ id: sinkUuid, ...organization }, { skip, pollingInterval: STATISTICS_POLL_MS, skipPollingIfUnfocused: true });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section className="sink-panel" aria-label={t('sinks.statistics.title')}>
      <h2>{t('sinks.statistics.title')}</h2>
      {!data ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <dl className="sink-statistics">
          <div>
            <dt>{t('sinks.connected')}</dt>
            <dd>
              {data.Connected ? (
                <>
                  {t('sinks.connected_since')} <When iso={data.ConnectedSince} />
                </>
              ) : (
                t('sinks.disconnected')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('sinks.statistics.sent')}</dt>
            <dd>{number.format(data.Sent)}</dd>
          </div>
          <div>
            <dt>{t('sinks.statistics.buffered')}</dt>
            <dd>
              {t('sinks.statistics.buffered_value', {
                count: data.Buffered,
                n: number.format(data.Buffered),
                bytes: number.format(data.BufferedBytes),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('sinks.statistics.dropped')}</dt>
            <dd className={data.Dropped > 0 ? 'sink-warning' : undefined}>{number.format(data.Dropped)}</dd>
          </div>
          <div>
            <dt>{t('sinks.statistics.last_error')}</dt>
            <dd>
              {data.LastError ? (
                <span className="sink-error">
                  {data.LastError} (<When iso={data.LastErrorAt} />)
                </span>
              ) : (
                <span className="muted">{t('sinks.none')}</span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('sinks.statistics.updated')}</dt>
            <dd>
              <When iso={data.UpdatedAt} />
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
