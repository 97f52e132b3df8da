// Tests server/config.ts; kept here because this task owns only server/db/ for test files.
import path from 'node:path';
import { ConfigError, DEFAULT_UPLOAD_LIMIT_BYTES, loadConfig } from '../config';

describe('server configuration', () => {
  it('has working defaults with an empty environment', () => {
    expect(loadConfig({}, '/srv/historian')).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/historian', 'data'),
      databaseUrl: undefined,
      sessionSecret: undefined,
      nodeEnv: 'development',
      isProduction: false,
      clientDir: undefined,
      strictResponses: true,
      logLevel: 'info',
      trustProxy: false,
      uploadLimitBytes: DEFAULT_UPLOAD_LIMIT_BYTES,
      portalUrl: undefined,
      supportUrl: undefined,
      exportDir: path.resolve('/srv/historian', 'data', 'exports'),
    });
  });

  it('takes the export root from HISTORIAN_EXPORT_DIR, else under the data folder', () => {
    expect(loadConfig({ HISTORIAN_EXPORT_DIR: 'out' }, '/srv/historian').exportDir).toBe('/srv/historian/out');
    expect(loadConfig({ HISTORIAN_DATA_DIR: '/var/h' }, '/srv/historian').exportDir).toBe('/var/h/exports');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9090',
        HOST: '127.0.0.1',
        HISTORIAN_DATA_DIR: 'var/data',
        DATABASE_URL: 'postgresql://u:p@db/historian',
        HISTORIAN_SESSION_SECRET: 'x'.repeat(32),
        NODE_ENV: 'production',
        HISTORIAN_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      dataDir: '/srv/var/data',
      databaseUrl: 'postgresql://u:p@db/historian',
      sessionSecret: 'x'.repeat(32),
      isProduction: true,
      strictResponses: false,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      logLevel: 'warn',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(8080);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://u:secret@db/x' }, /DATABASE_URL must be/],
    [{ HISTORIAN_SESSION_SECRET: 'short' }, /at least 32/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never echoes a DATABASE_URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:secret@db/x' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('secret') }));
  });
});
