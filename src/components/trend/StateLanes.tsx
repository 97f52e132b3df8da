import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from './trendAddress';
import { MIXED_STATE, type LaneSegment, type TrendLane } from './trendData';
import { seriesColour, withAlpha, type TrendPalette } from './trendPalette';

interface StateLanesProps {
  lanes: TrendLane[];
  range: TimeRange;
  /** The plot area of the chart above, so that a lane's time lines up with the chart's. */
  plot: { left: number; width: number };
  palette: TrendPalette;
  formatTime: (time: number) => string;
}

const OFF_STATES = new Set(['false', '0']);

/** Segments narrower than a pixel are merged into one mixed block, so a busy lane stays a few DOM nodes. */
export function laneBlocks(segments: LaneSegment[], range: TimeRange, widthPx: number): LaneSegment[] {
  const pxPerMs = widthPx / (range.end - range.start);
  const blocks: LaneSegment[] = [];
  for (const segment of segments) {
    const previous = blocks.at(-1);
    const narrow = (segment.end - segment.start) * pxPerMs < 1 || (previous !== undefined && (previous.end - previous.start) * pxPerMs < 1);
    if (previous && narrow && (segment.start - previous.end) * pxPerMs < 1) {
      previous.end = segment.end;
      if (previous.value !== segment.value) previous.value = MIXED_STATE;
    } else {
      blocks.push({ ...segment });
    }
  }
  return blocks;
}

/** A string lane gives each of its values a colour of its own, from the lane's colour on. */
function valueColours(lane: TrendLane, palette: TrendPalette): Map<string, string> {
  const colours = new Map<string, string>();
  for (const segment of lane.segments) {
    if (OFF_STATES.has(segment.value) || segment.value === MIXED_STATE || segment.value === 'true' || colours.has(segment.value)) continue;
    colours.set(segment.value, seriesColour(palette, lane.colorIndex + colours.size));
  }
  return colours;
}

/** Booleans and strings under the chart: one coloured segment per state, its value and times on hover. */
function StateLanesView({ lanes, range, plot, palette, formatTime }: StateLanesProps) {
  const { t } = useTranslation();
  if (lanes.length === 0 || plot.width <= 0) return null;
  const span = range.end - range.start;
  const position = (time: number) => Math.min(1, Math.max(0, (time - range.start) / span));
  return (
    <ul className="trend-lanes" aria-label={t('trend.chart.lanes')}>
      {lanes.map((lane) => {
        const colour = seriesColour(palette, lane.colorIndex);
        const states = valueColours(lane, palette);
        return (
          <li key={lane.measurementUuid} className="trend-lane">
            <span className="trend-lane-label" title={lane.name} style={{ left: plot.left, maxWidth: plot.width }}>
              {lane.name}
            </span>
            <div className="trend-lane-track" style={{ left: plot.left, width: plot.width }}>
              {laneBlocks(lane.segments, range, plot.width).map((segment) => {
                const left = position(segment.start);
                const width = position(segment.end) - left;
                if (width <= 0) return null;
                const off = OFF_STATES.has(segment.value);
                const mixed = segment.value === MIXED_STATE;
                const background = off ? 'transparent' : mixed ? withAlpha(colour, 0.45) : (states.get(segment.value) ?? colour);
                return (
                  <span
                    key={segment.start}
                    className={off ? 'trend-lane-segment off' : 'trend-lane-segment'}
                    style={{ left: `${left * 100}%`, width: `${width * 100}%`, background }}
                    title={`${lane.name}: ${segment.value} (${formatTime(segment.start)} – ${formatTime(segment.end)})`}
                  >
                    {width * plot.width > 40 ? segment.value : null}
                  </span>
                );
              })}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Memoised: the cursor tooltip re-renders the chart at every mouse move, the lanes need not follow. */
export const StateLanes = memo(StateLanesView);
