import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../db/open.js';
import { openBundle, type Bundle, type RecordFile } from '../../snapshot/bundle.js';
import type { ImportWarning } from '../../snapshot/errors.js';
import type { TimeWindow } from '../../../core/model/packet.js';
import { beginCatalog, finishCatalog, ingestInputOf, type Catalog } from '../catalog.js';
import { ingestRecords, spanOf } from '../ingest/run.js';
import type { ImportOptions, ImportSummary } from '../import.js';
import { readMeta } from '../meta.js';
import { storeMigrations } from '../schema.js';
import type { SignalRow } from '../signals/build.js';
import { insertSignals } from '../signals/insert.js';
import { linkTemplateOperations } from '../signals/operations.js';
import { EXTENT_KEY, SIGNALS_STATE_KEY, signalsState, storedExtent } from '../signals/stored.js';
import { INGEST_ENTITIES, INGEST_ENTITIES_DDL } from './block-mapping.js';
import { ClickHouseBlockSink, EntitySync } from './block-sink.js';
import { deriveImportedSignals } from './derive/imported.js';
import { clickHouseSpanOperations } from './derive/operations.js';
import { SqlPeriods } from './derive/periods.js';
import { placeOnset } from '../onset.js';
import { clickHouseAlerts, clickHouseOnsetReader } from './onset.js';
import { DirectRefused, ingestDirect, isDirect, type DirectResult } from './direct.js';
import { sqlString, type ChRunner } from './runner.js';
import { chSchema, CH_SCHEMA_VERSION, CH_TABLES } from './schema.js';
import { transferStore } from './transfer.js';

export interface ClickHouseImportSummary extends ImportSummary {
  /** Rows the engine wrote and the time spent in its INSERTs (the records' blocks and files, and the catalog's tables). */
  clickhouse: { rows: number; ms: number };
  /** The record files the engine read itself (or gave up to the record reader, and why). */
  engineReads: EngineRead[];
  /** Time spent deriving the signals in SQL once the records were in (0 when the JavaScript collectors did). */
  signalsMs: number;
}

export interface ClickHouseImportOptions extends ImportOptions {
  /** Rows per block (default BLOCK_ROWS). */
  blockRows?: number;
  /**
   * Whether the JavaScript collectors derive the signals while the records stream (true), or
   * ClickHouse derives them in SQL once the records are in its tables (false, the default:
   * derive/imported.ts). Either way they are stored in eog_signals, where the store reads them.
   */
  deriveSignals?: boolean;
}

/** Metric points per lookup query (signals/insert.ts needs each anomaly's first line). */
const POINTS_PER_QUERY = 500;

/**
 * Imports a bundle straight into a ClickHouse store (chdb or a server), replacing what the
 * database held. The engine reads the span, log and metric files itself, with the record reader's
 * checks in SQL (direct.ts); the other files (and any the engine gives up) are read and
 * validated as for a SQLite store (ingest/produce.ts), then written as TSV block files that
 * the engine inserts and maps into the OpenTelemetry exporter's tables (block-sink.ts); once
 * the records are in, ClickHouse derives the signals (derive/imported.ts). Only the catalog
 * (files, entities, topology edges: sizes of the topology, not of the records) sits in an
 * in-memory SQLite database on the way, so the import's memory stays flat as records grow. The meta rows go last: a failed import leaves no
 * store that opens.
 */
export async function importIntoClickHouse(
  bundleDir: string,
  runner: ChRunner,
  options: ClickHouseImportOptions = {},
): Promise<ClickHouseImportSummary> {
  const started = Date.now();
  const bundle = openBundle(bundleDir);
  const scratch = mkdtempSync(join(tmpdir(), 'eog-ch-blocks-'));
  const catalog = openDatabase(':memory:', storeMigrations);
  let sink: ClickHouseBlockSink | null = null;
  try {
    for (const table of ['eog_meta', ...CH_TABLES, 'logs', 'spans', 'metrics', INGEST_ENTITIES])
      runner.exec(`DROP TABLE IF EXISTS ${table}`);
    for (const sql of chSchema(runner.database)) runner.exec(sql);
    runner.exec(INGEST_ENTITIES_DDL);
    catalog.exec('BEGIN');
    const link = { runner, scratch, started, onSink: (s: ClickHouseBlockSink) => (sink = s) };
    const summary = await fillCatalog(catalog, bundle, link, options);
    catalog.exec('COMMIT');
    const copied = transferStore(catalog, runner, (rows) =>
      options.onProgress?.({ phase: 'records', file: 'clickhouse', rows, elapsedMs: Date.now() - started, rowsPerSecond: 0 }),
    );
    runner.exec(`DROP TABLE IF EXISTS ${INGEST_ENTITIES}`);
    writeChMeta(runner, catalog);
    const blocks = (sink as ClickHouseBlockSink | null)?.counts ?? { rows: 0, ms: 0 };
    const direct = summary.engineReads.reduce((sum, r) => ({ rows: sum.rows + r.rows, ms: sum.ms + r.ms }), { rows: 0, ms: 0 });
    return {
      ...summary,
      elapsedMs: Date.now() - started,
      clickhouse: { rows: blocks.rows + direct.rows + copied.rows, ms: blocks.ms + direct.ms + copied.ms },
    };
  } finally {
    (sink as ClickHouseBlockSink | null)?.close();
    catalog.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function writeChMeta(runner: ChRunner, catalog: Db): void {
  const meta = readMeta(catalog, 'catalog');
  const rows = [
    ['manifest', JSON.stringify(meta.manifest)],
    ['snapshot_hash', meta.snapshotHash],
    ['window', JSON.stringify(meta.window)],
    ['bundle_root', meta.bundleRoot],
    ['manifest_file_id', String(meta.manifestFileId)],
    ['schema_version', String(CH_SCHEMA_VERSION)],
    [SIGNALS_STATE_KEY, signalsState(catalog)],
    [EXTENT_KEY, JSON.stringify(storedExtent(catalog))],
  ];
  runner.insert('eog_meta', ['key', 'value'], Buffer.from(`${rows.map((r) => JSON.stringify(r)).join('\n')}\n`));
}

interface Link {
  runner: ChRunner;
  scratch: string;
  started: number;
  onSink(sink: ClickHouseBlockSink): void;
}

/** importBundle's fill (store/import.ts) with the records going to ClickHouse instead of SQLite tables. */
async function fillCatalog(
  db: Db,
  bundle: Bundle,
  link: Link,
  options: ClickHouseImportOptions,
): Promise<Omit<ImportSummary, 'elapsedMs'> & { engineReads: EngineRead[]; signalsMs: number }> {
  const catalog = beginCatalog(db, bundle, link.started, options);
  const { files, registry, report } = catalog;
  let entityWarnings: ImportWarning[] = [];
  const derive = options.deriveSignals ?? false;
  const entities = new EntitySync(db, link.runner);
  // The engine reads the large files itself unless the JavaScript collectors must see every record.
  const direct = derive ? null : await readDirect(link.runner, bundle, catalog, entities);
  const storeLink = {
    db,
    files,
    registry,
    partFile: (): string => {
      throw new Error('internal: the ClickHouse import reads on one thread');
    },
  };
  const input = ingestInputOf(bundle, derive);
  const ingested = await ingestRecords(
    { ...input, files: input.files.filter((f) => !direct?.done.has(f)), extentElsewhere: direct?.extent ?? null },
    storeLink,
    'never',
    () => {
      entityWarnings = registry.finish();
    },
    (hooks) => {
      const sink = new ClickHouseBlockSink(link.runner, entities, link.scratch, files.fileIds, hooks, options.blockRows);
      link.onSink(sink);
      return sink;
    },
  );
  report('signals', '');
  // The onset the alerted entities' requests show (store/onset.ts); signals the JavaScript
  // collectors derived on the way with another are replaced by the SQL derivation.
  const placed = placeOnset(ingested.window, clickHouseAlerts(link.runner), bundle.topology.value, clickHouseOnsetReader(link.runner));
  const produced = { ...ingested, window: placed.info };
  const onsetWarnings: ImportWarning[] = placed.note === null ? [] : [{ file: 'snapshot.json', line: null, message: placed.note }];
  if (!derive && (options.signals ?? 'now') === 'defer') {
    // Records only: the store's first reader derives the signals in SQL and stores them (stored-signals.ts).
    const summary = finishCatalog(db, bundle, catalog, { store: 'clickhouse', produced, derived: false, signals: null, entityWarnings });
    return { ...summary, warnings: [...onsetWarnings, ...summary.warnings], engineReads: direct?.reads ?? [], signalsMs: 0 };
  }
  if (!derive || placed.note !== null) {
    const signalsStarted = Date.now();
    const sql = deriveImportedSignals(link.runner, {
      manifest: bundle.manifest.value,
      window: produced.window,
      extent: produced.extent,
      topology: bundle.topology.value,
      fileIds: files.fileIds,
    });
    const done = { ...produced, unresolvedCallees: sql.unresolvedCallees };
    const summary = finishCatalog(db, bundle, catalog, {
      store: 'clickhouse',
      produced: done,
      derived: true,
      signals: sql.counts,
      entityWarnings,
    });
    return {
      ...summary,
      warnings: [...onsetWarnings, ...summary.warnings],
      engineReads: direct?.reads ?? [],
      signalsMs: Date.now() - signalsStarted,
    };
  }
  linkTemplateOperations(produced.signals, clickHouseSpanOperations(link.runner, new SqlPeriods(ingested.plan)));
  storeMetricPoints(db, link.runner, produced.signals, (id) => registry.keyOf(id));
  const signals = insertSignals(db, produced.signals, { fileIds: files.fileIds, entityKey: (id) => registry.keyOf(id) });
  return {
    ...finishCatalog(db, bundle, catalog, { store: 'clickhouse', produced, derived: true, signals, entityWarnings }),
    engineReads: [],
    signalsMs: 0,
  };
}

/** A record file the engine read itself, or gave up to the record reader (`refused` says why). */
export interface EngineRead {
  file: string;
  rows: number;
  ms: number;
  refused: string | null;
}

/**
 * The engine reads the bundle's large record files itself (direct.ts), before the record
 * reader takes the rest: entities the files name that topology.json does not declare are
 * registered as the record reader would (first line naming them), which gives their rows resources.
 * A file the engine gives up is left to the record reader.
 */
async function readDirect(
  runner: ChRunner,
  bundle: Bundle,
  catalog: Catalog,
  entities: EntitySync,
): Promise<{ done: Set<RecordFile>; extent: TimeWindow | null; reads: EngineRead[] }> {
  const { files, registry } = catalog;
  const done = new Set<RecordFile>();
  const reads: EngineRead[] = [];
  let extent: TimeWindow | null = null;
  for (const file of bundle.records) {
    if (!isDirect(file)) continue;
    entities.sync();
    const fileId = files.fileIds[file.kind];
    if (fileId === undefined) throw new Error(`internal: ${file.rel} was not registered`);
    catalog.report('records', file.rel);
    let read: DirectResult;
    try {
      read = await ingestDirect(runner, file);
    } catch (error) {
      if (!(error instanceof DirectRefused)) throw error;
      reads.push({ file: file.rel, rows: 0, ms: 0, refused: error.message });
      continue;
    }
    for (const u of read.undeclared) registry.resolve(u.eid, fileId, file.rel, u.line);
    entities.sync();
    files.stored(file, read.rows);
    files.fileDone(file, {
      sha256: read.scan.sha256,
      lines: read.scan.lines,
      rows: read.rows,
      bytes: read.scan.bytes,
      implausible: read.implausible,
    });
    extent = spanOf([extent, read.extent]);
    reads.push({ file: file.rel, rows: read.rows, ms: read.ms, refused: null });
    done.add(file);
  }
  return { done, extent, reads };
}

/**
 * A metric anomaly cites the first line of its point (signals/insert.ts looks it up in the
 * `metrics` table): those points' lines are asked of the engine and put in the catalog's
 * otherwise empty metrics table, so the signals are stored as a SQLite import stores them.
 */
function storeMetricPoints(db: Db, runner: ChRunner, signals: readonly SignalRow[], keyOf: (id: string) => number): void {
  const points = new Map<string, string>();
  for (const s of signals) {
    if (!s.point) continue;
    const time = Math.trunc(s.point.time);
    points.set(`${s.entity}\0${time}\0${s.point.metric}`, `(${sqlString(s.entity)}, ${time}, ${sqlString(s.point.metric)})`);
  }
  const tuples = [...points.values()];
  const put = db.prepare('INSERT OR IGNORE INTO metrics (line, entity, time, name, value) VALUES (?, ?, ?, ?, 0)');
  for (let i = 0; i < tuples.length; i += POINTS_PER_QUERY) {
    const rows = runner.rows(
      `SELECT EogEntity AS entity, toUnixTimestamp64Milli(TimeUnix) AS time, MetricName AS name, min(EogLine) AS line
       FROM otel_metrics_gauge WHERE (EogEntity, toUnixTimestamp64Milli(TimeUnix), MetricName) IN (${tuples.slice(i, i + POINTS_PER_QUERY).join(', ')})
       GROUP BY entity, time, name`,
    );
    for (const r of rows) put.run(Number(r.line), keyOf(String(r.entity)), Number(r.time), String(r.name));
  }
}
