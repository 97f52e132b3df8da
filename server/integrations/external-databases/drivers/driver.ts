import type { ConnectionTestResult } from '../../../timeseries/types';
import { ERROR_CODES, limitedResult, networkSettings, queryError, reach, runTestSteps, secretsOf, type NetworkSettings } from './common';
import { ExternalQueryError, type ExternalDatabaseConnection, type ExternalDatabaseKind, type QueryColumn, type QueryStep, type ReadOnlyQueryOptions, type ReadOnlyQueryResult } from './types';

// One driver per kind: the step-by-step test and the read-only query. Network kinds share the
// flow (reach, tls, authenticate, query) and differ only in their session.

export interface ExternalDriver {
  kind: ExternalDatabaseKind;
  test(connection: ExternalDatabaseConnection): Promise<ConnectionTestResult>;
  run(connection: ExternalDatabaseConnection, query: string, options: ReadOnlyQueryOptions): Promise<ReadOnlyQueryResult>;
}

/** What a query fetched: at most limit + 1 rows, so that Truncated can be told. */
export interface FetchedRows {
  columns: QueryColumn[];
  rows: unknown[][];
}

/** One connection, signed in. */
export interface Session {
  /** How the connection is encrypted (e.g. TLSv1.3), or undefined when it is not. */
  encryption(): string | undefined;
  /** The test's trivial query. */
  selectOne(): Promise<void>;
  /** The query in a read-only transaction, with the statement timeout, rolled back after. */
  readOnly(query: string, options: ReadOnlyQueryOptions): Promise<FetchedRows>;
  close(): Promise<void>;
}

export interface Classified {
  step: QueryStep;
  code: string;
}

export interface NetworkDriverDefinition {
  kind: ExternalDatabaseKind;
  defaultPort: number;
  /** queryTimeoutMs: the statement timeout of run() (drivers whose client takes it at connect, mssql). */
  connect(settings: NetworkSettings, timeoutMs: number, queryTimeoutMs?: number): Promise<Session>;
  /** The step a failed connect belongs to: reach, tls or authenticate. */
  connectFailure(error: unknown, settings: NetworkSettings): Classified;
  /** The step a failed query belongs to: query or timeout. */
  queryFailure(error: unknown): Classified;
}

export function networkDriver(definition: NetworkDriverDefinition): ExternalDriver {
  const connect = async (settings: NetworkSettings, secrets: readonly string[], timeoutMs: number, queryTimeoutMs?: number): Promise<Session> => {
    try {
      return await definition.connect(settings, timeoutMs, queryTimeoutMs);
    } catch (error) {
      const { step, code } = definition.connectFailure(error, settings);
      throw queryError(step, error, code, secrets);
    }
  };

  return {
    kind: definition.kind,

    async test(connection) {
      const settings = networkSettings(connection, definition.defaultPort);
      const secrets = secretsOf(connection);
      let session: Session | undefined;
      let connecting: Promise<Session> | undefined;
      const connected = () => (connecting ??= connect(settings, secrets, settings.connectTimeoutMs).then((opened) => (session = opened)));
      try {
        return await runTestSteps(
          [
            { name: 'reach', run: () => reach(settings.host, settings.port, settings.connectTimeoutMs) },
            {
              name: 'tls',
              run: async () => {
                if (settings.tlsMode === 'disable') return 'not used (TLS: disable)';
                try {
                  const opened = await connected();
                  return `encrypted (${opened.encryption() ?? 'TLS'}, ${settings.tlsMode})`;
                } catch (error) {
                  // A refused sign-in belongs to the next step.
                  if (error instanceof ExternalQueryError && error.step === 'authenticate') return `${settings.tlsMode}`;
                  throw error;
                }
              },
            },
            {
              name: 'authenticate',
              run: async () => {
                await connected();
                return `signed in as ${settings.user}${settings.database ? ` to ${settings.database}` : ''}`;
              },
            },
            {
              name: 'query',
              run: async () => {
                try {
                  await session?.selectOne();
                } catch (error) {
                  throw queryError('query', error, ERROR_CODES.query, secrets);
                }
                return 'SELECT 1';
              },
            },
          ],
          secrets,
        );
      } finally {
        await connecting?.catch(() => undefined);
        await session?.close().catch(() => undefined);
      }
    },

    async run(connection, query, options) {
      const settings = networkSettings(connection, definition.defaultPort);
      const secrets = secretsOf(connection);
      const startedAt = performance.now();
      const session = await connect(settings, secrets, Math.min(settings.connectTimeoutMs, Math.max(options.timeoutMs, 1000)), options.timeoutMs);
      try {
        const fetched = await session.readOnly(query, options);
        return limitedResult(fetched.columns, fetched.rows, options.limit, startedAt);
      } catch (error) {
        const { step, code } = definition.queryFailure(error);
        throw queryError(step, error, code, secrets);
      } finally {
        await session.close().catch(() => undefined);
      }
    },
  };
}
