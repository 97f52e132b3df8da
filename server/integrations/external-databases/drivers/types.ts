// The seam between external databases and what reads them (server/integrations/README.md,
// "External databases"): the preview call, the event processor's external_database start source
// and external_database property values all run queries through `runReadOnlyQuery` of
// ../query.ts, built on one driver per kind.

export type ExternalDatabaseKind = 'postgres' | 'mysql' | 'oracle' | 'sqlserver' | 'sqlite' | 'hdb' | 'ase';

/** A stored external database as the drivers need it (never sent to a client). */
export interface ExternalDatabaseConnection {
  uuid: string;
  kind: ExternalDatabaseKind;
  settings: Record<string, unknown>;
  secureSettings: Record<string, unknown>;
}

export interface ReadOnlyQueryOptions {
  /** Named parameters (`:StartTime`, `:StopTime`, `:EventUUID`): bound by the driver, never pasted into the text. */
  params: Record<string, Date | string | number | null>;
  /** At most this many rows come back; Truncated says there were more. */
  limit: number;
  timeoutMs: number;
}

export interface QueryColumn {
  Name: string;
  Type?: string;
}

export interface ReadOnlyQueryResult {
  columns: QueryColumn[];
  /** Values as JSON: dates as ISO text, big integers as numbers when safe, else text, bytes as base64. */
  rows: unknown[][];
  truncated: boolean;
  durationMs: number;
}

export type QueryStep = 'reach' | 'tls' | 'authenticate' | 'query' | 'timeout';

/** A query that failed, with the step it failed at; its message never carries a secure setting. */
export class ExternalQueryError extends Error {
  constructor(
    readonly step: QueryStep,
    message: string,
    /** A translation key (external_databases.errors.<…>). */
    readonly code: string,
  ) {
    super(message);
    this.name = 'ExternalQueryError';
  }
}

/** Runs a query read-only (a read-only transaction where the kind has one) with a row limit and a timeout. */
export type RunReadOnlyQuery = (connection: ExternalDatabaseConnection, query: string, options: ReadOnlyQueryOptions) => Promise<ReadOnlyQueryResult>;
