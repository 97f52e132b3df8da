import { eventSeconds, formatEventDuration } from './duration';

describe('event duration', () => {
  it('shows at most two units, the largest first', () => {
    expect(formatEventDuration(45, 'en')).toBe('45s');
    expect(formatEventDuration(2 * 3600 + 5 * 60 + 7, 'en')).toBe('2h 5m');
    expect(formatEventDuration(3 * 86_400 + 4 * 3600 + 59, 'en')).toBe('3d 4h');
    expect(formatEventDuration(0, 'en')).toBe('0s');
  });

  it('leaves out a zero unit after the largest', () => {
    expect(formatEventDuration(3600 + 12, 'en')).toBe('1h');
    expect(formatEventDuration(86_400, 'en')).toBe('1d');
  });

  it('counts an open event until now', () => {
    expect(eventSeconds('2026-11-20T10:00:00Z', null, Date.parse('2026-11-20T10:30:00Z'))).toBe(1800);
    expect(eventSeconds('2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z')).toBe(3600);
  });
});
