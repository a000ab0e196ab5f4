/** What the import-ratio benchmark measures (scripts/bench/import-ratio.ts), apart from how, so the report can format it. */
export const IMPORT_RATIO_TARGET = 3;

export interface ImportRatioOptions {
  rows: number;
  services: number;
  runs: number;
  /** `eog --help` start-ups timed per variant. */
  starts: number;
  log?: (line: string) => void;
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
}
