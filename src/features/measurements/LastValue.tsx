import { useTranslation } from 'react-i18next';
import type { MeasurementRead } from '../../api/generated/historian.gen';
import { formatValue, renderQuality } from './measurementText';

/** The Last value tab: the newest point the collector delivered, its time and quality. */
export function LastValue({ measurement }: { measurement: MeasurementRead }) {
  const { t, i18n } = useTranslation();
  const point = measurement.LastPoint;
  if (!point) return <p className="muted">{t('measurements.last_value.none')}</p>;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const uom = measurement.Attributes?.Config?.UoM;
  return (
    <dl className="measurement-facts">
      <div>
        <dt>{t('measurements.last_value.value')}</dt>
        <dd className="measurement-last-value">
          {formatValue(point.Value, number, t)}
          {uom && <span className="measurement-uom"> {uom}</span>}
        </dd>
      </div>
      <div>
        <dt>{t('measurements.last_value.time')}</dt>
        <dd>
          <time dateTime={point.Time}>{time.format(new Date(point.Time))}</time>
        </dd>
      </div>
      <div>
        <dt>{t('measurements.last_value.quality')}</dt>
        <dd>{point.Quality === null || point.Quality === undefined ? renderQuality(measurement.Quality, t) : t('measurements.last_value.quality_code', { code: point.Quality })}</dd>
      </div>
    </dl>
  );
}
