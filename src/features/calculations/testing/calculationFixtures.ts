import { http, HttpResponse } from 'msw';
import type { RootState } from '../../../app/store';
import type { CollectorRead, MeasurementRead } from '../../../api/generated/historian.gen';
import { aPrivilege, aSession, ORG_A_UUID, ROOT_ORG_UUID } from '../../../testing/fixtures';
import { noTranslationOverrides } from '../../../testing/licence';
import { server } from '../../../testing/server';

// Fixtures of the calculation editor's tests (STYLE §16): a calculation collector with the
// calculation settings schema, measurements to read, the state of a manager.

export const CALC_COLLECTOR_UUID = 'c0000000-0000-4000-8000-0000000000c1';
export const CALC_UUID = 'a0000000-0000-4000-8000-0000000000c1';
export const FLOW_UUID = 'a0000000-0000-4000-8000-0000000000f1';
export const LEVEL_UUID = 'a0000000-0000-4000-8000-0000000000f2';
export const STATE_UUID = 'a0000000-0000-4000-8000-0000000000f3';
export const DATABASE_UUID = 'd0000000-0000-4000-8000-000000000001';

export const aCalculationCollector = (): CollectorRead => ({
  UUID: CALC_COLLECTOR_UUID,
  Name: 'Calculations',
  Status: 'Active',
  CollectorType: 'calculation',
  MeasurementSettingsSchema: {
    type: 'object',
    properties: {
      Type: { type: 'string', title: 'Type', enum: ['raw', 'sampled', 'simulation'], default: 'sampled' },
      Interval: { type: 'string', title: 'Interval' },
      IntervalOffset: { type: 'integer', title: 'Interval offset (s)', minimum: 0, maximum: 86_400, default: 0 },
      EvaluateInsufficientData: { type: 'boolean', title: 'Evaluate with missing inputs', default: false },
      Inputs: { type: 'array', title: 'Inputs' },
      Script: { type: 'string', title: 'Script', isMultiLine: true },
    },
    required: ['Type', 'Script'],
  },
});

const base = (overrides: Partial<MeasurementRead>): MeasurementRead => ({
  UUID: FLOW_UUID,
  Name: 'line_1.flow',
  CollectorUUID: 'c0000000-0000-4000-8000-000000000001',
  DatabaseUUID: DATABASE_UUID,
  Datatype: 'number',
  Status: 'Active',
  Settings: {},
  Attributes: { Config: {}, Tags: {}, Metadata: {} },
  Labels: [],
  ...overrides,
});

export const flow = () => base({});
export const level = () => base({ UUID: LEVEL_UUID, Name: 'line_1.level' });
export const runState = () => base({ UUID: STATE_UUID, Name: 'line_1.running', Datatype: 'boolean' });

export const aCalculation = (overrides: Partial<MeasurementRead> = {}): MeasurementRead =>
  base({
    UUID: CALC_UUID,
    Name: 'line_1.yield',
    CollectorUUID: CALC_COLLECTOR_UUID,
    CollectorName: 'Calculations',
    UpdatedAt: '2026-11-26T10:00:00.000Z',
    Settings: { Type: 'sampled', Interval: '1m', IntervalOffset: 0, EvaluateInsufficientData: false, Inputs: [{ Alias: 'A', MeasurementUUID: FLOW_UUID, Aggregation: 'mean' }], Script: 'const x = _A.Value;\nreturn x * 2;' },
    ...overrides,
  });

export function stateWith(privileges = ['READ_MEASUREMENTS', 'MANAGE_MEASUREMENTS', 'READ_COLLECTORS']): Partial<RootState> {
  return {
    session: aSession({ userPrivileges: privileges.map((name) => aPrivilege(name)) }),
    organization: { current: { UUID: ORG_A_UUID, Name: 'A' }, root: { UUID: ROOT_ORG_UUID, Name: 'Root', IsRoot: true }, hasManualEntryForms: false },
    licence: { loaded: true, error: null, claims: [{ UUID: 'l', Name: 'Site', ExpiresAt: 4_102_444_800, OrganizationUUID: ORG_A_UUID, LicensedFeatures: { Calculations: true } }] },
  };
}

/** The measurements the picker and the rows find, by UUID and by keyword; every list query is kept. */
export function measurementsServer(measurements: MeasurementRead[]) {
  const lists: URLSearchParams[] = [];
  server.use(
    noTranslationOverrides(),
    http.get('/api/measurements', ({ request }) => {
      const params = new URL(request.url).searchParams;
      lists.push(params);
      const keyword = (params.get('Keyword') ?? '').toLowerCase();
      const found = measurements.filter((measurement) => measurement.Name.toLowerCase().includes(keyword));
      return HttpResponse.json(found, { headers: { 'x-total-count': String(found.length) } });
    }),
    http.get('/api/measurements/:id', ({ params }) => {
      const found = measurements.find((measurement) => measurement.UUID === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ title: 'Not found', status: 404 }, { status: 404 });
    }),
  );
  return { lists };
}

export const problem = (status: number, detail: string, errors?: Record<string, string[]>) =>
  HttpResponse.json({ title: 'Problem', status, detail, errors }, { status, headers: { 'content-type': 'application/problem+json' } });
