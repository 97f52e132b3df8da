import { isRecordingRequested } from './recordFlag';

describe('?record=1 switches the recorder on at start-up', () => {
  it('is read before the # or inside the hash route', () => {
    expect(isRecordingRequested({ search: '?record=1', hash: '#/collectors' })).toBe(true);
    expect(isRecordingRequested({ search: '', hash: '#/collectors?status=Active&record=1' })).toBe(true);
  });

  it('is off without it, or with any other value', () => {
    expect(isRecordingRequested({ search: '', hash: '#/collectors' })).toBe(false);
    expect(isRecordingRequested({ search: '?record=0', hash: '#/?record=true' })).toBe(false);
  });
});
