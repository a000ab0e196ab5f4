import type { ImportWarning } from '../snapshot/errors.js';
import type { EvidenceItem } from '../../core/model/evidence.js';
import type { Buckets } from '../../core/charts/index.js';
import type { TimeWindow } from '../../core/model/packet.js';
import type { Topology } from '../../core/model/topology.js';
import type { SnapshotManifest } from '../../core/snapshot/schema.js';
import type { BandPeriod, LogCounts, MetricSeries } from './chart-series.js';
import type { EvidencePage, EvidenceQuery } from './query.js';
import type { RawLine } from './raw-lines.js';
import type { LogRow, MarkerRow, MetricPoint, SpanRow } from './series.js';
import type { EdgeBuckets, FanOutBuckets, SpanSummary } from './span-series.js';
import type { WindowInfo } from './window.js';

/**
 * Rows over time for the evidence charts; `entity` is the store key (EvidenceStore.entityKey).
 * The charts read the bucketed queries (metricSeries, spanSummary, edgeBuckets, logCounts):
 * ClickHouse computes them in SQL, so the process never pulls raw rows it does not draw. The
 * raw readers (metrics, spans, logs) serve tests and tools, not the charts.
 */
export interface SeriesSource {
  metrics(entity: number, start: number, end: number): MetricPoint[];
  /**
   * The entity's metric series in [start, end), in the order each first appears: per series
   * core/charts downsampleMinMax of its points over `columns` and baselineBand of those before
   * `baselineUntil`, exactly (chart-series.ts).
   */
  /** `band`: the period the baseline band is computed from (from inclusive, until exclusive: chartRange's metricBand). */
  metricSeries(entity: number, start: number, end: number, columns: number, band: BandPeriod): MetricSeries[];
  /**
   * Log lines of `entities` per bucket, all and per template text asked for (a line counts for
   * the first template it matches, tokenized as Drain does; chart-series.ts).
   */
  logCounts(entities: readonly number[], buckets: Buckets, templates: readonly string[]): LogCounts;
  spans(entity: number, start: number, end: number): SpanRow[];
  /**
   * The spans of `entities` (an alias group's keys) in the buckets' range, per bucket (the
   * caller passes the buckets' start and width): counts, failing share, p50/p95/p99; and the
   * span an exemplar trace is chosen for (its slowest failing span from `since`, else its
   * slowest). ClickHouse computes it in one query per part; no span row comes back but the exemplar.
   */
  spanSummary(entities: readonly number[], buckets: Buckets, since: number): SpanSummary;
  /** Caller- and callee-side p95 per bucket of the calls from `callers` to `callees` (parent/child spans); null without any. */
  edgeBuckets(callers: readonly number[], callees: readonly number[], buckets: Buckets): EdgeBuckets | null;
  /** Requests `entities` served and calls they made per bucket (their own child spans and those of `callees`); null without a request. */
  fanOutBuckets(entities: readonly number[], callees: readonly number[], buckets: Buckets): FanOutBuckets | null;
  trace(traceId: string): { spans: SpanRow[]; omitted: number };
  logs(entity: number, start: number, end: number): LogRow[];
  templates(entity: number): { id: string; score: number; detail: string }[];
  markers(entity: number, start: number, end: number): { alerts: MarkerRow[]; changes: MarkerRow[]; events: MarkerRow[] };
}

/**
 * The read-only evidence store an investigation, its packet builder, the bootstrap and the
 * charts read (docs/clickhouse.md). Two implementations: SQLite (store.ts, the default) and
 * ClickHouse (clickhouse/store.ts, embedded through chdb or a server). The contract is
 * synchronous, as better-sqlite3 is: the controller builds packets in a deterministic loop,
 * and a network store answers through a worker thread the caller waits on.
 */
export interface EvidenceStore {
  /** Where the store lives: a file path, `chdb:DIR` or a `clickhouse://` URL without password. */
  readonly file: string;
  /** What deriving the signals an import left pending said, for the first reader to tell (empty when nothing was pending). */
  readonly derivedWarnings: readonly ImportWarning[];
  close(): void;
  manifest(): SnapshotManifest;
  snapshotHash(): string;
  /** The investigation window (given, or derived at import; see windowInfo().source). */
  window(): TimeWindow;
  windowInfo(): WindowInfo;
  hasEntity(id: string): boolean;
  topology(): Topology;
  /** Ranked, paginated evidence for one entity in a window (store/query.ts says the order). */
  evidenceFor(entity: string, window: TimeWindow, query: EvidenceQuery): EvidencePage;
  series(): SeriesSource;
  /** The store's integer key of an entity id. */
  entityKey(entity: string): number;
  /** Every alert in the snapshot, by start time. */
  alerts(): EvidenceItem[];
  /** Every alert's labels, by evidence id; alerts without labels are left out (docs/scopes.md §1). */
  alertLabels(): Map<string, Record<string, string>>;
  evidenceById(id: string): EvidenceItem | null;
  /** The source lines an item came from (a sample for derived signals), read from the bundle. */
  rawLines(id: string): Promise<RawLine[]>;
}
