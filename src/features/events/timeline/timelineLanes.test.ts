import { anEvent } from '../shared/testing/eventFixtures';
import { axisTicks, barPlace, timelineLanes } from './timelineLanes';

const range = { start: Date.parse('2026-11-20T00:00:00Z'), end: Date.parse('2026-11-21T00:00:00Z') };

describe('timeline lanes', () => {
  it('groups per asset by path, one lane per configuration by type name, events by start', () => {
    const late = anEvent({ StartTime: '2026-11-20T12:00:00Z' });
    const early = anEvent({ StartTime: '2026-11-20T02:00:00Z' });
    const oven = anEvent({ AssetUUID: 'oven', AssetPath: 'Plant/Oven', EventConfigurationUUID: 'oven-cip', EventTypeName: 'Cleaning' });
    const shift = anEvent({ EventConfigurationUUID: 'mixer-shift', EventTypeName: 'Alarm' });
    const assets = timelineLanes([late, oven, early, shift]);
    expect(assets.map((asset) => asset.assetPath)).toEqual(['Plant/Line 1/Mixer', 'Plant/Oven']);
    expect(assets[0].lanes.map((lane) => lane.typeName)).toEqual(['Alarm', 'Batch']);
    expect(assets[0].lanes[1].events).toEqual([early, late]);
  });

  it('places a bar by its start and stop, an open one up to now, clipped to the range', () => {
    expect(barPlace(anEvent({ StartTime: '2026-11-20T06:00:00Z', StopTime: '2026-11-20T12:00:00Z' }), range, range.end)).toEqual({ left: 0.25, width: 0.25 });
    expect(barPlace(anEvent({ StartTime: '2026-11-20T18:00:00Z', StopTime: null }), range, Date.parse('2026-11-20T21:00:00Z'))).toEqual({ left: 0.75, width: 0.125 });
    expect(barPlace(anEvent({ StartTime: '2026-11-19T18:00:00Z', StopTime: '2026-11-20T06:00:00Z' }), range, range.end)).toEqual({ left: 0, width: 0.25 });
    expect(barPlace(anEvent({ StartTime: '2026-11-18T00:00:00Z', StopTime: '2026-11-18T06:00:00Z' }), range, range.end)).toBeNull();
  });

  it('ticks the axis at round times', () => {
    expect(axisTicks(range).map((tick) => new Date(tick).toISOString().slice(11, 16))).toEqual(['00:00', '06:00', '12:00', '18:00', '00:00']);
  });
});
