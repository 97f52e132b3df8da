import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMeasurementQuery } from '../../../api/areas/measurements';
import type { MeasurementRead } from '../../../api/generated/historian.gen';
import type { TrendMeasurementMeta } from '../../../components/trend/trendData';

/** What the chart takes from the entity: name, datatype and the engineering specs. */
export function trendMeta(measurement: MeasurementRead): TrendMeasurementMeta {
  const specs = measurement.Attributes?.Config;
  return {
    name: measurement.Name,
    datatype: measurement.Datatype,
    uom: specs?.UoM,
    valueMin: specs?.ValueMin,
    valueMax: specs?.ValueMax,
    limitLo: specs?.LimitLo,
    limitHi: specs?.LimitHi,
  };
}

/** Loads one measurement's entity and hands its specs up to the chart. */
export function useMeasurementMeta(measurementUuid: string, onMeta: (uuid: string, meta: TrendMeasurementMeta) => void) {
  const { data } = useGetMeasurementQuery({ id: measurementUuid });
  useEffect(() => {
    if (data) onMeta(measurementUuid, trendMeta(data));
  }, [data, measurementUuid, onMeta]);
  return data;
}

interface TrendMeasurementItemProps {
  measurementUuid: string;
  colour: string;
  onMeta: (uuid: string, meta: TrendMeasurementMeta) => void;
  onRemove: (uuid: string) => void;
}

/** One shown measurement of the full trend, with its remove button. */
export function TrendMeasurementItem({ measurementUuid, colour, onMeta, onRemove }: TrendMeasurementItemProps) {
  const { t } = useTranslation();
  const measurement = useMeasurementMeta(measurementUuid, onMeta);
  const name = measurement?.Name ?? t('trend.view.unknown');
  const unit = measurement?.Attributes?.Config?.UoM;
  return (
    <li className="trend-measurement">
      <span className="trend-swatch" style={{ background: colour }} />
      <span className="trend-measurement-name" title={measurement?.Name ?? measurementUuid}>
        {name}
      </span>
      {unit ? <span className="muted">{unit}</span> : null}
      <button type="button" className="icon-button" aria-label={t('trend.view.remove', { name })} title={t('trend.view.remove', { name })} onClick={() => onRemove(measurementUuid)}>
        <X aria-hidden />
      </button>
    </li>
  );
}
