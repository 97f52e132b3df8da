// The trend's time from "answer bytes received" to "first paint" in Chromium: decodeColumns, the
// chart's data shaping, uPlot setData and the next animation frame, for a million raw points of
// one series and for the aggregated answer of the same range at 1,500 px (mean with a min/max
// envelope). Median of 5 runs after a warm-up. Goal: at most 150 ms for a million points.
// It only prints; timings are never asserted (STYLE §18).
import { launchBrowser } from '../e2e/support/browser';
import { buildHarness, serveHarness } from './trend/buildHarness';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const POINTS = 1_000_000;
const WIDTH = 1500;

interface Figures {
  decode: number;
  shape: number;
  draw: number;
  total: number;
  points: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(12);

async function main() {
  await buildHarness();
  const site = await serveHarness(() => null);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(`${site.url}/index.html`);
    const rows: string[] = [];
    for (const kind of ['raw', 'aggregated'] as const) {
      const runs: Figures[] = [];
      // The first run warms the JIT and is not counted.
      for (let run = 0; run <= RUNS; run += 1) {
        const figures = await page.evaluate(
          async ({ kind, points, width }) => {
            const answer = window.trendAnswer(kind, points, width);
            return window.trendFirstPaint(answer.bytes, answer.start, answer.end);
          },
          { kind, points: POINTS, width: WIDTH },
        );
        if (run > 0) runs.push(figures);
      }
      const pick = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
      const label = kind === 'raw' ? `raw, ${POINTS.toLocaleString('en')} points` : `aggregated at ${WIDTH} px (${pick('points')} buckets)`;
      rows.push(`${label.padEnd(40)}${ms(pick('decode'))}${ms(pick('shape'))}${ms(pick('draw'))}${ms(pick('total'))}`);
    }
    console.log(`trend: answer bytes to first paint, median of ${RUNS} runs (goal for 1M points: ≤ 150 ms)`);
    console.log(`${''.padEnd(40)}${'decode'.padStart(12)}${'shape'.padStart(12)}${'draw+frame'.padStart(12)}${'total'.padStart(12)}`);
    for (const row of rows) console.log(row);
  } finally {
    await browser.close();
    await site.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
