import { act, renderHook } from '@testing-library/react';
import { delayToNext, MAX_GAP_MS, usePlayback } from './usePlayback';

describe('playing a recording', () => {
  it('waits the recorded spacing divided by the speed, long idle gaps cut to the maximum', () => {
    const times = [0, 1_000, 3_000, 3_000 + 60_000];
    expect(delayToNext(times, 0, 1)).toBe(0);
    expect(delayToNext(times, 1, 1)).toBe(1_000);
    expect(delayToNext(times, 2, 4)).toBe(500);
    expect(delayToNext(times, 1, 0.5)).toBe(2_000);
    expect(delayToNext(times, 3, 1)).toBe(MAX_GAP_MS);
  });

  it('advances step by step at the chosen speed and stops at the last action', () => {
    jest.useFakeTimers();
    try {
      const { result } = renderHook(() => usePlayback([0, 1_000, 3_000]));
      act(() => result.current.setSpeed(2));
      act(() => result.current.play());
      act(() => jest.advanceTimersByTime(0));
      expect(result.current.step).toBe(1);
      act(() => jest.advanceTimersByTime(499));
      expect(result.current.step).toBe(1);
      act(() => jest.advanceTimersByTime(1));
      expect(result.current.step).toBe(2);
      act(() => jest.advanceTimersByTime(1_000));
      expect(result.current.step).toBe(3);
      expect(result.current.playing).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('pauses when the user steps or jumps, and starts over when played at the end', () => {
    jest.useFakeTimers();
    try {
      const { result } = renderHook(() => usePlayback([0, 100]));
      act(() => result.current.play());
      act(() => result.current.goTo(2));
      expect(result.current.playing).toBe(false);
      act(() => result.current.goTo(1));
      act(() => jest.advanceTimersByTime(1_000));
      expect(result.current.step).toBe(1);
      act(() => result.current.goTo(99));
      expect(result.current.step).toBe(2);
      act(() => result.current.play());
      expect(result.current.step).toBe(0);
      expect(result.current.playing).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
