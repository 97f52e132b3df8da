/** An instant as the value of a datetime-local input (local wall time, to the second). */
export function toLocalInput(time: number): string {
  const date = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 19);
}

/** A datetime-local value as an instant; null when empty or not a time. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}
