/**
 * Resolves the entity of a span's parent in bounded memory. Spans do not arrive parent
 * first, so a child whose parent is unknown waits in `pending`; both are capped and evict
 * in insertion order (oldest first), which is deterministic and suits exports grouped or
 * sorted by time, where a parent is rarely far from its children. Evicted waiting
 * children are counted as unresolved rather than guessed.
 *
 * Eviction order lives in explicit queues: taking the first key of a large Map that has
 * seen many deletions is slow in V8 (its iterator walks the holes), which made a million
 * spans take minutes.
 */
export interface ChildCall {
  entity: string;
  durationMs: number;
  isError: boolean;
  period: 'window' | 'baseline' | null;
}

/** The caller's entity, the child call, and the duration of the parent span that made it. */
export type EdgeSink = (caller: string, child: ChildCall, parentDurationMs: number) => void;

interface KnownSpan {
  entity: string;
  durationMs: number;
}

export class ParentIndex {
  private readonly known = new Map<string, KnownSpan>();
  private readonly knownRing: string[] = [];
  private ringPos = 0;
  private readonly pending = new Map<string, ChildCall[]>();
  /** Parent keys in the order they started waiting; may hold keys already resolved. */
  private pendingQueue: string[] = [];
  private queueHead = 0;
  private pendingCount = 0;
  unresolved = 0;

  constructor(
    private readonly maxKnown: number,
    private readonly maxPending: number,
  ) {}

  /** Registers a span; calls `sink` for every caller→child pair it completes. */
  add(key: string, parentKey: string | null, child: ChildCall, sink: EdgeSink): void {
    this.remember(key, { entity: child.entity, durationMs: child.durationMs });
    const waiting = this.pending.get(key);
    if (waiting) {
      this.pending.delete(key);
      this.pendingCount -= waiting.length;
      for (const c of waiting) sink(child.entity, c, child.durationMs);
    }
    if (parentKey === null) return;
    const parent = this.known.get(parentKey);
    if (parent !== undefined) {
      sink(parent.entity, child, parent.durationMs);
      return;
    }
    const list = this.pending.get(parentKey);
    if (list) list.push(child);
    else {
      this.pending.set(parentKey, [child]);
      this.pendingQueue.push(parentKey);
    }
    this.pendingCount += 1;
    while (this.pendingCount > this.maxPending) this.evictOldestPending();
    this.compactQueue();
  }

  /** Children still waiting for a parent; read once all spans are in. */
  get waiting(): number {
    return this.pendingCount;
  }

  private remember(key: string, span: KnownSpan): void {
    // One hash lookup instead of has() then set(): the map only grows when the key is new.
    const size = this.known.size;
    this.known.set(key, span);
    if (this.known.size === size) return;
    if (this.knownRing.length < this.maxKnown) this.knownRing.push(key);
    else {
      this.known.delete(this.knownRing[this.ringPos] ?? '');
      this.knownRing[this.ringPos] = key;
      this.ringPos = (this.ringPos + 1) % this.maxKnown;
    }
  }

  private evictOldestPending(): void {
    while (this.queueHead < this.pendingQueue.length) {
      const key = this.pendingQueue[this.queueHead++] ?? '';
      const list = this.pending.get(key);
      if (!list) continue; // resolved since it was queued
      this.pending.delete(key);
      this.pendingCount -= list.length;
      this.unresolved += list.length;
      return;
    }
  }

  /** Drops consumed and resolved entries so the queue stays proportional to `pending`. */
  private compactQueue(): void {
    const length = this.pendingQueue.length;
    if (length < 1024 || length < 2 * this.pending.size) return;
    this.pendingQueue = this.pendingQueue.slice(this.queueHead).filter((k) => this.pending.has(k));
    this.queueHead = 0;
  }
}
