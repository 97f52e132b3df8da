import { AlertTriangle, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { useTrend } from './useTrend';

/** What the trend shows: the aggregation or raw mode, loading, errors and a truncated answer. */
export function TrendStatus({ trend }: { trend: ReturnType<typeof useTrend> }) {
  const { t, i18n } = useTranslation();
  if (!trend.range) {
    return (
      <p className="trend-notice" role="alert">
        <AlertTriangle aria-hidden size={16} />
        {t('trend.view.invalidRange')}
      </p>
    );
  }
  return (
    <div className="trend-status">
      <span className="muted">
        {trend.plan?.mode === 'aggregated'
          ? t('trend.view.aggregated', { period: trend.plan.period })
          : t('trend.view.rawMode', { n: new Intl.NumberFormat(i18n.language).format(trend.plan?.limit ?? 0) })}
      </span>
      {trend.isFetching ? (
        <span className="muted trend-status-loading" role="status">
          <LoaderCircle aria-hidden size={14} />
          {t('trend.view.loading')}
        </span>
      ) : null}
      {trend.isError ? (
        <span className="trend-notice" role="alert">
          <AlertTriangle aria-hidden size={16} />
          {t('trend.view.error')}
        </span>
      ) : null}
      {trend.model?.truncated ? (
        <span className="trend-notice" role="status">
          <AlertTriangle aria-hidden size={16} />
          {t('trend.view.truncated')}
        </span>
      ) : null}
    </div>
  );
}
