import { http, HttpResponse } from 'msw';
import type { Job, TaskSchedulerMeasurement, TaskSchedulerOccurrence, TaskSchedulerRead } from '../../../../api/generated/historian.gen';
import { isRecord } from '../../../../lib/formConversion';

// Fixture factories and an in-memory msw server of the task scheduler pages (STYLE §16).

let counter = 0;

export const aTaskScheduler = (overrides: Partial<TaskSchedulerRead> = {}): TaskSchedulerRead => {
  counter += 1;
  return {
    UUID: `eeeeeeee-eeee-4eee-8eee-${String(counter).padStart(12, '0')}`,
    OrganizationUUID: '22222222-2222-4222-8222-222222222222',
    Name: `Export ${counter}`,
    Description: '',
    RRule: 'FREQ=DAILY;BYHOUR=2;BYMINUTE=0',
    Timezone: 'Europe/Amsterdam',
    TaskType: 'parquet_export',
    State: 'running',
    Settings: { StartOffset: '0s', Period: '1d', FileInterval: '1h', Directory: 'daily', AllowOverwrite: false, MeasurementUUIDs: [], Labels: [] },
    NextRunAt: '2027-03-28T01:00:00.000Z',
    LastRunAt: null,
    ...overrides,
  };
};

export const aMeasurement = (name: string, n: number): TaskSchedulerMeasurement => ({ UUID: `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`, Name: name });

/** Ten daily runs at 02:30 in Amsterdam from 27 March 2027: the third falls in the spring-forward gap. */
export const springPreview = (): TaskSchedulerOccurrence[] =>
  Array.from({ length: 10 }, (_, i) => {
    const day = 26 + i;
    const summer = day >= 28;
    const date = new Date(Date.UTC(2027, 2, day, summer ? 0 : 1, 30));
    const local = new Date(Date.UTC(2027, 2, day, 2, 30)).toISOString().slice(0, 19);
    return { At: day === 28 ? new Date(Date.UTC(2027, 2, 28, 1, 30)).toISOString() : date.toISOString(), Local: local, Dst: day === 28 ? 'gap' : 'none' };
  });

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export const problem = (status: number, detail: string, errors?: Record<string, string[]>) =>
  HttpResponse.json({ title: 'Problem', status, detail, errors }, { status, headers: { 'content-type': 'application/problem+json' } });

/** An in-memory server of /api/task-schedulers that records what it was asked. */
export function taskSchedulerHandlers(initial: TaskSchedulerRead[], measurements: TaskSchedulerMeasurement[] = [], preview = springPreview(), jobs: Job[] = []) {
  let schedulers = [...initial];
  const requests: RecordedRequest[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json().catch(() => undefined);
    requests.push({ method: request.method, path: url.pathname, query: url.searchParams, body });
    return { url, body };
  };
  const handlers = [
    http.get('/api/table_setting/', () => HttpResponse.json([])),
    http.get('/api/translations/:lng/:ns', () => HttpResponse.json([])),
    http.get('/api/jobs', async ({ request }) => {
      const { url } = await record(request);
      const scheduler = url.searchParams.get('TaskSchedulerUUID');
      const found = jobs.filter((job) => scheduler === null || job.TaskSchedulerUUID === scheduler);
      return HttpResponse.json(found, { headers: { 'x-total-count': String(found.length) } });
    }),
    http.get('/api/task-schedulers/preview', async ({ request }) => {
      const { url } = await record(request);
      if (url.searchParams.get('RRule')?.includes('BOGUS')) return problem(400, 'The schedule is not valid', { RRule: ['FREQ=BOGUS is not a valid value'] });
      return HttpResponse.json({ Occurrences: preview });
    }),
    http.get('/api/task-schedulers/measurements', async ({ request }) => {
      await record(request);
      return HttpResponse.json(measurements);
    }),
    http.get('/api/task-schedulers', async ({ request }) => {
      const { url } = await record(request);
      const keyword = url.searchParams.get('Keyword')?.toLowerCase() ?? '';
      const found = schedulers.filter((s) => s.Name.toLowerCase().includes(keyword));
      return HttpResponse.json(found, { headers: { 'x-total-count': String(found.length) } });
    }),
    http.get('/api/task-schedulers/:id', async ({ request, params }) => {
      await record(request);
      const found = schedulers.find((s) => s.UUID === params.id);
      return found ? HttpResponse.json(found) : problem(404, 'No such task scheduler');
    }),
    http.post('/api/task-schedulers', async ({ request }) => {
      const { body } = await record(request);
      const base = aTaskScheduler();
      const created = { ...base, Name: isRecord(body) && typeof body.Name === 'string' ? body.Name : base.Name };
      schedulers = [...schedulers, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/api/task-schedulers/:id', async ({ request, params }) => {
      const { body } = await record(request);
      const state = isRecord(body) && body.State === 'stopped' ? 'stopped' : 'running';
      schedulers = schedulers.map((s) => (s.UUID === params.id ? { ...s, State: state, NextRunAt: state === 'stopped' ? null : s.NextRunAt } : s));
      return HttpResponse.json(schedulers.find((s) => s.UUID === params.id));
    }),
    http.delete('/api/task-schedulers/:id', async ({ request, params }) => {
      await record(request);
      schedulers = schedulers.filter((s) => s.UUID !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/task-schedulers/:id/run', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ JobUUID: '99999999-9999-4999-8999-999999999999', Created: true }, { status: 202 });
    }),
  ];
  return { handlers, requests, calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path) };
}
