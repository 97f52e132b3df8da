// The uPlot options of a trend model: one series per measurement with its min/max envelope as a
// band, one y axis per unit (left and right alternating), limits shaded beyond LimitLo/LimitHi with
// a dashed line, the x range fixed to the asked range, and drag-to-zoom handed to the parent.
import type uPlot from 'uplot';
import type { TimeRange } from './trendAddress';
import type { TrendLine, TrendModel, TrendUnitAxis } from './trendData';
import { seriesColour, withAlpha, type TrendPalette } from './trendPalette';

export interface TrendOptionsInput {
  model: TrendModel;
  palette: TrendPalette;
  width: number;
  height: number;
  /** Read at every redraw, so a new range needs no new chart. */
  getRange: () => TimeRange;
  formatValue: (value: number) => string;
  onSelect: (range: TimeRange) => void;
  onCursor: (index: number | null, left: number) => void;
  onPlotRect: (rect: { left: number; width: number }) => void;
}

/** The y range of a unit: ValueMin/ValueMax where set, else the data and the limits, with a margin. */
export function unitRange(axis: TrendUnitAxis, lines: TrendLine[], dataMin: number | null, dataMax: number | null): [number, number] {
  const limits = lines.filter((line) => line.scaleKey === axis.scaleKey).flatMap((line) => [line.limitLo, line.limitHi]);
  const known = [dataMin, dataMax, ...limits].filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  let low = known.length > 0 ? Math.min(...known) : 0;
  let high = known.length > 0 ? Math.max(...known) : 1;
  const margin = (high - low || Math.abs(high) || 1) * 0.05;
  low -= margin;
  high += margin;
  return [axis.min ?? low, axis.max ?? high];
}

function drawLimits(u: uPlot, lines: TrendLine[], palette: TrendPalette): void {
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  for (const line of lines) {
    const at = (value: number) => u.valToPos(value, line.scaleKey, true);
    const colour = seriesColour(palette, line.colorIndex);
    ctx.fillStyle = withAlpha(palette.danger, 0.07);
    if (line.limitHi !== null) ctx.fillRect(left, top, width, Math.max(0, at(line.limitHi) - top));
    if (line.limitLo !== null) ctx.fillRect(left, at(line.limitLo), width, Math.max(0, top + height - at(line.limitLo)));
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(1, devicePixelRatio);
    ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
    for (const limit of [line.limitLo, line.limitHi]) {
      if (limit === null) continue;
      ctx.beginPath();
      ctx.moveTo(left, at(limit));
      ctx.lineTo(left + width, at(limit));
      ctx.stroke();
    }
  }
  ctx.restore();
}

export function trendOptions(input: TrendOptionsInput): uPlot.Options {
  const { model, palette, formatValue } = input;
  const series: uPlot.Series[] = [{}];
  const bands: uPlot.Band[] = [];
  for (const line of model.lines) {
    const colour = seriesColour(palette, line.colorIndex);
    series[line.valueIndex] = { label: line.name, scale: line.scaleKey, stroke: colour, width: 1.5, points: { show: false } };
    if (line.envelope) {
      const edge: uPlot.Series = { label: `${line.name} min/max`, scale: line.scaleKey, stroke: withAlpha(colour, 0.35), width: 0.5, points: { show: false } };
      series[line.envelope.minIndex] = edge;
      series[line.envelope.maxIndex] = { ...edge };
      bands.push({ series: [line.envelope.maxIndex, line.envelope.minIndex], fill: withAlpha(colour, 0.16) });
    }
  }
  const scales: uPlot.Scales = {
    x: {
      time: true,
      range: () => {
        const range = input.getRange();
        return [range.start, range.end];
      },
    },
  };
  for (const axis of model.axes) scales[axis.scaleKey] = { range: (_u, min, max) => unitRange(axis, model.lines, min, max) };
  const axisStyle = { stroke: palette.muted, grid: { stroke: palette.grid, width: 1 }, ticks: { stroke: palette.grid, width: 1 } };
  const axes: uPlot.Axis[] = [
    axisStyle,
    ...model.axes.map((axis, index): uPlot.Axis => ({
      ...axisStyle,
      scale: axis.scaleKey,
      side: axis.side,
      label: axis.uom || undefined,
      labelSize: axis.uom ? 18 : 0,
      size: 56,
      grid: { ...axisStyle.grid, show: index === 0 },
      values: (_u, splits) => splits.map(formatValue),
    })),
  ];
  const plotRect = (u: uPlot) => input.onPlotRect({ left: Number.parseFloat(u.over.style.left) || 0, width: Number.parseFloat(u.over.style.width) || 0 });
  return {
    width: input.width,
    height: input.height,
    ms: 1,
    legend: { show: false },
    series,
    bands,
    scales,
    axes,
    cursor: { y: false, drag: { x: true, y: false, setScale: false } },
    hooks: {
      // Before the series, so the lines stay on top of the shading.
      drawClear: [(u) => drawLimits(u, model.lines, palette)],
      setCursor: [(u) => input.onCursor(u.cursor.idx ?? null, u.cursor.left ?? 0)],
      setSelect: [
        (u) => {
          if (u.select.width > 3) {
            const start = u.posToVal(u.select.left, 'x');
            const end = u.posToVal(u.select.left + u.select.width, 'x');
            input.onSelect({ start: Math.round(start), end: Math.round(end) });
          }
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
        },
      ],
      ready: [plotRect],
      setSize: [plotRect],
    },
  };
}
