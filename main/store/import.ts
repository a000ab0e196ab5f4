import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { RecordFileName } from '../../core/snapshot/schema.js';
import { openDatabase, type Db } from '../db/open.js';
import { openBundle, type Bundle } from '../snapshot/bundle.js';
import type { ImportWarning } from '../snapshot/errors.js';
import { EntityRegistry } from './entities.js';
import { RecordFileTracker } from './ingest/file-tracker.js';
import { IMPORT_PAGE_SIZE, useScratchPragmas } from './ingest/part-store.js';
import { ingestRecords, MAX_PRODUCERS, type WorkerMode } from './ingest/run.js';
import { snapshotHashOf, writeMeta } from './meta.js';
import { signalIndexes, storeMigrations } from './schema.js';
import type { SignalCounts } from './signals/build.js';
import { insertSignals } from './signals/insert.js';
import { aliasExpandedEdges } from './signals/known-edges.js';
import { writeSignalsState } from './signals/stored.js';
import { unresolvedCalleeWarnings } from './signals/unresolved-warnings.js';
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

/**
 * Imports a native bundle into a new evidence store, all or nothing: everything is written to
 * a temporary file next to `storeFile`, which replaces it only once the import has succeeded.
 */
export async function importBundle(bundleDir: string, storeFile: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = Date.now();
  const bundle = openBundle(bundleDir);
  const dest = resolve(storeFile);
  mkdirSync(dirname(dest), { recursive: true });
  const temp = join(dirname(dest), `.${basename(dest)}.${process.pid}.${randomBytes(4).toString('hex')}.importing`);
  let db: Db | null = null;
  try {
    db = openDatabase(temp, storeMigrations, { pageSize: IMPORT_PAGE_SIZE });
    // Safe only because this file is discarded unless the import completes.
    useScratchPragmas(db);
    db.exec('BEGIN');
    const summary = await fill(db, bundle, { dest, temp, started }, options);
    db.exec('COMMIT');
    db.pragma('journal_mode = WAL');
    db.close();
    db = null;
    // A stale WAL beside the old store would be replayed into the new one.
    for (const suffix of ['-wal', '-shm']) rmSync(dest + suffix, { force: true });
    renameSync(temp, dest);
    return { ...summary, elapsedMs: Date.now() - started };
  } catch (error) {
    db?.close();
    for (const suffix of ['', '-wal', '-shm', '-journal', ...partSuffixes]) {
      if (existsSync(temp + suffix)) rmSync(temp + suffix, { force: true });
    }
    throw error;
  }
}

/** Worker threads write their tables into part files named after the temporary store (see ingest/workers.ts). */
const partSuffix = (i: number): string => `.part${i}`;
const partSuffixes = Array.from({ length: MAX_PRODUCERS }, (_, i) => partSuffix(i));

interface Paths {
  dest: string;
  temp: string;
  started: number;
}

async function fill(db: Db, bundle: Bundle, paths: Paths, options: ImportOptions): Promise<Omit<ImportSummary, 'elapsedMs'>> {
  const { dest, started } = paths;
  const addFile = db.prepare('INSERT INTO files (path, kind, sha256, lines, rows) VALUES (?, ?, ?, ?, ?)');
  const manifestFileId = Number(addFile.run(bundle.manifest.rel, 'manifest', bundle.manifest.sha256, 1, 1).lastInsertRowid);
  const topology = bundle.topology;
  const topologyFileId = Number(addFile.run(topology.rel, 'topology', topology.sha256, 1, topology.value.entities.length).lastInsertRowid);
  const registry = new EntityRegistry(db);
  registry.addTopology(topology.value, topologyFileId, topology.rel);
  const addEdge = db.prepare('INSERT OR IGNORE INTO edges (source, target, relation, file_id, line) VALUES (?, ?, ?, ?, ?)');
  topology.value.edges.forEach((e, i) => {
    const source = registry.resolve(e.source, topologyFileId, topology.rel, null, `edges.${i}.source`);
    const target = registry.resolve(e.target, topologyFileId, topology.rel, null, `edges.${i}.target`);
    addEdge.run(source, target, e.relation, topologyFileId, i + 1);
  });

  const files = new RecordFileTracker(db, bundle.records, addFile);
  let lastReport = 0;
  const report = (phase: ImportProgress['phase'], file: string): void => {
    const elapsedMs = Date.now() - started;
    const rows = files.totalRows;
    options.onProgress?.({ phase, file, rows, elapsedMs, rowsPerSecond: (rows * 1000) / Math.max(elapsedMs, 1) });
  };
  if (options.onProgress) {
    const interval = options.progressIntervalMs ?? 250;
    files.onRows = (file) => {
      if (Date.now() - lastReport < interval) return;
      lastReport = Date.now();
      report('records', file);
    };
  }
  let entityWarnings: ImportWarning[] = [];
  // While the workers derive the signals.
  const afterRecords = (): void => {
    entityWarnings = registry.finish();
    report('indexes', '');
    files.indexMissing();
    for (const sql of signalIndexes) db.exec(sql);
  };
  const derive = (options.signals ?? 'now') === 'now';
  const input = {
    files: bundle.records,
    manifest: bundle.manifest.value,
    knownEdges: derive ? aliasExpandedEdges(topology.value) : [],
    entities: derive ? topology.value.entities.map((e) => ({ id: e.id, kind: e.kind, name: e.name })) : [],
    derive,
  };
  const link = { db, files, registry, partFile: (i: number) => paths.temp + partSuffix(i) };
  const produced = await ingestRecords(input, link, options.worker ?? 'auto', afterRecords);
  let signals: SignalCounts | null = null;
  if (derive) {
    report('signals', '');
    signals = insertSignals(db, produced.signals, { fileIds: files.fileIds, entityKey: (id) => registry.keyOf(id) });
  }
  const snapshotHash = snapshotHashOf([bundle.manifest, topology, ...files.hashes]);
  writeMeta(db, { manifest: bundle.manifest.value, snapshotHash, window: produced.window, bundleRoot: bundle.root, manifestFileId });
  writeSignalsState(db, derive ? 'derived' : 'pending', produced.extent);
  return {
    store: dest,
    rows: files.rows,
    totalRows: files.totalRows,
    signals,
    warnings: [...entityWarnings, ...files.warnings, ...unresolvedCalleeWarnings(produced.unresolvedCallees, bundle.records)],
    snapshotHash,
    window: produced.window,
  };
}
