import { http, HttpResponse } from 'msw';
import type { ManualEntryColumn, ManualEntryEntries, ManualEntryEventRow, ManualEntryFormRead, ManualEntryValueRow } from '../../../../api/generated/historian.gen';
import { noTranslationOverrides } from '../../../../testing/licence';
import { server } from '../../../../testing/server';

// Fixture factories and msw handlers of the operator view, in the contract's shapes.

export const FORM_UUID = 'f0000000-0000-4000-8000-000000000001';
export const TYPE_UUID = 'e0000000-0000-4000-8000-000000000001';
export const TEMPERATURE = 'p0000000-0000-4000-8000-000000000001';
export const GRADE = 'p0000000-0000-4000-8000-000000000002';
export const CURVE = 'p0000000-0000-4000-8000-000000000003';
export const DONE = 'p0000000-0000-4000-8000-000000000004';
export const LEVEL = 'a0000000-0000-4000-8000-000000000001';
export const FLOW = 'a0000000-0000-4000-8000-000000000002';

const HOUR = 3_600_000;
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

export const aForm = (overrides: Partial<ManualEntryFormRead> = {}): ManualEntryFormRead => ({
  UUID: FORM_UUID,
  Name: 'Batch log',
  Type: 'Events',
  DefaultTimeRange: '24h',
  MaxTimeRange: '7d',
  AutoRefreshInterval: '0s',
  MaxEditAge: '24h',
  MaxElevatedEditAge: '48h',
  Config: {},
  Access: { Level: 'default', CanManage: false },
  ...overrides,
});

export const aColumn = (overrides: Partial<ManualEntryColumn> = {}): ManualEntryColumn => ({
  Key: TEMPERATURE,
  Name: 'Temperature',
  Group: 'Batch',
  EventTypeUUID: TYPE_UUID,
  Datatype: 'number',
  Kind: 'simple',
  Editable: true,
  Unit: '°C',
  ...overrides,
});

let counter = 0;
export const anEventRow = (overrides: Partial<ManualEntryEventRow> = {}): ManualEntryEventRow => {
  counter += 1;
  return {
    UUID: `ee000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    EventConfigurationUUID: 'c0000000-0000-4000-8000-000000000001',
    EventTypeUUID: TYPE_UUID,
    AssetLabel: 'Mixer 1',
    StartTime: hoursAgo(2),
    StopTime: hoursAgo(1),
    Status: 'incomplete',
    Cells: {},
    ...overrides,
  };
};

export const eventsEntries = (events: ManualEntryEventRow[], overrides: Partial<ManualEntryEntries> = {}): ManualEntryEntries => ({
  Type: 'Events',
  Level: 'default',
  EditableFrom: hoursAgo(24),
  EditLimit: '24h',
  From: hoursAgo(24),
  To: hoursAgo(0),
  Columns: [
    aColumn(),
    aColumn({ Key: GRADE, Name: 'Grade', Datatype: 'string', Unit: undefined, PossibleValues: [{ Label: 'Prime', Value: 'A' }, { Label: 'Second', Value: 'B' }] }),
    aColumn({ Key: DONE, Name: 'Checked', Datatype: 'boolean', Unit: undefined }),
    aColumn({ Key: CURVE, Name: 'Curve', Kind: 'periodic', Editable: false }),
  ],
  Events: events,
  ...overrides,
});

export const aValueRow = (Timestamp: string, Cells: ManualEntryValueRow['Cells'] = {}): ManualEntryValueRow => ({ Timestamp, Cells });

export const valuesEntries = (rows: ManualEntryValueRow[], overrides: Partial<ManualEntryEntries> = {}): ManualEntryEntries => ({
  Type: 'Asset Properties',
  Level: 'default',
  EditableFrom: hoursAgo(24),
  EditLimit: '24h',
  From: hoursAgo(24),
  To: hoursAgo(0),
  Columns: [
    { Key: LEVEL, Name: 'Level', Group: 'Tank 1', Datatype: 'number', Kind: 'simple', Editable: true, Unit: 'm' },
    { Key: FLOW, Name: 'Flow', Group: 'Tank 1', Datatype: 'number', Kind: 'simple', Editable: true, Unit: 'm³/h' },
  ],
  Rows: rows,
  ...overrides,
});

export const problem = (status: number, body: Record<string, unknown>) => HttpResponse.json({ title: 'Refused', status, ...body }, { status, headers: { 'content-type': 'application/problem+json' } });

type Responder = (body: unknown, eventId?: string) => Response | Promise<Response>;

export interface ViewServer {
  /** The From/To of every entries call. */
  reads: URLSearchParams[];
  /** The bodies of the writes, in order (events and values alike). */
  writes: { eventId?: string; body: unknown }[];
  setEntries: (entries: ManualEntryEntries) => void;
  /** How the next writes are answered (default: 200 with the row). */
  answerWrites: (responder: Responder) => void;
}

export function viewServer(form: ManualEntryFormRead, initial: ManualEntryEntries): ViewServer {
  let entries = initial;
  let responder: Responder = (_body, eventId) =>
    eventId ? HttpResponse.json((entries.Events ?? []).find((event) => event.UUID === eventId) ?? anEventRow()) : HttpResponse.json({ Written: 1, Rows: [] });
  const state: ViewServer = {
    reads: [],
    writes: [],
    setEntries: (next) => {
      entries = next;
    },
    answerWrites: (next) => {
      responder = next;
    },
  };
  server.use(
    noTranslationOverrides(),
    // A 403 makes the app read the caller's own access again (src/state/ownAccess.ts).
    http.get('/api/current-user/privileges', () => HttpResponse.json([])),
    http.get('/api/current-user/manual-entry-form-privileges', () => HttpResponse.json([])),
    http.get('/api/current-user/organizations', () => HttpResponse.json([])),
    http.get('/api/manual-entry-forms/:id', () => HttpResponse.json(form)),
    http.get('/api/manual-entry-forms/:id/entries', ({ request }) => {
      state.reads.push(new URL(request.url).searchParams);
      return HttpResponse.json(entries);
    }),
    http.put('/api/manual-entry-forms/:id/events/:eventId', async ({ request, params }) => {
      const body: unknown = await request.json();
      const eventId = String(params.eventId);
      state.writes.push({ eventId, body });
      return responder(body, eventId);
    }),
    http.post('/api/manual-entry-forms/:id/values', async ({ request }) => {
      const body: unknown = await request.json();
      state.writes.push({ body });
      return responder(body);
    }),
  );
  return state;
}
