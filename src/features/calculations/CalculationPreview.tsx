import { skipToken } from '@reduxjs/toolkit/query';
import { FlaskConical } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnSeries } from '../../../domain/timeseriesColumns';
import { useTestCalculationMutation } from '../../api/areas/calculations';
import { useTimeseriesColumnsQuery } from '../../api/areas/timeseries';
import type { CalculationEvaluationError, CalculationPreview as Preview, ValueType } from '../../api/generated/historian.gen';
import { TrendChart } from '../../components/trend/TrendChart';
import { buildTrendModel, type TrendMeasurementMeta } from '../../components/trend/trendData';
import { planTrendQuery, trendQueryBody } from '../../components/trend/trendQuery';
import { useFormErrors } from '../../components/form/useFormErrors';
import { calculationFieldNames } from './calculationDraft';
import { isBadPoint, previewRange, previewSeries, PREVIEW_SERIES_ID, type PreviewPreset } from './previewSeries';
import type { ScriptDiagnostic } from './ScriptEditor';

export interface PreviewInput {
  uuid: string;
  name: string;
  datatype: string;
}

export interface CalculationPreviewProps {
  /** The form's current, unsaved settings. */
  settings: () => Record<string, unknown>;
  /** The form's Datatype field. */
  datatype: () => ValueType;
  inputs: readonly PreviewInput[];
  name: string;
  /** A 400's field errors, for the editor's fields, translated; empty clears them. */
  onFieldErrors: (errors: Record<string, string[]>) => void;
  onDiagnostics: (diagnostics: ScriptDiagnostic[]) => void;
  onGoToLine: (line: number) => void;
  /** The clock; a prop so that tests can hold it still. */
  now?: () => number;
}

const CHART_WIDTH = 800;
const PRESETS: readonly PreviewPreset[] = ['1h', '24h', 'custom'];

/** Test before saving (DOMAIN.md §2): runs the unsaved settings over a past range, writes nothing. */
export function CalculationPreview({ settings, datatype, inputs, name, onFieldErrors, onDiagnostics, onGoToLine, now = Date.now }: CalculationPreviewProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const formErrors = useFormErrors();
  const [preset, setPreset] = useState<PreviewPreset>('1h');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [test, testState] = useTestCalculationMutation();
  const [shown, setShown] = useState<{ preview: Preview; range: { start: number; end: number }; datatype: string } | null>(null);
  const range = previewRange(preset, custom, now());

  const run = async () => {
    const asked = previewRange(preset, custom, now());
    if (!asked) return;
    const type = datatype();
    const result = await test({ calculationTest: { Datatype: type, Settings: settings(), Start: new Date(asked.start).toISOString(), End: new Date(asked.end).toISOString() } });
    if (result.error) {
      onFieldErrors(formErrors(result.error, ['Datatype', ...calculationFieldNames(inputs.length)]));
      return;
    }
    onFieldErrors({});
    setShown({ preview: result.data, range: asked, datatype: type });
    onDiagnostics(result.data.Errors.flatMap((error) => (error.Line === undefined ? [] : [{ line: error.Line, message: `${error.Code}: ${error.Message}` }])));
  };

  // The inputs over the same range, beside the preview, as the trend would ask for them.
  const inputUuids = inputs.map((input) => input.uuid).filter((uuid) => uuid !== '');
  const plan = shown ? planTrendQuery({ range: shown.range, widthPx: CHART_WIDTH }) : null;
  const inputSeries = useTimeseriesColumnsQuery(shown && plan && inputUuids.length > 0 ? trendQueryBody(inputUuids, shown.range, plan) : skipToken);
  // Two charts over the same range: the preview's points (one per window) would be gaps between
  // the inputs' denser times on one shared axis.
  const metas = useMemo(
    (): Record<string, TrendMeasurementMeta> => Object.fromEntries(inputs.map((input) => [input.uuid, { name: input.name || undefined, datatype: input.datatype || undefined }])),
    [inputs],
  );
  const model = useMemo(() => {
    if (!shown) return null;
    const series = previewSeries(shown.preview.Points, shown.datatype, t('calculations.preview.series', { name: name || t('calculations.preview.unnamed') }));
    return buildTrendModel([series], { [PREVIEW_SERIES_ID]: { name: series.name } }, shown.range);
  }, [shown, name, t]);
  const inputsModel = useMemo(() => {
    const series: ColumnSeries[] = inputSeries.data?.series ?? [];
    return shown && series.length > 0 ? buildTrendModel(series, metas, shown.range) : null;
  }, [shown, inputSeries.data, metas]);

  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language]);
  const errors = shown?.preview.Errors ?? [];
  const badPoints = shown?.preview.Points.filter(isBadPoint).length ?? 0;

  return (
    <section className="calculation-preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('calculations.preview.title')}</h3>
      <p className="form-help">{t('calculations.preview.help')}</p>
      <div className="calculation-preview-controls">
        <label htmlFor={`${id}-preset`}>{t('calculations.preview.range')}</label>
        <select id={`${id}-preset`} value={preset} onChange={(event) => setPreset(event.target.value as PreviewPreset)}>
          {PRESETS.map((value) => (
            <option key={value} value={value}>
              {t(`calculations.preview.presets.${value}`)}
            </option>
          ))}
        </select>
        {preset === 'custom' && (
          <>
            <label htmlFor={`${id}-from`}>{t('calculations.preview.from')}</label>
            <input id={`${id}-from`} type="datetime-local" step={1} value={custom.from} onChange={(event) => setCustom({ ...custom, from: event.target.value })} />
            <label htmlFor={`${id}-to`}>{t('calculations.preview.to')}</label>
            <input id={`${id}-to`} type="datetime-local" step={1} value={custom.to} onChange={(event) => setCustom({ ...custom, to: event.target.value })} />
          </>
        )}
        <button type="button" className="primary" disabled={range === null || testState.isLoading} onClick={() => void run()}>
          <FlaskConical size={16} aria-hidden />
          {testState.isLoading ? t('calculations.preview.testing') : t('calculations.preview.test')}
        </button>
      </div>
      {preset === 'custom' && range === null && <p className="field-error">{t('calculations.preview.bad_range')}</p>}
      {shown && model && (
        <div className="calculation-preview-result" aria-live="polite">
          <p className="calculation-preview-summary">
            <span>{t('calculations.preview.evaluations', { count: shown.preview.Evaluations })}</span>
            <span>{t('calculations.preview.points', { count: shown.preview.Points.length })}</span>
            <span className={errors.length > 0 ? 'calculation-preview-failed' : undefined}>{t('calculations.preview.errors_count', { count: shown.preview.Evaluations - shown.preview.Points.length })}</span>
            {badPoints > 0 && <span className="calculation-preview-truncated">{t('calculations.preview.bad_points', { count: badPoints })}</span>}
            {shown.preview.Truncated && <span className="calculation-preview-truncated">{t('calculations.preview.truncated')}</span>}
          </p>
          <TrendChart model={model} range={shown.range} label={t('calculations.preview.chart')} height={200} />
          {inputsModel && <TrendChart model={inputsModel} range={shown.range} label={t('calculations.preview.inputs_chart')} height={160} />}
          {errors.length > 0 && <PreviewErrors errors={errors} formatTime={(value) => time.format(value)} onGoToLine={onGoToLine} />}
        </div>
      )}
    </section>
  );
}

function PreviewErrors({ errors, formatTime, onGoToLine }: { errors: readonly CalculationEvaluationError[]; formatTime: (time: number) => string; onGoToLine: (line: number) => void }) {
  const { t } = useTranslation();
  return (
    <table className="calculation-preview-errors">
      <caption>{t('calculations.preview.errors')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('calculations.preview.columns.time')}</th>
          <th scope="col">{t('calculations.preview.columns.code')}</th>
          <th scope="col">{t('calculations.preview.columns.message')}</th>
          <th scope="col">{t('calculations.preview.columns.line')}</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error, index) => (
          <tr key={`${error.T}-${index}`}>
            <td>{formatTime(error.T)}</td>
            <td>
              <code>{error.Code}</code>
            </td>
            <td>{error.Message}</td>
            <td>
              {error.Line === undefined ? (
                <span className="muted">–</span>
              ) : (
                <button type="button" className="link-button" onClick={() => onGoToLine(error.Line ?? 1)}>
                  {t('calculations.preview.go_to_line', { line: error.Line })}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
