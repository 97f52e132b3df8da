import { useEffect, useState } from 'react';

export const SPEEDS = [0.5, 1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];

/** An idle user (minutes between two clicks) is not worth waiting for at any speed. */
export const MAX_GAP_MS = 10_000;

/** How long to wait on `step` before showing the next one: the recorded spacing divided by the speed. */
export function delayToNext(times: readonly number[], step: number, speed: number): number {
  const from = step === 0 ? 0 : times[step - 1];
  const gap = Math.min(Math.max(0, times[step] - from), MAX_GAP_MS);
  return gap / speed;
}

export interface Playback {
  step: number;
  playing: boolean;
  speed: Speed;
  goTo: (step: number) => void;
  play: () => void;
  pause: () => void;
  setSpeed: (speed: Speed) => void;
}

/** Step 0 is the initial state, step k the state after the k-th of `times.length` actions. */
export function usePlayback(times: readonly number[]): Playback {
  const last = times.length;
  const [step, setStep] = useState(0);
  const [playRequested, setPlayRequested] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const playing = playRequested && step < last;

  useEffect(() => {
    if (!playing) return undefined;
    const timer = setTimeout(() => setStep((s) => Math.min(s + 1, last)), delayToNext(times, step, speed));
    return () => clearTimeout(timer);
  }, [playing, step, speed, times, last]);

  return {
    step,
    playing,
    speed,
    // A step or jump by hand takes over from playing.
    goTo: (target) => {
      setPlayRequested(false);
      setStep(Math.min(Math.max(0, target), last));
    },
    play: () => {
      // Play at the end starts over.
      if (step >= last) setStep(0);
      setPlayRequested(true);
    },
    pause: () => setPlayRequested(false),
    setSpeed,
  };
}
