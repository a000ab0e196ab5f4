import type { Db } from '../db/open.js';
import type { Bundle } from '../snapshot/bundle.js';
import type { ImportWarning } from '../snapshot/errors.js';
import { manifestTimes, manifestTimeWarnings } from '../snapshot/manifest.js';
import { EntityRegistry } from './entities.js';
import { RecordFileTracker } from './ingest/file-tracker.js';
import type { IngestInput, Ingested } from './ingest/run.js';
import { snapshotHashOf, writeMeta } from './meta.js';
import type { SignalCounts } from './signals/build.js';
import { aliasExpandedEdges } from './signals/known-edges.js';
import { writeSignalsState } from './signals/stored.js';
import { unresolvedCalleeWarnings } from './signals/unresolved-warnings.js';
import type { ImportProgress, ImportSummary } from './import-types.js';

/**
 * What every import writes around the records, whichever engine stores them (SQLite here,
 * ClickHouse blocks in clickhouse/ingest.ts): the manifest and topology files, the entities
 * and edges, the record files' tracker and the progress reports; at the end the meta rows.
 */
export interface Catalog {
  registry: EntityRegistry;
  files: RecordFileTracker;
  manifestFileId: number;
  report(phase: ImportProgress['phase'], file: string): void;
}

export interface ProgressOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** Minimum time between two progress reports. */
  progressIntervalMs?: number;
}

/** Writes the manifest, the topology's entities and edges, and starts tracking the record files. */
export function beginCatalog(db: Db, bundle: Bundle, started: number, options: ProgressOptions): Catalog {
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
  const report = (phase: ImportProgress['phase'], file: string): void => {
    const elapsedMs = Date.now() - started;
    const rows = files.totalRows;
    options.onProgress?.({ phase, file, rows, elapsedMs, rowsPerSecond: (rows * 1000) / Math.max(elapsedMs, 1) });
  };
  if (options.onProgress) {
    const interval = options.progressIntervalMs ?? 250;
    let lastReport = 0;
    files.onRows = (file) => {
      if (Date.now() - lastReport < interval) return;
      lastReport = Date.now();
      report('records', file);
    };
  }
  return { registry, files, manifestFileId, report };
}

/** What the record readers need: the files, and what the signals resolve names against when derived now. */
export function ingestInputOf(bundle: Bundle, derive: boolean): IngestInput {
  const topology = bundle.topology.value;
  return {
    files: bundle.records,
    manifest: bundle.manifest.value,
    knownEdges: derive ? aliasExpandedEdges(topology) : [],
    entities: derive ? topology.entities.map((e) => ({ id: e.id, kind: e.kind, name: e.name })) : [],
    derive,
  };
}

/** Writes the meta rows (last: a store without them is not a store) and sums up the import. */
export function finishCatalog(
  db: Db,
  bundle: Bundle,
  catalog: Catalog,
  done: { store: string; produced: Ingested; derived: boolean; signals: SignalCounts | null; entityWarnings: ImportWarning[] },
): Omit<ImportSummary, 'elapsedMs'> {
  const { files } = catalog;
  const { produced } = done;
  const snapshotHash = snapshotHashOf([bundle.manifest, bundle.topology, ...files.hashes]);
  writeMeta(db, {
    manifest: bundle.manifest.value,
    snapshotHash,
    window: produced.window,
    bundleRoot: bundle.root,
    manifestFileId: catalog.manifestFileId,
  });
  writeSignalsState(db, done.derived ? 'derived' : 'pending', produced.extent);
  return {
    store: done.store,
    rows: files.rows,
    totalRows: files.totalRows,
    signals: done.signals,
    warnings: [
      ...manifestTimeWarnings(manifestTimes(bundle.manifest.value)),
      ...done.entityWarnings,
      ...files.warnings,
      ...unresolvedCalleeWarnings(produced.unresolvedCallees, bundle.records.find((f) => f.kind === 'spans')?.rel ?? 'spans'),
    ],
    snapshotHash,
    window: produced.window,
  };
}
