import { V0_STEP_MS } from './migrateRecording';
import type { Recording } from './recordingFormat';
import { readablePath, readRecording, validateRecording } from './validateRecording';

const aRecording = (overrides: Partial<Recording> = {}): Recording => ({
  formatVersion: 1,
  appVersion: '0.1.0',
  locale: 'en',
  organization: { UUID: 'o1', Name: 'Plant A' },
  recordedAt: '2025-01-02T03:04:05.000Z',
  initialState: { session: { userName: null }, tableSettings: { byTableId: {} } },
  actions: [
    { t: 0, action: { type: 'navigation/changed', payload: '/login' } },
    { t: 120, action: { type: 'session/loggedIn', payload: { userName: 'ada' } } },
  ],
  ...overrides,
});

const read = (value: unknown) => readRecording(JSON.stringify(value));
const problemsOf = (value: unknown) => {
  const result = read(value);
  return result.ok ? [] : result.problems.map((p) => ({ key: p.key, path: p.path }));
};

describe('reading a recording file', () => {
  it('accepts a file of the current format as it is', () => {
    expect(read(aRecording())).toEqual({ ok: true, recording: aRecording(), migratedFrom: null });
  });

  it('names the path of every wrong member, the way it reads in the file', () => {
    const broken = { ...aRecording(), actions: [{ t: 0, action: { type: 'a' } }, { t: 1, action: { type: 'b' } }, { t: 2, action: {} }, { t: '3', action: { type: 'd' } }] };
    expect(problemsOf(broken)).toEqual([
      { key: 'qa.validation.required', path: 'actions[2].action.type' },
      { key: 'qa.validation.type_number', path: 'actions[3].t' },
    ]);
  });

  it('names missing members and wrong top-level types', () => {
    const { locale: _locale, ...withoutLocale } = aRecording();
    expect(problemsOf({ ...withoutLocale, organization: 'Plant', recordedAt: 'yesterday', initialState: [] })).toEqual([
      { key: 'qa.validation.required', path: 'locale' },
      { key: 'qa.validation.type_object_or_null', path: 'organization' },
      { key: 'qa.validation.format', path: 'recordedAt' },
      { key: 'qa.validation.type_object', path: 'initialState' },
    ]);
  });

  it('refuses actions whose times go backwards', () => {
    const recording = aRecording({ actions: [{ t: 50, action: { type: 'a' } }, { t: 10, action: { type: 'b' } }] });
    expect(problemsOf(recording)).toEqual([{ key: 'qa.validation.t_order', path: 'actions[1].t' }]);
  });

  it('says so when the file is not JSON, not an object, or has no format version', () => {
    expect(readRecording('{ not json')).toMatchObject({ ok: false, problems: [{ key: 'qa.validation.not_json', path: '' }] });
    expect(problemsOf([1, 2])).toEqual([{ key: 'qa.validation.not_object', path: '' }]);
    const { formatVersion: _version, ...unversioned } = aRecording();
    expect(problemsOf(unversioned)).toEqual([{ key: 'qa.validation.no_version', path: 'formatVersion' }]);
    expect(problemsOf({ ...aRecording(), formatVersion: 1.5 })).toEqual([{ key: 'qa.validation.bad_version', path: 'formatVersion' }]);
  });

  it('refuses a recording from a newer format version with a clear message naming both versions', () => {
    const result = read({ ...aRecording(), formatVersion: 2, appVersion: '3.0.0' });
    expect(result).toEqual({
      ok: false,
      problems: [{ key: 'qa.validation.future_version', path: 'formatVersion', values: { version: 2, supported: 1, appVersion: '3.0.0' } }],
    });
  });

  it('migrates a version 0 recording: events become actions spaced evenly, the organization is read from the state', () => {
    const state = { organization: { current: { UUID: 'o1', Name: 'Plant A' }, root: null }, session: { userName: 'ada' } };
    const result = read({ version: 0, appVersion: '0.0.9', state, events: [{ type: 'a' }, { type: 'b', payload: 1 }] });
    expect(result).toEqual({
      ok: true,
      migratedFrom: 0,
      recording: {
        formatVersion: 1,
        appVersion: '0.0.9',
        locale: 'en',
        organization: { UUID: 'o1', Name: 'Plant A' },
        recordedAt: '1970-01-01T00:00:00.000Z',
        initialState: state,
        actions: [
          { t: 0, action: { type: 'a' } },
          { t: V0_STEP_MS, action: { type: 'b', payload: 1 } },
        ],
      },
    });
  });

  it('checks a version 0 file against its own schema before migrating it', () => {
    expect(problemsOf({ version: 0, state: {}, events: [{ payload: 1 }] })).toEqual([{ key: 'qa.validation.required', path: 'events[0].type' }]);
  });

  it('validates an in-memory recording against the same schema', () => {
    expect(validateRecording(aRecording()).ok).toBe(true);
    expect(validateRecording({ ...aRecording(), actions: null }).ok).toBe(false);
  });
});

describe('readable paths', () => {
  it('reads array indexes as [n] and odd member names as ["name"]', () => {
    expect(readablePath({ instancePath: '/actions/3/t', params: {} })).toBe('actions[3].t');
    expect(readablePath({ instancePath: '/initialState/api/queries/getInfo(undefined)', params: {} })).toBe('initialState.api.queries["getInfo(undefined)"]');
    expect(readablePath({ instancePath: '', params: { missingProperty: 'actions' } })).toBe('actions');
  });
});
