// The result of a calculation_backfill job (DOMAIN.md §2; the contract's Job.Result of this type,
// free-form there): per calculation, the one asked for first, then those downstream in the order
// they were recomputed. The server's job builds it (server/calculations/backfill/backfillJob.ts),
// the backfill dialog reads it (src/features/calculations/backfillResult.ts).

/** A value the run added or changed: the old one (null when there was none) against the new. */
export interface BackfillSample {
  T: number;
  Old: unknown;
  New: unknown;
}

export interface BackfillError {
  T: number;
  Code: string;
  Message: string;
  Line?: number;
}

export interface BackfillCalculationResult {
  UUID: string;
  Name: string;
  Evaluations: number;
  Errors: number;
  Added: number;
  Changed: number;
  Unchanged: number;
  /** Stored values at times the new run does not produce (kept, never deleted). */
  OnlyOld: number;
  Written: number;
  /** At most 100, earliest first. */
  Sample: BackfillSample[];
  /** At most 20. */
  FirstErrors: BackfillError[];
}

export interface BackfillResult {
  DryRun: boolean;
  Calculations: BackfillCalculationResult[];
}
