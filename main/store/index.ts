/**
 * The evidence store: a snapshot bundle imported into SQLite (one file per snapshot), with
 * provenance on every row and derived signals (derived at import, or by the first reader), and the read-only query API the context
 * packet builder and the UI use. Import with `importBundle`, read with `EvidenceStore.open`.
 */
export { importBundle, type ImportOptions, type ImportProgress, type ImportSummary, type SignalTiming } from './import.js';
export { EvidenceStore, NotAnEvidenceStoreError, UnknownEntityError } from './store.js';
export type { EvidencePage, EvidenceQuery } from './query.js';
export { SourceUnavailableError, type RawLine } from './raw-lines.js';
export { StoreMetaError } from './meta.js';
export { deriveWindow, type WindowInfo, type WindowSource } from './window.js';
export { WorkerUnavailableError, type WorkerMode } from './ingest/run.js';
export type { SignalCounts } from './signals/build.js';
export { ensureStoredSignals, SignalsNotWritableError } from './signals/stored.js';
export { SeriesQueries, MAX_TRACE_SPANS, type MetricPoint, type SpanRow, type LogRow, type MarkerRow } from './series.js';
