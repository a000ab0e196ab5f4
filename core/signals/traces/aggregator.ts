import { requirePositiveInteger } from '../errors.js';
import { ParentIndex, type ChildCall } from './parent-index.js';
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
  durationMs: number;
  status: 'ok' | 'error' | 'unset';
  /** The span's status message (an error's description), when the record has one. */
  statusMessage?: string;
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

export interface TraceAggregation {
  edges: TraceEdgeSummary[];
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
  private readonly entityRoots = new Map<string, { window: number; baseline: number }>();
  private readonly messages = new StatusMessageCounter();
  private spans = 0;
  private roots = 0;

  constructor(options: TraceAggregatorOptions = {}) {
    this.parents = new ParentIndex(
      requirePositiveInteger('maxKnownSpans', options.maxKnownSpans ?? 500_000),
      requirePositiveInteger('maxPendingSpans', options.maxPendingSpans ?? 200_000),
    );
  }

  add(span: SpanInput, period: SpanPeriod): void {
    this.spans += 1;
    const child: ChildCall = {
      entity: span.entity,
      durationMs: span.durationMs,
      isError: span.status === 'error',
      period,
    };
    if (period) this.pairFor(this.entityStats, span.entity)[period].add(child.durationMs, child.isError);
    if (child.isError && span.statusMessage) this.messages.add(span.entity, span.statusMessage, period);
    const parentId = typeof span.parentSpanId === 'string' && span.parentSpanId.length > 0 ? span.parentSpanId : null;
    if (parentId === null) {
      this.roots += 1;
      if (period) this.rootsOf(span.entity)[period] += 1;
    }
    this.parents.add(span.traceId, span.spanId, parentId, child, this.recordEdge);
  }

  /** Summaries sorted by caller, callee (edges) and by entity; `knownEdges` decides isDiscovered. */
  finish(knownEdges: Iterable<KnownEdge>): TraceAggregation {
    const known = new Set<string>();
    for (const e of knownEdges) known.add(pairKey(e.source, e.target));
    const edges = [...this.edgeStats]
      .flatMap(([caller, callees]) => [...callees].map(([callee, pair]) => ({ caller, callee, pair })))
      .sort((a, b) => byText(a.caller, b.caller) || byText(a.callee, b.callee))
      .map(({ caller, callee, pair }) => ({
        caller,
        callee,
        ...compare(pair),
        isDiscovered: !known.has(pairKey(caller, callee)),
      }));
    const entities = [...this.entityStats.entries()]
      .sort(([a], [b]) => byText(a, b))
      .map(([entity, pair]) => ({ entity, ...compare(pair), roots: { ...(this.entityRoots.get(entity) ?? { window: 0, baseline: 0 }) } }));
    return {
      edges,
      entities,
      statusMessages: this.messages.finish(),
      spans: this.spans,
      rootSpans: this.roots,
      unresolvedSpans: this.parents.unresolved + this.parents.waiting,
    };
  }

  private readonly recordEdge = (caller: string, child: ChildCall, parentDurationMs: number): void => {
    if (caller === child.entity || !child.period) return;
    let callees = this.edgeStats.get(caller);
    if (!callees) {
      callees = new Map();
      this.edgeStats.set(caller, callees);
    }
    const pair = this.pairFor(callees, child.entity);
    pair[child.period].add(child.durationMs, child.isError);
    // Time the caller spent on the call beyond what the callee measured: the network and
    // queueing between them, where a delay injected on either side shows.
    pair[child.period].addGap(Math.max(0, parentDurationMs - child.durationMs));
  };

  private rootsOf(entity: string): { window: number; baseline: number } {
    let roots = this.entityRoots.get(entity);
    if (!roots) {
      roots = { window: 0, baseline: 0 };
      this.entityRoots.set(entity, roots);
    }
    return roots;
  }

  private pairFor(map: Map<string, PeriodPair>, key: string): PeriodPair {
    let pair = map.get(key);
    if (!pair) {
      pair = new PeriodPair();
      map.set(key, pair);
    }
    return pair;
  }
}

function pairKey(a: string, b: string): string {
  return `${a.length}:${a}${b}`;
}

/** Code-unit order: locale-independent, so every machine sorts alike. */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compare(pair: PeriodPair): Pick<TraceEdgeSummary, 'window' | 'baseline' | 'latencyRatio' | 'errorRateDelta'> {
  const window = pair.window.stats();
  const baseline = pair.baseline.stats();
  return { window, baseline, latencyRatio: latencyRatio(window, baseline), errorRateDelta: window.errorRate - baseline.errorRate };
}
