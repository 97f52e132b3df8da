import { CONNECTION_TEST_MEASUREMENT_UUID } from '../connectionTest';
import type { SettingsMap, TimeseriesDriver } from '../types';

// What every driver's connection test must do, run by each store's test file with settings for
// a server it started. Variants are absent where a mode has no such failure (the built-in store
// in the server's own database has no address or password).

export interface DriverSettings {
  settings: SettingsMap;
  secureSettings: SettingsMap;
}

export interface ConnectionFixture {
  driver: TimeseriesDriver;
  working: DriverSettings;
  wrongPassword?: DriverSettings;
  unreachable?: DriverSettings;
  missingDatabase?: DriverSettings;
}

const passwordOf = (s: DriverSettings) => String(s.secureSettings.password ?? '');

export type FailureCase = 'wrongPassword' | 'unreachable' | 'missingDatabase';

/** `failures`: the variants the fixture provides; only their tests are registered. */
export function describeConnectionTest(name: string, getFixture: () => ConnectionFixture, failures: readonly FailureCase[]): void {
  const variant = (key: FailureCase): DriverSettings => {
    const settings = getFixture()[key];
    if (!settings) throw new Error(`The fixture has no ${key} settings`);
    return settings;
  };
  // A mode without such a failure (no password in the server's own database) has no such test.
  const itIf =
    (key: FailureCase) =>
    (title: string, fn: () => Promise<void>): void => {
      if (failures.includes(key)) it(title, fn);
    };
  describe(`${name}: connection test`, () => {
    it('connects, writes one point, reads it back and removes it again', async () => {
      const { driver, working } = getFixture();
      const result = await driver.test(working.settings, working.secureSettings);
      expect(result).toMatchObject({ Success: true });
      expect(result.FailedStep).toBeUndefined();
      expect(result.Steps.map((s) => s.Name)).toEqual(expect.arrayContaining(['connect', 'write', 'read']));
      expect(result.Steps.every((s) => s.Success)).toBe(true);
      const store = await driver.open(working.settings, working.secureSettings);
      try {
        expect(await store.readRaw(CONNECTION_TEST_MEASUREMENT_UUID, 'number', { from: 0, to: Date.now() + 1000 })).toEqual([]);
      } finally {
        await store.close();
      }
      if (passwordOf(working)) expect(JSON.stringify(result)).not.toContain(passwordOf(working));
    });

    itIf('wrongPassword')('names the authenticate step on a wrong password, and never shows the password', async () => {
      const { driver } = getFixture();
      const wrongPassword = variant('wrongPassword');
      const result = await driver.test(wrongPassword.settings, wrongPassword.secureSettings);
      expect(result).toMatchObject({ Success: false, FailedStep: 'authenticate' });
      expect(result.Steps.at(-1)).toMatchObject({ Name: 'authenticate', Success: false, Message: expect.any(String) });
      expect(JSON.stringify(result)).not.toContain(passwordOf(wrongPassword));
      // The store's own errors keep the password out too.
      const error: unknown = await driver
        .open(wrongPassword.settings, wrongPassword.secureSettings)
        .then((store) => store.writePoints(CONNECTION_TEST_MEASUREMENT_UUID, 'number', [{ time: 0, value: 1 }]))
        .then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(String(error instanceof Error ? error.message : error)).not.toContain(passwordOf(wrongPassword));
    });

    itIf('unreachable')('names the connect step when nothing listens at the address', async () => {
      const { driver } = getFixture();
      const unreachable = variant('unreachable');
      const result = await driver.test(unreachable.settings, unreachable.secureSettings);
      expect(result).toMatchObject({ Success: false, FailedStep: 'connect', Steps: [{ Name: 'connect', Success: false }] });
      expect(JSON.stringify(result)).not.toContain(passwordOf(unreachable));
    });

    itIf('missingDatabase')('names the database step when the database does not exist', async () => {
      const { driver } = getFixture();
      const missingDatabase = variant('missingDatabase');
      const result = await driver.test(missingDatabase.settings, missingDatabase.secureSettings);
      expect(result).toMatchObject({ Success: false, FailedStep: 'database' });
      expect(result.Steps.find((s) => s.Name === 'authenticate')).toMatchObject({ Success: true });
    });
  });
}
