import { http, HttpResponse } from 'msw';
import type { Event, EventConfigurationRead, EventPropertyConfigurationRead } from '../../../../api/generated/historian.gen';
import { noTranslationOverrides } from '../../../../testing/licence';
import { server } from '../../../../testing/server';

// Fixture factories and msw handlers of the events pages, in the contract's shapes.

export const CONFIGURATION_UUID = 'c0000000-0000-4000-8000-000000000001';
export const ASSET_UUID = 'a0000000-0000-4000-8000-000000000001';
export const TYPE_UUID = 'e0000000-0000-4000-8000-000000000001';

let counter = 0;
export const anEvent = (overrides: Partial<Event> = {}): Event => {
  counter += 1;
  return {
    UUID: `ee000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    EventConfigurationUUID: CONFIGURATION_UUID,
    AssetUUID: ASSET_UUID,
    AssetPath: 'Plant/Line 1/Mixer',
    EventTypeUUID: TYPE_UUID,
    EventTypeName: 'Batch',
    ParentUUID: null,
    ParentState: 'none',
    StartTime: '2026-11-20T10:00:00.000Z',
    StopTime: '2026-11-20T11:00:00.000Z',
    Duration: 3600,
    Status: 'processed',
    Source: 'auto',
    Properties: {},
    ...overrides,
  };
};

export const aConfiguration = (overrides: Partial<EventConfigurationRead> = {}): EventConfigurationRead => ({
  UUID: CONFIGURATION_UUID,
  AssetUUID: ASSET_UUID,
  AssetPath: 'Plant/Line 1/Mixer',
  EventTypeUUID: TYPE_UUID,
  EventTypeName: 'Batch',
  StartSource: 'manual',
  State: 'stopped',
  ...overrides,
});

export const aPropertyConfiguration = (overrides: Partial<EventPropertyConfigurationRead> = {}): EventPropertyConfigurationRead => ({
  UUID: 'f0000000-0000-4000-8000-000000000001',
  EventConfigurationUUID: CONFIGURATION_UUID,
  EventTypePropertyUUID: 'd0000000-0000-4000-8000-000000000001',
  PropertyName: 'Temperature',
  PropertyType: 'simple',
  Datatype: 'number',
  Mode: 'manual',
  Priority: 0,
  ...overrides,
});

export const problem = (status: number, title: string, extra: Record<string, unknown> = {}) => HttpResponse.json({ title, status, ...extra }, { status, headers: { 'content-type': 'application/problem+json' } });

export interface EventServer {
  lists: URLSearchParams[];
  merged: string[];
  splits: { id: string; body: unknown }[];
  created: unknown[];
  updates: { id: string; body: unknown }[];
}

export interface EventServerOptions {
  configurations?: EventConfigurationRead[];
  propertyConfigurations?: EventPropertyConfigurationRead[];
  mergeAnswer?: () => Response;
  splitAnswer?: () => Response;
  createAnswer?: () => Response;
}

/** The events calls as the server answers them: pages of `Limit` out of `events`, in the order given. */
export function eventServer(events: Event[], options: EventServerOptions = {}): EventServer {
  const seen: EventServer = { lists: [], merged: [], splits: [], created: [], updates: [] };
  server.use(
    noTranslationOverrides(),
    http.get('/api/table_setting/', () => HttpResponse.json(null)),
    http.get('/api/event-configurations', () => HttpResponse.json(options.configurations ?? [aConfiguration()], { headers: { 'x-total-count': String((options.configurations ?? [0]).length) } })),
    http.get('/api/event-property-configurations', () => HttpResponse.json(options.propertyConfigurations ?? [])),
    http.get('/api/events', ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.lists.push(params);
      // The merge dialog asks for the events of a configuration before a time.
      const before = params.get('StopTime');
      const found = before && params.getAll('EventConfigurationUUIDs[]').length > 0 ? events.filter((event) => Date.parse(event.StartTime) < Date.parse(before)) : events;
      const page = Number(params.get('Page') ?? 1);
      const size = Number(params.get('Limit') ?? 1000);
      return HttpResponse.json(found.slice((page - 1) * size, page * size), { headers: { 'x-total-count': String(found.length) } });
    }),
    http.get('/api/events/:id', ({ params }) => {
      const found = events.find((event) => event.UUID === params.id);
      return found ? HttpResponse.json(found) : problem(404, 'No such event');
    }),
    http.post('/api/events/:id/merge', ({ params }) => {
      seen.merged.push(String(params.id));
      return options.mergeAnswer?.() ?? HttpResponse.json(events.find((event) => event.UUID === params.id));
    }),
    http.post('/api/events/:id/split', async ({ params, request }) => {
      seen.splits.push({ id: String(params.id), body: await request.json() });
      const found = events.find((event) => event.UUID === params.id);
      return options.splitAnswer?.() ?? HttpResponse.json([found, found]);
    }),
    http.put('/api/events/:id', async ({ params, request }) => {
      const body: unknown = await request.json();
      seen.updates.push({ id: String(params.id), body });
      return HttpResponse.json(events.find((event) => event.UUID === params.id));
    }),
    http.post('/api/events', async ({ request }) => {
      const body: unknown = await request.json();
      seen.created.push(body);
      if (options.createAnswer) return options.createAnswer();
      const created = anEvent({ Source: 'manual', Status: 'pending' });
      events.unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
  );
  return seen;
}
