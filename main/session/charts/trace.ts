import type { ExemplarTrace, WaterfallSpan } from '../../../core/charts/index.js';
import type { ExemplarChoice, SeriesSource, SpanRow } from '../../store/index.js';

/** Depth of each span below its trace's roots; a span whose parent is not captured is a root. */
function depths(spans: readonly SpanRow[]): Map<string, number> {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const depth = new Map<string, number>();
  const of = (s: SpanRow, seen: Set<string>): number => {
    const known = depth.get(s.spanId);
    if (known !== undefined) return known;
    const parent = s.parentSpanId === null ? undefined : byId.get(s.parentSpanId);
    // A cycle in hostile data ends the walk instead of looping.
    const d = parent && !seen.has(parent.spanId) ? of(parent, seen.add(s.spanId)) + 1 : 0;
    depth.set(s.spanId, d);
    return d;
  };
  for (const s of spans) of(s, new Set());
  return depth;
}

/** One exemplar trace through the entity as a waterfall, the chosen span marked. */
export function exemplarTrace(queries: SeriesSource, chosen: ExemplarChoice | null): ExemplarTrace | null {
  if (!chosen) return null;
  const { spans: all, omitted } = queries.trace(chosen.span.traceId);
  const depth = depths(all);
  const waterfall: WaterfallSpan[] = all.map((s) => ({
    spanId: s.spanId,
    parentSpanId: s.parentSpanId,
    entity: s.entity,
    name: s.name,
    start: s.time,
    durationMs: s.durationMs,
    status: s.status,
    depth: depth.get(s.spanId) ?? 0,
    isMarked: s.line === chosen.span.line,
    evidenceId: `span:${s.line}`,
  }));
  const marked = all.find((s) => s.line === chosen.span.line);
  const reason = `${chosen.why} (${marked?.name ?? 'span'}, ${chosen.span.durationMs.toFixed(1)} ms)`;
  return { traceId: chosen.span.traceId, reason, spans: waterfall, omittedSpans: omitted };
}
