import { useEffect, useState, type RefObject } from 'react';
import { subscribeToTheme } from '../../lib/theme';

// Canvas cannot read CSS custom properties: the theme's colours are resolved here, and again when
// the theme changes (a choice in the console, or the system's setting when it decides).

export const SERIES_COLOURS = 8;

export interface TrendPalette {
  series: string[];
  text: string;
  muted: string;
  grid: string;
  danger: string;
  surface: string;
}

const FALLBACK: TrendPalette = {
  series: ['#0b5cad', '#c2410c', '#15803d', '#7e22ce', '#be123c', '#0e7490', '#a16207', '#4d7c0f'],
  text: '#1b2430',
  muted: '#5a6675',
  grid: '#d3d9e1',
  danger: '#b3261e',
  surface: '#ffffff',
};

export function readPalette(element: Element): TrendPalette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    series: FALLBACK.series.map((colour, index) => read(`--trend-series-${index + 1}`, colour)),
    text: read('--color-text', FALLBACK.text),
    muted: read('--color-text-muted', FALLBACK.muted),
    grid: read('--color-border', FALLBACK.grid),
    danger: read('--color-danger', FALLBACK.danger),
    surface: read('--color-surface', FALLBACK.surface),
  };
}

export const seriesColour = (palette: TrendPalette, colorIndex: number) => palette.series[colorIndex % palette.series.length];

/** A colour with an alpha, for fills (`#rrggbb` → `rgb(r g b / a)`); other notations go through color-mix. */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (!hex) return `color-mix(in srgb, ${colour} ${Math.round(alpha * 100)}%, transparent)`;
  const value = Number.parseInt(hex[1], 16);
  return `rgb(${(value >> 16) & 255} ${(value >> 8) & 255} ${value & 255} / ${alpha})`;
}

const samePalette = (a: TrendPalette, b: TrendPalette) => JSON.stringify(a) === JSON.stringify(b);

export function useTrendPalette(ref: RefObject<Element | null>): TrendPalette {
  const [palette, setPalette] = useState(FALLBACK);
  useEffect(() => {
    const update = () => {
      if (!ref.current) return;
      const next = readPalette(ref.current);
      setPalette((current) => (samePalette(current, next) ? current : next));
    };
    update();
    const unsubscribe = subscribeToTheme(update);
    const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
    media?.addEventListener('change', update);
    return () => {
      unsubscribe();
      media?.removeEventListener('change', update);
    };
  }, [ref]);
  return palette;
}
