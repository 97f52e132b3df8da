// One reliability suite of `npm run bench -- reliability` (README.md in this folder): a long run of
// what a fast test in `npm test` proves in little. Each suite lives in bench/reliability/<name>.suite.ts
// and returns figures; the runner (bench/reliability.bench.ts) prints them, with their goals.

export interface ReliabilityFigure {
  /** What is counted or measured, e.g. "acknowledged writes lost". */
  label: string;
  value: number | string;
  /** e.g. "ms", "MiB", "cases". */
  unit?: string;
  /** The value it must have (0 for losses, duplicates, 5xx, leaks); the runner marks a miss. */
  goal?: number;
}

export interface ReliabilityContext {
  /** A progress line (the runs are long: every suite says where it is at least every 30 s). */
  log(line: string): void;
  /** Scale of the run: 1 is the bench's default; a smaller one (e.g. 0.1) for a quick look. */
  scale: number;
}

export interface ReliabilitySuite {
  /** Short name, as `npm run bench -- reliability <name>` selects it. */
  name: string;
  /** One sentence: what the suite proves. */
  description: string;
  run(context: ReliabilityContext): Promise<ReliabilityFigure[]>;
}
