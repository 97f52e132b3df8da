import { useTranslation } from 'react-i18next';

const WIDTH = 120;
const HEIGHT = 28;
const PAD = 2;

/** The last hour of a number as a line, with its lowest and highest value as accessible name. */
export function Sparkline({ series, unit }: { series: readonly (readonly [number, number])[]; unit?: string }) {
  const { t, i18n } = useTranslation();
  if (series.length < 2) return <span className="sparkline-none muted">{t('assets.properties.no_trend')}</span>;
  const times = series.map((point) => point[0]);
  const values = series.map((point) => point[1]);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const x = (time: number) => PAD + ((time - t0) / Math.max(1, t1 - t0)) * (WIDTH - 2 * PAD);
  const y = (value: number) => (high === low ? HEIGHT / 2 : PAD + (1 - (value - low) / (high - low)) * (HEIGHT - 2 * PAD));
  const points = series.map(([time, value]) => `${x(time).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const label = t('assets.properties.trend_label', { min: number.format(low), max: number.format(high), unit: unit ?? '' }).trim();
  return (
    <svg className="sparkline" width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <title>{label}</title>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
