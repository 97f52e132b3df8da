// A page for the trend bench and its screenshots, bundled with esbuild (bench/trend.bench.ts):
// - `window.trendFirstPaint(bytes)`: decodeColumns, the chart's data shaping, uPlot setData and
//   the next animation frame, on a chart made with the trend's own options.
// - `#view`: the real TrendView in the app's store and router; the browser answers its calls.
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { decodeColumns, encodeColumns } from '../../domain/timeseriesColumns';
import { AppProviders } from '../../src/app/providers';
import { makeStore } from '../../src/app/store';
import '../../src/components/trend/trend.css';
import { buildTrendModel } from '../../src/components/trend/trendData';
import { trendOptions } from '../../src/components/trend/trendOptions';
import { choosePeriodMs } from '../../src/components/trend/trendQuery';
import { readPalette } from '../../src/components/trend/trendPalette';
import { TrendView } from '../../src/features/measurements/trend/TrendView';
import { createTestI18n } from '../../src/i18n/testI18n';
import '../../src/features/measurements/measurements.css';
import '../../src/styles/app.css';
import '../../src/styles/theme.css';

declare global {
  interface Window {
    trendAnswer: (kind: 'raw' | 'aggregated', points: number, widthPx: number) => { bytes: ArrayBuffer; start: number; end: number };
    trendFirstPaint: (bytes: ArrayBuffer, start: number, end: number) => Promise<{ decode: number; shape: number; draw: number; total: number; points: number }>;
  }
}

/** One series of `points` seconds of a noisy sine: raw, or aggregated per nice period with min and max. */
window.trendAnswer = (kind, points, widthPx) => {
  const start = Date.UTC(2026, 0, 1);
  const end = start + points * 1000;
  const value = (i: number) => 50 + 30 * Math.sin(i / 3600) + 5 * Math.sin(i * 1.7) + (i % 9973 === 0 ? 40 : 0);
  const base = { measurementUuid: 'm1', name: 'Signal', database: 'bench', datatype: 'number', uom: 'bar', lastKnown: null, truncated: false };
  if (kind === 'raw') {
    const times = new Float64Array(points);
    const values = new Float64Array(points);
    for (let i = 0; i < points; i += 1) {
      times[i] = start + i * 1000;
      values[i] = value(i);
    }
    return { bytes: encodeColumns({ series: [{ ...base, fields: ['time', 'value'], times, columns: { value: values } }] }), start, end };
  }
  const period = choosePeriodMs(end - start, widthPx);
  const buckets = Math.ceil((end - start) / period);
  const times = new Float64Array(buckets);
  const mean = new Float64Array(buckets);
  const min = new Float64Array(buckets).fill(Infinity);
  const max = new Float64Array(buckets).fill(-Infinity);
  const per = period / 1000;
  for (let b = 0; b < buckets; b += 1) {
    times[b] = start + b * period;
    let sum = 0;
    let count = 0;
    for (let i = b * per; i < Math.min(points, (b + 1) * per); i += 1) {
      const v = value(i);
      sum += v;
      count += 1;
      if (v < min[b]) min[b] = v;
      if (v > max[b]) max[b] = v;
    }
    mean[b] = count > 0 ? sum / count : NaN;
  }
  return { bytes: encodeColumns({ series: [{ ...base, fields: ['time', 'mean', 'min', 'max'], times, columns: { mean, min, max } }] }), start, end };
};

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

let plot: uPlot | null = null;
let shape = '';

window.trendFirstPaint = async (bytes, start, end) => {
  const t0 = performance.now();
  const answer = decodeColumns(bytes);
  const t1 = performance.now();
  const range = { start, end };
  const model = buildTrendModel(answer.series, {}, range);
  const t2 = performance.now();
  const host = document.getElementById('bench');
  if (!host) throw new Error('no bench host');
  const structure = JSON.stringify({ lines: model.lines, axes: model.axes });
  if (!plot || structure !== shape) {
    plot?.destroy();
    shape = structure;
    const options = trendOptions({
      model,
      palette: readPalette(host),
      width: 1500 + 60,
      height: 400,
      getRange: () => range,
      formatValue: (value) => value.toFixed(2),
      onSelect: () => undefined,
      onCursor: () => undefined,
      onPlotRect: () => undefined,
    });
    plot = new uPlot(options, model.data, host);
  } else {
    plot.setData(model.data);
  }
  await nextFrame();
  const t3 = performance.now();
  return { decode: t1 - t0, shape: t2 - t1, draw: t3 - t2, total: t3 - t0, points: model.data[0].length };
};

const theme = new URLSearchParams(location.search).get('theme');
if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;

const viewHost = document.getElementById('view');
if (viewHost && location.hash.startsWith('#view')) {
  const address = decodeURIComponent(location.hash.slice('#view'.length)) || '?trend=m1,m2,m3,m4&from=now-24h&to=now';
  document.cookie = 'XSRF-TOKEN=bench';
  const store = makeStore({
    session: { ...makeStore().getState().session, userId: 'u1', userName: 'operator', userProvider: 'local', loginType: 'form' },
    organization: { current: { UUID: '22222222-2222-4222-8222-222222222222', Name: 'Plant A' }, root: null, hasManualEntryForms: false },
  });
  createRoot(viewHost).render(
    <AppProviders store={store} i18n={createTestI18n()}>
      <MemoryRouter initialEntries={[`/measurements${address}`]}>
        {/* Framed as the measurements page frames it. */}
        <section className="measurement-trend-panel">
          <TrendView />
        </section>
      </MemoryRouter>
    </AppProviders>,
  );
}
