import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { openDatabase, type Db } from '../db/open.js';
import { openBundle, type Bundle } from '../snapshot/bundle.js';
import type { ImportWarning } from '../snapshot/errors.js';
import { beginCatalog, finishCatalog, ingestInputOf } from './catalog.js';
import { placeOnset, sqliteAlerts, sqliteOnsetReader } from './onset.js';
import type { ImportOptions, ImportSummary } from './import-types.js';
import { IMPORT_PAGE_SIZE, useScratchPragmas } from './ingest/part-store.js';
import { ingestRecords, MAX_PRODUCERS } from './ingest/run.js';
import { signalIndexes, storeMigrations } from './schema.js';
import type { SignalCounts } from './signals/build.js';
import { insertSignals } from './signals/insert.js';
import { linkTemplateOperations, sqliteSpanOperations } from './signals/operations.js';
import { Periods } from './signals/periods.js';

export type { ImportOptions, ImportProgress, ImportSummary, SignalTiming } from './import-types.js';

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
  const catalog = beginCatalog(db, bundle, paths.started, options);
  const { files, registry, report } = catalog;
  let entityWarnings: ImportWarning[] = [];
  // While the workers derive the signals.
  const afterRecords = (): void => {
    entityWarnings = registry.finish();
    report('indexes', '');
    files.indexMissing();
    for (const sql of signalIndexes) db.exec(sql);
  };
  const derive = (options.signals ?? 'now') === 'now';
  const link = { db, files, registry, partFile: (i: number) => paths.temp + partSuffix(i) };
  const ingested = await ingestRecords(ingestInputOf(bundle, derive), link, options.worker ?? 'auto', afterRecords);
  // The onset the alerted entities' requests show; signals derived on the way with another are dropped for the first reader to derive.
  const placed = placeOnset(ingested.window, sqliteAlerts(db), bundle.topology.value, sqliteOnsetReader(db));
  const onsetMoved = placed.note !== null;
  // Signals derived with another onset are dropped, and so are the warnings their derivation
  // gave: the first reader derives them again and says them then, once.
  const produced = { ...ingested, window: placed.info, ...(onsetMoved ? { unresolvedCallees: [] } : {}) };
  let signals: SignalCounts | null = null;
  if (derive && !onsetMoved) {
    report('signals', '');
    linkTemplateOperations(
      produced.signals,
      sqliteSpanOperations(db, Periods.fromPlan(ingested.plan), (id) => registry.keyOf(id)),
    );
    signals = insertSignals(db, produced.signals, { fileIds: files.fileIds, entityKey: (id) => registry.keyOf(id) });
  }
  const summary = finishCatalog(db, bundle, catalog, {
    store: paths.dest,
    produced,
    derived: derive && !onsetMoved,
    signals,
    entityWarnings,
  });
  return placed.note === null
    ? summary
    : { ...summary, warnings: [{ file: 'snapshot.json', line: null, message: placed.note }, ...summary.warnings] };
}
