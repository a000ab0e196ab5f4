import type { RecordFileName } from '../../core/snapshot/schema.js';
import type { ImportWarning } from '../snapshot/errors.js';
import type { WorkerMode } from './ingest/run.js';
import type { SignalCounts } from './signals/build.js';
import type { WindowInfo } from './window.js';

export interface ImportProgress {
  phase: 'records' | 'indexes' | 'signals';
  file: string;
  rows: number;
  elapsedMs: number;
  rowsPerSecond: number;
}

export interface ImportSummary {
  store: string;
  rows: Partial<Record<RecordFileName, number>>;
  totalRows: number;
  /** The derived signals stored, or null when they were left to the store's first reader (`signals: 'defer'`). */
  signals: SignalCounts | null;
  warnings: ImportWarning[];
  snapshotHash: string;
  window: WindowInfo;
  elapsedMs: number;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** Minimum time between two progress reports. */
  progressIntervalMs?: number;
  /** Parse in worker threads (default `auto`: for large bundles; see ingest/run.ts). */
  worker?: WorkerMode;
  /**
   * `now` (default): derive the signals while reading the records. `defer`: store the records
   * only and leave the signals to the store's first reader, which derives the same ones once
   * (EvidenceStore.open; signals/stored.ts): what `eog import` does.
   */
  signals?: SignalTiming;
}

export type SignalTiming = 'now' | 'defer';
