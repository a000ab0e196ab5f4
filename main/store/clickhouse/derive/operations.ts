import type { OperationCount, SpanOperations } from '../../signals/operations.js';
import { namesByKey, traceIdsOf } from '../../signals/span-key.js';
import { sqlString, type ChRunner } from '../runner.js';
import type { SqlPeriods } from './periods.js';

/**
 * signals/operations.ts's SpanOperations over the engine's spans view: the names of an
 * entity's spans with given keys, and its spans of given names per period (SqlPeriods, the
 * periods the SQLite store counts them in). Lists are inlined as quoted literals.
 */
export function clickHouseSpanOperations(runner: ChRunner, periods: SqlPeriods): SpanOperations {
  const list = (values: readonly string[]): string => values.map(sqlString).join(', ');
  return {
    namesOf(entity, keys) {
      if (keys.length === 0) return new Map();
      const rows = runner.rows(
        `SELECT trace_id, span_id, name FROM spans WHERE entity = {e:String} AND trace_id IN (${list(traceIdsOf(keys))})`,
        {
          e: entity,
        },
      );
      return namesByKey(
        keys,
        rows.map((r) => ({ traceId: String(r.trace_id), spanId: String(r.span_id), name: String(r.name) })),
      );
    },
    countsOf(entity, names) {
      const counts = new Map<string, OperationCount>(names.map((name) => [name, { name, window: 0, baseline: 0 }]));
      const rows = runner.rows(
        `SELECT name, period, count() AS n FROM (SELECT name, ${periods.period()} AS period FROM spans
           WHERE entity = {e:String} AND name IN (${list(names)}) AND ${periods.range}) WHERE period != '' GROUP BY name, period`,
        { ...periods.params, e: entity },
      );
      for (const r of rows) {
        const c = counts.get(String(r.name));
        if (c) c[r.period === 'window' ? 'window' : 'baseline'] += Number(r.n);
      }
      return [...counts.values()];
    },
  };
}
