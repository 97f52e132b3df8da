import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { CollectorHealth } from '../../api/generated/historian.gen';
import { healthLabel } from './collectorText';

// The health history as a status timeline (SPEC §2 collectors page): one step line over the
// health values, worst at the bottom, each change a step, held up to now.

const LEVELS = ['Collector closed', 'Unstable', 'Paused', 'Idle', 'Collector restarting', 'Initializing collector', 'Collecting'];
const HEIGHT = 200;

/** Canvas cannot read CSS custom properties, so the theme's colours are resolved once here. */
function themeColour(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

export interface HealthTimelineProps {
  /** Newest first, as the server answers them. */
  records: readonly CollectorHealth[];
  label: string;
}

export function HealthTimeline({ records, label }: HealthTimelineProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || records.length === 0) return;
    const ordered = [...records].reverse();
    const levels = [...LEVELS, ...new Set(ordered.map((r) => r.Health).filter((health) => !LEVELS.includes(health)))];
    const xs = [...ordered.map((r) => Date.parse(r.Timestamp) / 1000), Date.now() / 1000];
    const ys = ordered.map((r) => levels.indexOf(r.Health));
    ys.push(ys[ys.length - 1]);
    const text = themeColour(element, '--color-text', '#1b2430');
    const grid = themeColour(element, '--color-border', '#d3d9e1');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        cursor: { y: false },
        scales: { y: { range: [-0.5, levels.length - 0.5] } },
        series: [
          {},
          {
            label: t('collectors.history.health'),
            stroke: themeColour(element, '--color-primary', '#0b5cad'),
            width: 2,
            paths: uPlot.paths.stepped?.({ align: 1 }),
            points: { show: false },
          },
        ],
        axes: [
          axis,
          {
            ...axis,
            size: 150,
            splits: () => levels.map((_, index) => index),
            values: (_plot, splits) => splits.map((value) => healthLabel(levels[value] ?? '', t)),
          },
        ],
      },
      [xs, ys],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth || 600, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [records, t]);

  return <div ref={ref} role="img" aria-label={label} className="health-timeline" />;
}
