import { ChdbRunner } from './clickhouse/chdb-runner.js';
import { HttpRunner } from './clickhouse/http-runner.js';
import type { ChRunner } from './clickhouse/runner.js';
import { importIntoClickHouse, type EngineRead } from './clickhouse/ingest.js';
import { ClickHouseEvidenceStore, WindowFixedAtImportError } from './clickhouse/store.js';
import type { ChosenWindow } from './clickhouse/derive/periods.js';
import type { EvidenceStore } from './evidence-store.js';
import { importBundle, type ImportOptions, type ImportSummary } from './import.js';
import { describeStoreSpec, type StoreSpec } from './spec.js';
import { SqliteEvidenceStore } from './store.js';

export interface OpenStoreOptions {
  /** Where a server password is read from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Places the window of a database the OpenTelemetry Collector wrote (refused for any other store). */
  window?: ChosenWindow;
}

async function openRunner(spec: Exclude<StoreSpec, { kind: 'sqlite' }>, options: OpenStoreOptions): Promise<ChRunner> {
  return spec.kind === 'chdb' ? ChdbRunner.open(spec.dir) : HttpRunner.open(spec, options.env);
}

/** Opens the evidence store a spec names (spec.ts); ClickHouse stores load their client on demand. */
export async function openEvidenceStore(spec: StoreSpec, options: OpenStoreOptions = {}): Promise<EvidenceStore> {
  if (spec.kind === 'sqlite') {
    if (options.window) throw new WindowFixedAtImportError(spec.file);
    return SqliteEvidenceStore.open(spec.file);
  }
  const runner = await openRunner(spec, options);
  try {
    return new ClickHouseEvidenceStore(runner, describeStoreSpec(spec), options.window);
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
  /** The record files the ClickHouse engine read itself, or gave up to the record reader (absent for SQLite). */
  engineReads?: EngineRead[];
  /** Time ClickHouse spent deriving the signals in SQL (absent for SQLite). */
  signalsMs?: number;
}

/**
 * Imports a bundle into the store a spec names. SQLite: importBundle. ClickHouse: the same
 * validation, entity mapping and derived signals, with the records streamed into the
 * ClickHouse tables in large blocks (clickhouse/ingest.ts), replacing what the database held.
 */
export async function importToStore(
  bundleDir: string,
  spec: StoreSpec,
  options: ImportOptions & OpenStoreOptions = {},
): Promise<StoreImportSummary> {
  if (spec.kind === 'sqlite') return importBundle(bundleDir, spec.file, options);
  const runner = await openRunner(spec, options);
  try {
    const summary = await importIntoClickHouse(bundleDir, runner, options);
    return { ...summary, store: describeStoreSpec(spec) };
  } finally {
    runner.close();
  }
}
