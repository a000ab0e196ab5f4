/**
 * A span's key where a log line names it (log-templates.ts keeps a sample per statement):
 * trace id, `/`, span id. SPAN_KEY_SQL builds the same text in ClickHouse.
 */
export const spanKey = (traceId: string, spanId: string): string => `${traceId}/${spanId}`;
/** spanKey in SQL, over a row's trace_id and span_id. */
export const SPAN_KEY_SQL = "concat(trace_id, '/', span_id)";

/** The trace ids of these span keys, once each: what a store looks the spans up by. */
export function traceIdsOf(keys: readonly string[]): string[] {
  return [...new Set(keys.map((k) => k.slice(0, k.indexOf('/'))))];
}

/** The names of those of `spans` whose keys are among `keys`, by key (SpanOperations.namesOf's answer). */
export function namesByKey(
  keys: readonly string[],
  spans: Iterable<{ traceId: string; spanId: string; name: string }>,
): Map<string, string> {
  const wanted = new Set(keys);
  const names = new Map<string, string>();
  for (const s of spans) {
    const k = spanKey(s.traceId, s.spanId);
    if (wanted.has(k)) names.set(k, s.name);
  }
  return names;
}
