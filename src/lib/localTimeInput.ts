// Instants as the values of datetime-local inputs (the user's wall time) and back: shared by the
// trend's range picker, the events dialogs and the manual entry view.

/** An instant as the value of a datetime-local input, to the second (or to the minute). */
export function toLocalInput(time: number, precision: 'second' | 'minute' = 'second'): string {
  const date = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, precision === 'second' ? 19 : 16);
}

/** A datetime-local value as an instant; null when empty or not a time. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}
