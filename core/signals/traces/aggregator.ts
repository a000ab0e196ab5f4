import { requirePositiveInteger } from '../errors.js';
import { ParentIndex, type ChildCall, type ParentSpan } from './parent-index.js';
import { latencyRatio, PeriodPair, type PeriodSpanStats } from './period-stats.js';
import { StatusMessageCounter, type EntityStatusMessages } from './status-messages.js';

export type { PeriodSpanStats } from './period-stats.js';

export type SpanPeriod = 'window' | 'baseline' | null;

export interface SpanInput {
  traceId: string;
  spanId: string;
  /** Absent, null or empty for a root span. */
  parentSpanId?: string | null;
  entity: string;
  /** The operation name; operations are compared only when spans carry one. */
  name?: string;
  durationMs: number;
  status: 'ok' | 'error' | 'unset';
  /** The span's status message (an error's description), when the record has one. */
  statusMessage?: string;
  /** The span kind (OTLP `client`, `server`, …), when the record has one. */
  kind?: string;
}

/**
 * A client (or producer) span times one call from the caller's side, so the gap under it is
 * only the network and queueing between the two; a server span's duration also holds the
 * caller's own work. The kind as OTLP names it, or as the ClickHouse exporter writes it.
 */
export const CLIENT_SPAN_KINDS: readonly string[] = ['client', 'producer', 'span_kind_client', 'span_kind_producer'];

function isClientKind(kind: string | null | undefined): boolean {
  return !!kind && CLIENT_SPAN_KINDS.includes(kind.toLowerCase());
}

export interface TraceAggregatorOptions {
  /** Span ids remembered for parent lookup (oldest forgotten first). */
  maxKnownSpans?: number;
  /** Children remembered while their parent has not arrived (oldest dropped first). */
  maxPendingSpans?: number;
}

export interface KnownEdge {
  source: string;
  target: string;
}

export interface TraceEdgeSummary {
  caller: string;
  callee: string;
  window: PeriodSpanStats;
  baseline: PeriodSpanStats;
  /** Window p95 / baseline p95; null without both. */
  latencyRatio: number | null;
  errorRateDelta: number;
  /** No known (topology) edge caller→callee exists. */
  isDiscovered: boolean;
}

/** The entity's own spans: a delayed pod shows here even when every edge touching it is slow. */
export interface EntitySpanSummary {
  entity: string;
  window: PeriodSpanStats;
  baseline: PeriodSpanStats;
  latencyRatio: number | null;
  errorRateDelta: number;
  /** The entity's root spans per period: requests that entered the system at it (with the calls into it, what it served). */
  roots: { window: number; baseline: number };
}

/** Spans or calls per period. */
export interface PeriodCounts {
  window: number;
  baseline: number;
}

/**
 * One operation of an entity (its spans of one name) and the calls its spans made, by callee
 * entity and operation. Only spans that lie wholly in one period count, and their calls are
 * counted in that period: a span cut by the capture's end would read as one that stopped
 * calling.
 */
export interface OperationCalls {
  entity: string;
  name: string;
  spans: PeriodCounts;
  calls: Array<{ entity: string; name: string } & PeriodCounts>;
}

export interface TraceAggregation {
  edges: TraceEdgeSummary[];
  /** Per operation, sorted by entity, name (and its calls by entity, name). */
  operations: OperationCalls[];
  entities: EntitySpanSummary[];
  /** Each entity's own error spans' status messages (a few distinct, counted per period). */
  statusMessages: EntityStatusMessages[];
  spans: number;
  rootSpans: number;
  /** Children whose parent never arrived, or arrived after the memory caps let it go. */
  unresolvedSpans: number;
}

/**
 * Streams spans into caller→callee edges (caller = entity of the parent span, callee =
 * entity of the child; calls within one entity are not edges) and per-entity summaries,
 * separately for window and baseline. An edge call belongs to the child span's period;
 * spans outside both periods (null) are still indexed so their children can resolve.
 */
export class TraceEdgeAggregator {
  private readonly parents: ParentIndex;
  /** Caller → callee → stats; nested, so no key string is built per call. */
  private readonly edgeStats = new Map<string, Map<string, PeriodPair>>();
  private readonly entityStats = new Map<string, PeriodPair>();
  private readonly entityRoots = new Map<string, PeriodCounts>();
  private readonly messages = new StatusMessageCounter();
  /** Entity → operation name → its spans and their calls (callee → callee's operation → counts). */
  private readonly operations = new Map<string, Map<string, OperationStats>>();
  private spans = 0;
  private roots = 0;

  constructor(options: TraceAggregatorOptions = {}) {
    this.parents = new ParentIndex(
      requirePositiveInteger('maxKnownSpans', options.maxKnownSpans ?? 500_000),
      requirePositiveInteger('maxPendingSpans', options.maxPendingSpans ?? 200_000),
    );
  }

  /**
   * `period` is the period of the span's start; `wholePeriod` the period both its start and
   * end lie in (null when it straddles a bound), which decides whether its calls are compared.
   */
  add(span: SpanInput, period: SpanPeriod, wholePeriod: SpanPeriod = null): void {
    this.spans += 1;
    const child: ChildCall = {
      entity: span.entity,
      name: span.name ?? '',
      durationMs: span.durationMs,
      isError: span.status === 'error',
      period,
      wholePeriod: span.name ? wholePeriod : null,
      isClient: isClientKind(span.kind),
    };
    if (child.wholePeriod) this.operationOf(child.entity, child.name).spans[child.wholePeriod] += 1;
    if (period) entryOf(this.entityStats, span.entity, newPeriodPair)[period].add(child.durationMs, child.isError);
    if (child.isError && span.statusMessage) this.messages.add(span.entity, span.statusMessage, period);
    const parentId = typeof span.parentSpanId === 'string' && span.parentSpanId.length > 0 ? span.parentSpanId : null;
    if (parentId === null) {
      this.roots += 1;
      if (period) entryOf(this.entityRoots, span.entity, newCounts)[period] += 1;
    }
    this.parents.add(span.traceId, span.spanId, parentId, child, this.recordEdge);
  }

  /** Summaries sorted by caller, callee (edges) and by entity; `knownEdges` decides isDiscovered. */
  finish(knownEdges: Iterable<KnownEdge>): TraceAggregation {
    const known = new Set<string>();
    for (const e of knownEdges) known.add(pairKey(e.source, e.target));
    const edges = byTwoKeys(this.edgeStats).map(([caller, callee, pair]) => ({
      caller,
      callee,
      ...compare(pair),
      isDiscovered: !known.has(pairKey(caller, callee)),
    }));
    const entities = [...this.entityStats.entries()]
      .sort(([a], [b]) => byText(a, b))
      .map(([entity, pair]) => ({ entity, ...compare(pair), roots: { ...(this.entityRoots.get(entity) ?? { window: 0, baseline: 0 }) } }));
    const operations = byTwoKeys(this.operations).map(([entity, name, op]) => ({
      entity,
      name,
      spans: { ...op.spans },
      calls: byTwoKeys(op.calls).map(([callee, calleeName, counts]) => ({ entity: callee, name: calleeName, ...counts })),
    }));
    return {
      edges,
      operations,
      entities,
      statusMessages: this.messages.finish(),
      spans: this.spans,
      rootSpans: this.roots,
      unresolvedSpans: this.parents.unresolved + this.parents.waiting,
    };
  }

  private readonly recordEdge = (parent: ParentSpan, child: ChildCall): void => {
    if (!child.period) return;
    if (parent.wholePeriod) {
      const byName = entryOf(this.operationOf(parent.entity, parent.name).calls, child.entity, newCountsMap);
      entryOf(byName, child.name, newCounts)[parent.wholePeriod] += 1;
    }
    const caller = parent.entity;
    const parentDurationMs = parent.durationMs;
    if (caller === child.entity) return;
    const pair = entryOf(entryOf(this.edgeStats, caller, newPairMap), child.entity, newPeriodPair);
    pair[child.period].add(child.durationMs, child.isError);
    // Time the caller spent on the call beyond what the callee measured: the network and
    // queueing between them, where a delay injected on either side shows.
    pair[child.period].addGap(Math.max(0, parentDurationMs - child.durationMs), parent.isClient);
  };

  private operationOf(entity: string, name: string): OperationStats {
    return entryOf(entryOf(this.operations, entity, newOperationMap), name, newOperation);
  }
}

// Factories for entryOf, made once: a closure per call would allocate on every span.
const newPeriodPair = (): PeriodPair => new PeriodPair();
const newPairMap = (): Map<string, PeriodPair> => new Map();
const newCounts = (): PeriodCounts => ({ window: 0, baseline: 0 });
const newCountsMap = (): Map<string, PeriodCounts> => new Map();
const newOperation = (): OperationStats => ({ spans: newCounts(), calls: new Map() });
const newOperationMap = (): Map<string, OperationStats> => new Map();

/** A two-level map's entries as (outer key, inner key, value), sorted by both keys. */
function byTwoKeys<V>(map: Map<string, Map<string, V>>): Array<[string, string, V]> {
  return [...map]
    .flatMap(([a, inner]) => [...inner].map(([b, value]): [string, string, V] => [a, b, value]))
    .sort((x, y) => byText(x[0], y[0]) || byText(x[1], y[1]));
}

/** The map's value for a key, made and set first when absent. */
function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

interface OperationStats {
  spans: PeriodCounts;
  calls: Map<string, Map<string, PeriodCounts>>;
}

function pairKey(a: string, b: string): string {
  return `${a.length}:${a}${b}`;
}

/** Code-unit order: locale-independent, so every machine sorts alike. */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compare(pair: PeriodPair): Pick<TraceEdgeSummary, 'window' | 'baseline' | 'latencyRatio' | 'errorRateDelta'> {
  const window = pair.window.stats();
  const baseline = pair.baseline.stats();
  return { window, baseline, latencyRatio: latencyRatio(window, baseline), errorRateDelta: window.errorRate - baseline.errorRate };
}
