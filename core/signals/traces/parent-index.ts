/**
 * Resolves the entity of a span's parent in bounded memory. Spans do not arrive parent
 * first, so a child whose parent is unknown waits in `pending`; both are capped and evict
 * in insertion order (oldest first), which is deterministic and suits exports grouped or
 * sorted by time, where a parent is rarely far from its children. Evicted waiting
 * children are counted as unresolved rather than guessed.
 *
 * Eviction order lives in explicit queues: taking the first key of a large Map that has
 * seen many deletions is slow in V8 (its iterator walks the holes), which made a million
 * spans take minutes. Spans are keyed by trace id, then span id (two-level maps): no key
 * string is built per span, and each id string hashes once.
 */
export interface ChildCall {
  entity: string;
  /** The span's operation name. */
  name: string;
  durationMs: number;
  isError: boolean;
  period: 'window' | 'baseline' | null;
  /** The period the whole span (start and end) lies in; null when it straddles a bound or lies outside. */
  wholePeriod: 'window' | 'baseline' | null;
  /** A client or producer span: its duration is the caller's wait for this one call. */
  isClient: boolean;
}

/** The parent span that made a child call. */
export interface ParentSpan {
  entity: string;
  name: string;
  durationMs: number;
  wholePeriod: 'window' | 'baseline' | null;
  isClient: boolean;
}

/** The parent span and the child call it made. */
export type EdgeSink = (parent: ParentSpan, child: ChildCall) => void;

interface KnownSpan extends ParentSpan {
  traceId: string;
  spanId: string;
}

/** A parent span that children wait for. */
interface Awaited {
  traceId: string;
  spanId: string;
}

/** Values keyed by (trace id, span id). */
class SpanMap<V> {
  private readonly traces = new Map<string, Map<string, V>>();

  get(traceId: string, spanId: string): V | undefined {
    return this.traces.get(traceId)?.get(spanId);
  }

  /** Sets the value; true when the key was new. */
  set(traceId: string, spanId: string, value: V): boolean {
    let spans = this.traces.get(traceId);
    if (spans === undefined) {
      spans = new Map();
      this.traces.set(traceId, spans);
    }
    const size = spans.size;
    spans.set(spanId, value);
    return spans.size !== size;
  }

  delete(traceId: string, spanId: string): void {
    const spans = this.traces.get(traceId);
    if (spans === undefined) return;
    spans.delete(spanId);
    if (spans.size === 0) this.traces.delete(traceId);
  }
}

export class ParentIndex {
  private readonly known = new SpanMap<KnownSpan>();
  private readonly knownRing: KnownSpan[] = [];
  private ringPos = 0;
  private readonly pending = new SpanMap<ChildCall[]>();
  private pendingKeys = 0;
  /** Parents in the order children started waiting for them; may hold ones already resolved. */
  private pendingQueue: Awaited[] = [];
  private queueHead = 0;
  private pendingCount = 0;
  unresolved = 0;

  constructor(
    private readonly maxKnown: number,
    private readonly maxPending: number,
  ) {}

  /** Registers a span of a trace; calls `sink` for every caller→child pair it completes. */
  add(traceId: string, spanId: string, parentSpanId: string | null, child: ChildCall, sink: EdgeSink): void {
    const known: KnownSpan = {
      traceId,
      spanId,
      entity: child.entity,
      name: child.name,
      durationMs: child.durationMs,
      wholePeriod: child.wholePeriod,
      isClient: child.isClient,
    };
    this.remember(known);
    if (this.pendingKeys > 0) {
      const waiting = this.pending.get(traceId, spanId);
      if (waiting) {
        this.pending.delete(traceId, spanId);
        this.pendingKeys -= 1;
        this.pendingCount -= waiting.length;
        for (const c of waiting) sink(known, c);
      }
    }
    if (parentSpanId === null) return;
    const parent = this.known.get(traceId, parentSpanId);
    if (parent !== undefined) {
      sink(parent, child);
      return;
    }
    const list = this.pending.get(traceId, parentSpanId);
    if (list) list.push(child);
    else {
      this.pending.set(traceId, parentSpanId, [child]);
      this.pendingKeys += 1;
      this.pendingQueue.push({ traceId, spanId: parentSpanId });
    }
    this.pendingCount += 1;
    while (this.pendingCount > this.maxPending) this.evictOldestPending();
    this.compactQueue();
  }

  /** Children still waiting for a parent; read once all spans are in. */
  get waiting(): number {
    return this.pendingCount;
  }

  private remember(span: KnownSpan): void {
    // One lookup instead of has() then set(): the ring only grows when the key is new.
    if (!this.known.set(span.traceId, span.spanId, span)) return;
    if (this.knownRing.length < this.maxKnown) this.knownRing.push(span);
    else {
      const oldest = this.knownRing[this.ringPos];
      if (oldest) this.known.delete(oldest.traceId, oldest.spanId);
      this.knownRing[this.ringPos] = span;
      this.ringPos = (this.ringPos + 1) % this.maxKnown;
    }
  }

  private evictOldestPending(): void {
    while (this.queueHead < this.pendingQueue.length) {
      const key = this.pendingQueue[this.queueHead++];
      const list = key && this.pending.get(key.traceId, key.spanId);
      if (!key || !list) continue; // resolved since it was queued
      this.pending.delete(key.traceId, key.spanId);
      this.pendingKeys -= 1;
      this.pendingCount -= list.length;
      this.unresolved += list.length;
      return;
    }
  }

  /** Drops consumed and resolved entries so the queue stays proportional to `pending`. */
  private compactQueue(): void {
    const length = this.pendingQueue.length;
    if (length < 1024 || length < 2 * this.pendingKeys) return;
    this.pendingQueue = this.pendingQueue.slice(this.queueHead).filter((k) => this.pending.get(k.traceId, k.spanId) !== undefined);
    this.queueHead = 0;
  }
}
