import type { ImportProgress, ImportSummary } from '../../store/index.js';

/** What the parent sends the import worker (its workerData). */
export interface ImportJobInput {
  bundleDir: string;
  storeFile: string;
  progressIntervalMs: number;
}

/** Messages from the import worker. */
export type ImportJobMessage =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'done'; summary: ImportSummary }
  | { type: 'error'; name: string; message: string };
