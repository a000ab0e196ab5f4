import type { Db } from '../../db/open.js';
import type { SignalRow } from './build.js';
import type { Periods } from './periods.js';
import { namesByKey, traceIdsOf } from './span-key.js';

/** An entity's spans of one operation (span name) per period. */
export interface OperationCount {
  name: string;
  window: number;
  baseline: number;
}

/**
 * What a store answers about an entity's own spans, once they are stored: SQLite
 * (sqliteSpanOperations) and ClickHouse (clickhouse/derive/operations.ts) the same way.
 */
export interface SpanOperations {
  /** The names of the entity's spans with these keys (`traceId/spanId`), by key; keys it has no span for are left out. */
  namesOf(entity: string, keys: readonly string[]): Map<string, string>;
  /** The entity's spans of these names per period (start time; the periods of the signals). */
  countsOf(entity: string, names: readonly string[]): OperationCount[];
}

/** Operations kept per statement: a log statement runs in one or a few. */
const MAX_OPERATIONS = 4;

/**
 * Gives each log-template row that carries span keys (build.ts: a statement the window shows
 * much less of) the operations its baseline lines ran in, with the entity's spans of each per
 * period, and drops the keys. A log line's span is the one active in the process that wrote
 * it, so it is looked up among the same entity's spans; keys of spans the store lacks are
 * skipped, and a statement none of whose spans is found gets no operations (unknown, not
 * none). Rows are changed in place; per entity, one lookup of names and one of counts.
 */
export function linkTemplateOperations(rows: SignalRow[], spans: SpanOperations): void {
  const byEntity = new Map<string, SignalRow[]>();
  for (const row of rows) {
    if (row.spanKeys === undefined) continue;
    const list = byEntity.get(row.entity) ?? [];
    list.push(row);
    byEntity.set(row.entity, list);
  }
  for (const [entity, list] of byEntity) {
    const keys = [...new Set(list.flatMap((r) => r.spanKeys ?? []))];
    const names = spans.namesOf(entity, keys);
    const opsOf = new Map<SignalRow, string[]>();
    for (const row of list) {
      const ops = [...new Set((row.spanKeys ?? []).flatMap((k) => names.get(k) ?? []))].sort().slice(0, MAX_OPERATIONS);
      if (ops.length > 0) opsOf.set(row, ops);
    }
    const wanted = [...new Set([...opsOf.values()].flat())];
    const counts = new Map(wanted.length > 0 ? spans.countsOf(entity, wanted).map((c) => [c.name, c]) : []);
    for (const row of list) {
      delete row.spanKeys;
      const ops = opsOf.get(row);
      if (ops === undefined || row.detail.type !== 'log_template') continue;
      row.detail = {
        ...row.detail,
        operations: ops.map((name) => ({ name, window: counts.get(name)?.window ?? 0, baseline: counts.get(name)?.baseline ?? 0 })),
      };
    }
  }
}

/**
 * SpanOperations over a SQLite store's spans table (its entity index; `keyOf` gives an
 * entity's key there), with periods as the signals were measured in.
 */
export function sqliteSpanOperations(db: Db, periods: Periods, keyOf: (entity: string) => number | undefined): SpanOperations {
  const byTrace = db.prepare('SELECT trace_id, span_id, name FROM spans WHERE entity = ? AND trace_id IN (SELECT value FROM json_each(?))');
  const byName = db.prepare('SELECT name, time FROM spans WHERE entity = ? AND name IN (SELECT value FROM json_each(?))').raw();
  return {
    namesOf(entity, keys) {
      const key = keyOf(entity);
      if (key === undefined || keys.length === 0) return new Map();
      const rows = byTrace.all(key, JSON.stringify(traceIdsOf(keys))) as { trace_id: string; span_id: string; name: string }[];
      return namesByKey(
        keys,
        rows.map((r) => ({ traceId: r.trace_id, spanId: r.span_id, name: r.name })),
      );
    },
    countsOf(entity, names) {
      const key = keyOf(entity);
      const counts = new Map(names.map((name) => [name, { name, window: 0, baseline: 0 }]));
      if (key === undefined) return [...counts.values()];
      for (const [name, time] of byName.iterate(key, JSON.stringify(names)) as Iterable<[string, number]>) {
        const period = periods.periodOf(time);
        const c = counts.get(name);
        if (c && period !== null) c[period] += 1;
      }
      return [...counts.values()];
    },
  };
}
