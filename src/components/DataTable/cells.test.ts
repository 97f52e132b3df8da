import type { TFunction } from 'i18next';
import { formatValue } from './cells';

const t = ((key: string) => key) as unknown as TFunction;

describe('a data cell\'s default text', () => {
  it('writes dates and numbers in the user\'s locale, through Intl', () => {
    const date = new Date(Date.UTC(2026, 10, 26, 9, 5));
    expect(formatValue(date, t, 'de')).toBe(new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(date));
    expect(formatValue(date, t, 'de')).toMatch(/^26\.11\.2026/);
    expect(formatValue(date, t, 'en')).toMatch(/^Nov 26, 2026/);
    expect(formatValue(1234.5, t, 'de')).toBe('1.234,5');
    expect(formatValue(1234.5, t, 'en')).toBe('1,234.5');
  });

  it('keeps yes/no, text and empty values as before', () => {
    expect(formatValue(true, t, 'de')).toBe('general.yes');
    expect(formatValue('Line 1', t, 'de')).toBe('Line 1');
    expect(formatValue(undefined, t, 'de')).toBeNull();
  });
});
