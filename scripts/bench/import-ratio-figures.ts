/** What the import-ratio benchmark measures (scripts/bench/import-ratio.ts), apart from how, so the report can format it. */
export const IMPORT_RATIO_TARGET = 3;

export interface ImportRatioOptions {
  rows: number;
  services: number;
  runs: number;
  /** `eog --help` start-ups timed per variant. */
  starts: number;
  /** Rounds of the first-and-second `eog investigate` comparison (0: skipped). */
  investigations: number;
  log?: (line: string) => void;
}

/** Median wall and CPU seconds of one step, over the rounds. */
export interface StepTime {
  wallSeconds: number;
  cpuSeconds: number | null;
}

/**
 * Where the derived signals' cost went: `eog import` (signals deferred to the store's first
 * reader) then two `eog investigate <store>`, against `eog import --signals now` (as before)
 * then the same two.
 */
export interface InvestigateFigures {
  rounds: number;
  deferred: { importTime: StepTime; first: StepTime; second: StepTime };
  now: { importTime: StepTime; first: StepTime; second: StepTime };
}

export interface ImportRatioFigures {
  /** Records asked of `eog generate --rows`; `rows` is what it wrote. */
  requestedRows: number;
  rows: number;
  services: number;
  entities: number;
  bundleMiB: number;
  runs: number;
  parseSeconds: number;
  importSeconds: number;
  /** Median import wall time over median parse wall time: the acceptance figure. */
  ratio: number;
  /** The same with user + system CPU time (all threads), less sensitive to other users' load. */
  parseCpuSeconds: number | null;
  importCpuSeconds: number | null;
  loadBeforeRuns: number[];
  starts: number;
  /** Median start-up to `eog --help`: the built bundle, and the sources under tsx (how `npm run eog` used to run). */
  startBuiltMs: number;
  startSourcesMs: number;
  investigate: InvestigateFigures | null;
}
