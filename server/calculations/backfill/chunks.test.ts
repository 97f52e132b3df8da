import type { CalculatedPoint, CalculationDefinition } from '../engine/types';
import { CHUNK_MS, SHORT_CHUNK_MS, chunkBounds, chunkLengthOf, diffChunk } from './chunks';

// How a backfill cuts its range (README.md): chunk lengths that bound the windows of a chunk, bounds
// on multiples of the length, and the comparison of new points with stored ones by time.

const calc = (overrides: Partial<CalculationDefinition>): CalculationDefinition => ({
  uuid: 'c',
  organizationUuid: 'o',
  name: 'C',
  datatype: 'number',
  databaseUuid: null,
  status: 'Active',
  collectorUuid: 'k',
  type: 'sampled',
  intervalMs: 60_000,
  offsetMs: 0,
  evaluateInsufficientData: false,
  inputs: [],
  script: '1',
  ...overrides,
});

const point = (time: number, value: number, quality = 192): CalculatedPoint => ({ time, value, status: quality === 192 ? 'Good' : 'Bad', quality, tags: {} });

describe('chunk length', () => {
  it('is 6 hours for minute windows, 1 hour for second windows or a raw calculation', () => {
    expect(chunkLengthOf([calc({ intervalMs: 60_000 })])).toBe(CHUNK_MS);
    expect(chunkLengthOf([calc({ intervalMs: 60_000 }), calc({ intervalMs: 1_000 })])).toBe(SHORT_CHUNK_MS);
    expect(chunkLengthOf([calc({ type: 'raw', intervalMs: 0 })])).toBe(SHORT_CHUNK_MS);
  });

  it('holds a whole window of the longest interval', () => {
    expect(chunkLengthOf([calc({ intervalMs: 86_400_000 })])).toBe(86_400_000);
    expect(chunkLengthOf([calc({ intervalMs: 1_000 }), calc({ intervalMs: 5_400_000 })])).toBe(2 * SHORT_CHUNK_MS);
  });
});

describe('chunk bounds', () => {
  it('start at the range, fall on multiples of the length between, and end at the range', () => {
    const hour = 3_600_000;
    expect(chunkBounds(30 * 60_000, 3 * hour + 60_000, hour)).toEqual([30 * 60_000, hour, 2 * hour, 3 * hour, 3 * hour + 60_000]);
    expect(chunkBounds(hour, 2 * hour, hour)).toEqual([hour, 2 * hour]);
  });
});

describe('diff of a chunk', () => {
  it('counts added, changed (value or status), unchanged and stored-only points by time', () => {
    const stored = [
      { time: new Date(1_000), value: 1, quality: 192 },
      { time: new Date(2_000), value: 2 },
      { time: new Date(3_000), value: 3, quality: 192 },
      { time: new Date(4_000), value: 4, quality: 192 },
    ];
    const fresh = [point(1_000, 1), point(2_000, 2), point(3_000, 3, 0), point(4_000, 40), point(5_000, 5)];
    const diff = diffChunk(fresh, stored);
    expect(diff).toMatchObject({ added: 1, changed: 2, unchanged: 2, onlyOld: 0 });
    expect(diff.differences).toEqual([
      { T: 3_000, Old: 3, New: 3 },
      { T: 4_000, Old: 4, New: 40 },
      { T: 5_000, Old: null, New: 5 },
    ]);
    expect(diffChunk([point(1_000, 1)], stored)).toMatchObject({ unchanged: 1, onlyOld: 3 });
  });
});
