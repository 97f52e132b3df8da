import type { Event } from '../../../api/generated/historian.gen';

export interface TimelineLane {
  configurationUuid: string;
  typeName: string;
  events: Event[];
}

export interface TimelineAsset {
  assetUuid: string;
  assetPath: string;
  lanes: TimelineLane[];
}

/** Per asset (by path), one lane per event configuration (by type name), events by start. */
export function timelineLanes(events: readonly Event[]): TimelineAsset[] {
  const assets = new Map<string, TimelineAsset>();
  for (const event of events) {
    let asset = assets.get(event.AssetUUID);
    if (!asset) {
      asset = { assetUuid: event.AssetUUID, assetPath: event.AssetPath, lanes: [] };
      assets.set(event.AssetUUID, asset);
    }
    let lane = asset.lanes.find((item) => item.configurationUuid === event.EventConfigurationUUID);
    if (!lane) {
      lane = { configurationUuid: event.EventConfigurationUUID, typeName: event.EventTypeName, events: [] };
      asset.lanes.push(lane);
    }
    lane.events.push(event);
  }
  const list = [...assets.values()].sort((a, b) => a.assetPath.localeCompare(b.assetPath));
  for (const asset of list) {
    asset.lanes.sort((a, b) => a.typeName.localeCompare(b.typeName));
    for (const lane of asset.lanes) lane.events.sort((a, b) => Date.parse(a.StartTime) - Date.parse(b.StartTime));
  }
  return list;
}

/** A bar's place in the range, as fractions of its width; null when it is outside. */
export function barPlace(event: Event, range: { start: number; end: number }, now: number): { left: number; width: number } | null {
  const span = range.end - range.start;
  if (span <= 0) return null;
  const from = Math.max(range.start, Date.parse(event.StartTime));
  const to = Math.min(range.end, event.StopTime ? Date.parse(event.StopTime) : now);
  if (to < range.start || from > range.end || to < from) return null;
  return { left: (from - range.start) / span, width: (to - from) / span };
}

/** About `count` evenly spaced round times inside the range, for the axis. */
export function axisTicks(range: { start: number; end: number }, count = 6): number[] {
  const steps = [60_000, 300_000, 900_000, 1_800_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000, 86_400_000, 2 * 86_400_000, 7 * 86_400_000, 30 * 86_400_000];
  const span = range.end - range.start;
  const step = steps.find((candidate) => span / candidate <= count) ?? steps[steps.length - 1];
  const ticks: number[] = [];
  for (let tick = Math.ceil(range.start / step) * step; tick <= range.end; tick += step) ticks.push(tick);
  return ticks;
}
