import { binomialLowerTailSurprise } from '../stats/binomial.js';
import type { LogPeriod } from './counts.js';

/**
 * A statement that, in the baseline, ran in (nearly) every request span that ran an earlier
 * one, and now often does not: the code between them fails or returns early. This is the
 * signature of an injected exception that only the log order shows.
 */
export interface BrokenSequence {
  entity: string;
  /** The template that still runs. */
  before: string;
  /** The template that used to follow it in the same span. */
  after: string;
  baselineSpans: number;
  baselineFollowed: number;
  windowSpans: number;
  windowFollowed: number;
  /** −log10 of the binomial probability of so few follow-ups at the baseline's rate. */
  surprise: number;
}

export interface SpanPairOptions {
  /** Spans whose template sets are held at once; older ones are folded into the counts. */
  maxOpenSpans?: number;
  /** Baseline spans with the earlier statement needed before its follow-up rate means anything. */
  minBaselineSpans?: number;
  /** Window spans with the earlier statement needed to test the follow-up. */
  minWindowSpans?: number;
  /** Share of baseline spans in which the later statement followed. */
  minFollowRate?: number;
}

interface OpenSpan {
  entity: string;
  spanKey: string;
  period: LogPeriod;
  /** Distinct templates in order of first appearance (a handful: an array beats a Set). */
  templates: string[];
  /** An open span of another entity with the same span key (rare: a chain, not a key string per line). */
  other: OpenSpan | null;
}

/** One entity's span counts per period, as folded here or counted elsewhere (ClickHouse: clickhouse/derive/logs.ts). */
export interface EntitySpanCounts {
  /** Template → spans it ran in. */
  spans: Record<LogPeriod, Map<string, number>>;
  /** Template → template that ran with it in the same span → spans; nested, so no pair key is built per span. */
  pairs: Record<LogPeriod, Map<string, Map<string, number>>>;
}

const DEFAULTS: Required<SpanPairOptions> = { maxOpenSpans: 20_000, minBaselineSpans: 8, minWindowSpans: 5, minFollowRate: 0.95 };

/** Templates per span are a handful; more means a span id reused by a long-lived worker. */
export const MAX_TEMPLATES_PER_SPAN = 40;

/**
 * Counts, per entity and period, the spans in which each log template ran and the spans in
 * which two templates ran together. Streaming, bounded memory: a span's template set is held
 * until `maxOpenSpans` newer spans arrive (logs of one span are written close together), then
 * folded into the counts. Deterministic for the same input order.
 */
export class SpanTemplatePairs {
  /** Open spans by span key; spans of several entities with one key are chained. */
  private readonly open = new Map<string, OpenSpan>();
  private openCount = 0;
  /** Open spans, oldest first: a Map's first key is slow to find after many deletions. */
  private queue: OpenSpan[] = [];
  private head = 0;
  private readonly byEntity = new Map<string, EntitySpanCounts>();
  private readonly settings: Required<SpanPairOptions>;

  constructor(options: SpanPairOptions = {}) {
    this.settings = { ...DEFAULTS, ...options };
  }

  add(entity: string, spanKey: string, templateId: string, period: LogPeriod): void {
    const first = this.open.get(spanKey);
    let span = first;
    while (span !== undefined && span.entity !== entity) span = span.other ?? undefined;
    if (!span) {
      span = { entity, spanKey, period, templates: [], other: first ?? null };
      this.open.set(spanKey, span);
      this.openCount += 1;
      this.queue.push(span);
      if (this.openCount > this.settings.maxOpenSpans) this.foldOldest();
    }
    if (span.templates.length < MAX_TEMPLATES_PER_SPAN && !span.templates.includes(templateId)) span.templates.push(templateId);
  }

  /** Broken sequences, most surprising first (ties by entity and template ids). */
  finish(): BrokenSequence[] {
    while (this.openCount > 0) this.foldOldest();
    return brokenSequences(this.byEntity, this.settings);
  }

  private foldOldest(): void {
    const span = this.queue[this.head++];
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    if (span === undefined) return;
    this.close(span);
    countSpanTemplates(this.byEntity, span.entity, span.period, span.templates);
  }

  /** Takes an open span out of the map (and out of its key's chain). */
  private close(span: OpenSpan): void {
    this.openCount -= 1;
    const first = this.open.get(span.spanKey);
    if (first === span) {
      if (span.other) this.open.set(span.spanKey, span.other);
      else this.open.delete(span.spanKey);
      return;
    }
    let before = first;
    while (before !== undefined && before.other !== span) before = before.other ?? undefined;
    if (before) before.other = span.other;
  }
}

/**
 * Counts `spans` request spans of an entity that ran the same template set (distinct
 * templates, in order of first appearance): each template's spans, and each pair's.
 */
export function countSpanTemplates(
  byEntity: Map<string, EntitySpanCounts>,
  entity: string,
  period: LogPeriod,
  templates: readonly string[],
  spans = 1,
): void {
  let counts = byEntity.get(entity);
  if (!counts) {
    counts = { spans: { window: new Map(), baseline: new Map() }, pairs: { window: new Map(), baseline: new Map() } };
    byEntity.set(entity, counts);
  }
  const withTemplate = counts.spans[period];
  const pairs = counts.pairs[period];
  for (const a of templates) {
    withTemplate.set(a, (withTemplate.get(a) ?? 0) + spans);
    if (templates.length === 1) continue;
    let followers = pairs.get(a);
    if (!followers) {
      followers = new Map();
      pairs.set(a, followers);
    }
    for (const b of templates) if (a !== b) followers.set(b, (followers.get(b) ?? 0) + spans);
  }
}

/**
 * The statements that stopped following another, from per-entity span counts: in the baseline
 * the later template ran in at least `minFollowRate` of the spans that ran the earlier one,
 * and the window has surprisingly few such spans. Most surprising first.
 */
export function brokenSequences(byEntity: ReadonlyMap<string, EntitySpanCounts>, options: SpanPairOptions = {}): BrokenSequence[] {
  const { minBaselineSpans, minWindowSpans, minFollowRate } = { ...DEFAULTS, ...options };
  const out: BrokenSequence[] = [];
  for (const [entity, counts] of byEntity) {
    for (const [before, followers] of counts.pairs.baseline) {
      const baselineSpans = counts.spans.baseline.get(before) ?? 0;
      const windowSpans = counts.spans.window.get(before) ?? 0;
      if (baselineSpans < minBaselineSpans || windowSpans < minWindowSpans) continue;
      const windowFollowers = counts.pairs.window.get(before);
      for (const [after, baselineFollowed] of followers) {
        if (baselineFollowed / baselineSpans < minFollowRate) continue;
        const windowFollowed = windowFollowers?.get(after) ?? 0;
        // A follow-up that never failed in the baseline is not proof it never will: cap at 98 %.
        const rate = Math.min(baselineFollowed / baselineSpans, 0.98);
        const surprise = binomialLowerTailSurprise(windowFollowed, windowSpans, rate);
        if (surprise <= 0) continue;
        out.push({
          entity,
          before,
          after,
          baselineSpans,
          baselineFollowed,
          windowSpans,
          windowFollowed,
          surprise: Math.round(surprise * 100) / 100,
        });
      }
    }
  }
  return out.sort((a, b) => b.surprise - a.surprise || cmp(a.entity, b.entity) || cmp(a.before, b.before) || cmp(a.after, b.after));
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
