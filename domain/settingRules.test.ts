import { restartRequired, SETTING_ERRORS, settingValueError } from './settingRules';

// SPEC §5 "Session inactive duration" and "Base URL, gRPC port, REST port and URL settings"; the
// server validates with this same module, so the two cannot disagree.

describe('setting values', () => {
  it('session inactive duration is required', () => {
    expect(settingValueError('auth.session_inactive_duration', '  ')).toBe(SETTING_ERRORS.required);
  });

  it('session inactive duration is one or more groups of digits each followed by w, d, h, m or s', () => {
    for (const good of ['1m', '8h', '1h30m', '2w3d', '45s', ' 1m ']) expect(settingValueError('auth.session_inactive_duration', good)).toBeNull();
    for (const bad of ['1', 'm', '1x', '1 m', '1.5h', 'h1', '-1m']) {
      expect(settingValueError('auth.session_inactive_duration', bad)).toBe(SETTING_ERRORS.duration);
    }
  });

  it('base URL, gRPC port, REST port and URL are required and trimmed', () => {
    for (const name of ['auth.base_url', 'api.url', 'api.grpc_port', 'api.rest_port']) {
      expect(settingValueError(name, ' \t ')).toBe(SETTING_ERRORS.required);
    }
    expect(settingValueError('auth.base_url', '  https://historian.example.com ')).toBeNull();
    expect(settingValueError('api.rest_port', ' 8080 ')).toBeNull();
  });

  it('the base URL is an absolute http(s) address', () => {
    for (const bad of ['not a url', 'historian.example.com', 'ftp://historian.example.com', 'javascript:alert(1)', 'https://']) {
      expect(settingValueError('auth.base_url', bad)).toBe(SETTING_ERRORS.url);
    }
    for (const good of ['https://historian.example.com', 'http://10.0.0.5:8080/historian']) expect(settingValueError('auth.base_url', good)).toBeNull();
  });

  it('ports are whole numbers from 1 to 65535', () => {
    expect(settingValueError('api.grpc_port', '0')).toBe(SETTING_ERRORS.port);
    expect(settingValueError('api.grpc_port', '65536')).toBe(SETTING_ERRORS.port);
    expect(settingValueError('api.grpc_port', '80a')).toBe(SETTING_ERRORS.port);
    expect(settingValueError('api.grpc_port', '65535')).toBeNull();
  });

  it('only the known names of SPEC §3 are settings', () => {
    expect(settingValueError('api.colour', 'blue')).toBe(SETTING_ERRORS.unknown);
  });
});

describe('restart required', () => {
  const before = { 'auth.session_inactive_duration': '8h', 'auth.base_url': 'https://a.example', 'api.url': 'a' };

  it('when the session duration changes', () => {
    expect(restartRequired(before, { 'auth.session_inactive_duration': '1h' })).toBe(true);
  });

  it('when the base URL changes', () => {
    expect(restartRequired(before, { 'auth.base_url': 'https://b.example' })).toBe(true);
  });

  it('not for other settings or unchanged values', () => {
    expect(restartRequired(before, { 'api.url': 'b', 'auth.base_url': ' https://a.example ', 'auth.session_inactive_duration': '8h' })).toBe(false);
  });

  it('audit.retention_days takes a whole number of days, 0 keeping everything', () => {
    for (const good of ['0', '30', ' 365 ', '36500']) expect(settingValueError('audit.retention_days', good)).toBeNull();
    for (const bad of ['', '-1', '1.5', 'a week', '123456']) expect(settingValueError('audit.retention_days', bad)).toBe(SETTING_ERRORS.retentionDays);
  });
});
