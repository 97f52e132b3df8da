// Dates and times shown outside the data table's own cells, in the user's locale through Intl
// (the table formats its Date and number values the same way, components/DataTable/cells.tsx).

export const formatDateTime = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
