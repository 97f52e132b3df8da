// Scrolls the widget gallery's 100,000-row table in Chromium (production build, real server) and
// prints frame times, DOM rows and long tasks: the median of several runs of each phase. Targets:
// p95 frame under 16.7 ms, fewer than 100 rows in the DOM, no task over 50 ms. It only prints;
// timings are never asserted anywhere (STYLE §18).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const root = path.resolve(__dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 240);

interface PhaseResult {
  /** Main-thread work of each frame: from its scroll event (React renders there) or animation-frame
   * callback, through style, layout and paint, to the first task after it. */
  workP95: number;
  workMax: number;
  /** Time between frames, what the eye sees (vsync-bound: about 16.7 ms at best). */
  intervalP95: number;
  longTasks: number;
  longestTask: number;
  maxRows: number;
}

type Phase = 'steady' | 'jumps';

/** Runs in the page: scrolls the grid one step per frame and measures every frame. */
function measureInPage(args: { phase: Phase; frames: number }): Promise<PhaseResult> {
  const grid = document.querySelector<HTMLElement>('[role="grid"]');
  if (!grid) throw new Error('no grid');
  const maxScroll = grid.scrollHeight - grid.clientHeight;
  grid.scrollTop = 0;
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const work: number[] = [];
  const intervals: number[] = [];
  let maxRows = 0;
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  };
  return new Promise((resolve) => {
    let frame = 0;
    let previous = 0;
    const channel = new MessageChannel();
    let frameStart = 0;
    // Chrome runs a frame's scroll events before its animation-frame callbacks; the virtualizer
    // renders in the scroll event, so a frame starts at its first scroll event when it has one.
    let scrollStart: number | null = null;
    const onScroll = () => {
      scrollStart ??= performance.now();
    };
    grid.addEventListener('scroll', onScroll, { capture: true, passive: true });
    // The message task runs after the frame's rendering work: its delay is the frame's cost.
    channel.port1.onmessage = () => {
      work.push(performance.now() - frameStart);
      maxRows = Math.max(maxRows, grid.querySelectorAll('[role="row"]').length);
    };
    const step = (now: number) => {
      if (previous) intervals.push(now - previous);
      previous = now;
      frameStart = scrollStart ?? performance.now();
      scrollStart = null;
      if (frame >= args.frames) {
        observer.disconnect();
        grid.removeEventListener('scroll', onScroll, { capture: true });
        setTimeout(() => {
          resolve({
            workP95: percentile(work, 0.95),
            workMax: Math.max(...work),
            intervalP95: percentile(intervals, 0.95),
            longTasks: longTasks.filter((d) => d > 50).length,
            longestTask: Math.max(0, ...longTasks),
            maxRows,
          });
        }, 100);
        return;
      }
      grid.scrollTop = args.phase === 'steady' ? Math.min(maxScroll, (frame + 1) * 240) : Math.floor(random() * maxScroll);
      channel.port2.postMessage(null);
      frame += 1;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

async function openBigTable(page: Page): Promise<void> {
  // tsx keeps function names with a `__name` helper that the serialized measureInPage calls.
  await page.addInitScript('window.__name = (fn) => fn;');
  await page.addInitScript(() => window.localStorage.setItem('historian.gallery', '1'));
  await page.goto('/#/gallery?section=big');
  await page.getByRole('row', { name: /Collector 1\b/ }).first().waitFor({ timeout: 60_000 });
  // Let the first render settle before measuring.
  await page.waitForTimeout(500);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  // A build of its own: the bench measures the code as it is now, and never races another build
  // writing dist/. BENCH_CLIENT_DIR reuses a finished build instead.
  let clientDir = process.env.BENCH_CLIENT_DIR;
  if (!clientDir) {
    clientDir = path.join(root, '.tmp/bench-client');
    rmSync(clientDir, { recursive: true, force: true });
    console.log('building the client into .tmp/bench-client…');
    // Emitted even when the build reports an error (the bundle budget): this bench times scrolling.
    const build = spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', clientDir, '--optimization-emit-on-errors'], { cwd: root, encoding: 'utf8' });
    const problems = `${build.stdout}`.split('\n').filter((line) => line.startsWith('ERROR'));
    if (problems.length > 0) console.log(`(the build reported: ${problems.join('; ')})`);
  }
  if (!existsSync(path.join(clientDir, 'index.html'))) throw new Error(`No client build in ${clientDir}`);
  const [server, browser] = await Promise.all([startServer({ HISTORIAN_CLIENT_DIR: clientDir }), launchBrowser()]);
  const results: Record<Phase, PhaseResult[]> = { steady: [], jumps: [] };
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const { context, page } = await newContext(browser, server.url);
      await openBigTable(page);
      for (const phase of ['steady', 'jumps'] as const) {
        results[phase].push(await page.evaluate(measureInPage, { phase, frames: FRAMES }));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`100,000-row table scroll (gallery ?section=big, production build, headless Chromium)`);
  console.log(`median of ${RUNS} runs, ${FRAMES} frames each; targets: p95 frame < 16.7 ms, DOM rows < 100, no task > 50 ms`);
  const labels: Record<Phase, string> = { steady: 'steady scroll, 240 px per frame', jumps: 'scrollbar jumps, random position per frame' };
  for (const phase of ['steady', 'jumps'] as const) {
    const r = results[phase];
    const pick = (key: keyof PhaseResult) => median(r.map((x) => x[key]));
    console.log(`  ${labels[phase]}:`);
    console.log(`    frame time p95 ${ms(pick('workP95'))} (max ${ms(pick('workMax'))}); frame interval p95 ${ms(pick('intervalP95'))}`);
    console.log(`    DOM rows max ${pick('maxRows')}; long tasks > 50 ms: ${pick('longTasks')} (longest ${ms(pick('longestTask'))})`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
