import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/open.js';
import { ChdbRunner } from './clickhouse/chdb-runner.js';
import { HttpRunner } from './clickhouse/http-runner.js';
import type { ChRunner } from './clickhouse/runner.js';
import { chSchema, CH_SCHEMA_VERSION, CH_TABLES } from './clickhouse/schema.js';
import { ClickHouseEvidenceStore } from './clickhouse/store.js';
import { NATIVE_TABLES, transferNative, transferStore } from './clickhouse/transfer.js';
import type { EvidenceStore } from './evidence-store.js';
import { importBundle, type ImportOptions, type ImportSummary } from './import.js';
import { readMeta } from './meta.js';
import { storeMigrations } from './schema.js';
import { describeStoreSpec, type StoreSpec } from './spec.js';
import { SqliteEvidenceStore } from './store.js';

export interface OpenStoreOptions {
  /** Where a server password is read from (default: process.env). */
  env?: NodeJS.ProcessEnv;
}

async function openRunner(spec: Exclude<StoreSpec, { kind: 'sqlite' }>, options: OpenStoreOptions): Promise<ChRunner> {
  return spec.kind === 'chdb' ? ChdbRunner.open(spec.dir) : HttpRunner.open(spec, options.env);
}

/** Opens the evidence store a spec names (spec.ts); ClickHouse stores load their client on demand. */
export async function openEvidenceStore(spec: StoreSpec, options: OpenStoreOptions = {}): Promise<EvidenceStore> {
  if (spec.kind === 'sqlite') return SqliteEvidenceStore.open(spec.file);
  const runner = await openRunner(spec, options);
  try {
    return new ClickHouseEvidenceStore(runner, describeStoreSpec(spec));
  } catch (error) {
    runner.close();
    throw error;
  }
}

/** Whether the store a spec names opens: an imported snapshot (of this schema), or a database the OpenTelemetry Collector wrote. */
export async function storeHoldsSnapshot(spec: StoreSpec, options: OpenStoreOptions = {}): Promise<boolean> {
  try {
    (await openEvidenceStore(spec, options)).close();
    return true;
  } catch {
    return false;
  }
}

export interface StoreImportSummary extends ImportSummary {
  /** Rows written into ClickHouse and how long that took (absent for SQLite). */
  clickhouse?: { rows: number; ms: number };
}

/**
 * Imports a bundle into the store a spec names. SQLite: importBundle. ClickHouse: the same
 * importer (validation, entity mapping, derived signals) into a scratch SQLite file, whose
 * rows are then written into the ClickHouse tables (clickhouse/schema.ts), replacing what the
 * database held; the meta rows go last, so a failed import leaves no store that opens.
 */
export async function importToStore(
  bundleDir: string,
  spec: StoreSpec,
  options: ImportOptions & OpenStoreOptions = {},
): Promise<StoreImportSummary> {
  if (spec.kind === 'sqlite') return importBundle(bundleDir, spec.file, options);
  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), 'eog-ch-import-'));
  let runner: ChRunner | null = null;
  try {
    // ClickHouse stores read their signals from eog_signals: they are derived here, never deferred.
    const summary = await importBundle(bundleDir, join(scratch, 'store.sqlite'), { ...options, signals: 'now' });
    runner = await openRunner(spec, options);
    for (const table of ['eog_meta', ...CH_TABLES, 'logs', 'spans', 'metrics']) runner.exec(`DROP TABLE IF EXISTS ${table}`);
    for (const sql of chSchema) runner.exec(sql);
    const db = openDatabase(summary.store, storeMigrations, { readonly: true });
    try {
      const ch = runner;
      const writeStarted = Date.now();
      const isEmbedded = spec.kind === 'chdb';
      const copied = transferStore(
        db,
        ch,
        (rows) => options.onProgress?.({ phase: 'records', file: 'clickhouse', rows, elapsedMs: Date.now() - started, rowsPerSecond: 0 }),
        isEmbedded ? NATIVE_TABLES : new Set(),
      );
      // The embedded engine reads the telemetry straight from the scratch file.
      const native = isEmbedded ? transferNative(ch, summary.store) : 0;
      const written = { rows: copied.rows + native, ms: Date.now() - writeStarted };
      const meta = readMeta(db, summary.store);
      const put = (key: string, value: string): void =>
        ch.insert('eog_meta', ['key', 'value'], Buffer.from(`${JSON.stringify([key, value])}\n`));
      put('manifest', JSON.stringify(meta.manifest));
      put('snapshot_hash', meta.snapshotHash);
      put('window', JSON.stringify(meta.window));
      put('bundle_root', meta.bundleRoot);
      put('manifest_file_id', String(meta.manifestFileId));
      put('schema_version', String(CH_SCHEMA_VERSION));
      return { ...summary, store: describeStoreSpec(spec), elapsedMs: Date.now() - started, clickhouse: written };
    } finally {
      db.close();
    }
  } finally {
    runner?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
