/**
 * The evidence store: a snapshot bundle imported into SQLite (one file per snapshot, the
 * default) or ClickHouse (embedded through chdb, or a server), with provenance on every row
 * and derived signals, and the read-only query API the context packet builder and the UI use.
 * Import with `importBundle` (SQLite) or `importToStore` (any store spec), read with
 * `EvidenceStore.open` (a SQLite file) or `openEvidenceStore` (any store spec).
 */
import type { EvidenceStore as EvidenceStoreContract } from './evidence-store.js';
import { SqliteEvidenceStore } from './store.js';

export { importBundle, type ImportOptions, type ImportProgress, type ImportSummary, type SignalTiming } from './import.js';
export type EvidenceStore = EvidenceStoreContract;
/** Opens a SQLite evidence store file (see `openEvidenceStore` for the other kinds). */
export const EvidenceStore = { open: (file: string): EvidenceStore => SqliteEvidenceStore.open(file) };
export { SqliteEvidenceStore, NotAnEvidenceStoreError, UnknownEntityError } from './store.js';
export type { SeriesSource } from './evidence-store.js';
export type { EvidencePage, EvidenceQuery } from './query.js';
export { SourceUnavailableError, type RawLine } from './raw-lines.js';
export { StoreMetaError } from './meta.js';
export { deriveWindow, type WindowInfo, type WindowSource } from './window.js';
export { WorkerUnavailableError, type WorkerMode } from './ingest/run.js';
export type { SignalCounts } from './signals/build.js';
export { ensureStoredSignals, SignalsNotWritableError } from './signals/stored.js';
export { SeriesQueries, MAX_TRACE_SPANS, type MetricPoint, type SpanRow, type LogRow, type MarkerRow } from './series.js';
export type { LogCounts, MetricSeries } from './chart-series.js';
export type { EdgeBuckets, ExemplarChoice, FanOutBuckets, SpanBuckets, SpanSummary } from './span-series.js';
export { parseStoreSpec, describeStoreSpec, isClickHouseSpec, StoreSpecError, type StoreSpec } from './spec.js';
export { openEvidenceStore, importToStore, storeHoldsSnapshot, type OpenStoreOptions, type StoreImportSummary } from './open.js';
export { WindowFixedAtImportError } from './clickhouse/store.js';
export { WindowOutsideTelemetryError, type ChosenWindow } from './clickhouse/derive/periods.js';
export { COLLECTOR_SOURCE_KIND } from './clickhouse/derive/collector.js';
