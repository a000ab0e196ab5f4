import type { OperationCount, SpanOperations } from '../../signals/operations.js';
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
      const names = new Map<string, string>();
      if (keys.length === 0) return names;
      const wanted = new Set(keys);
      const traces = [...new Set(keys.map((k) => k.slice(0, k.indexOf('/'))))];
      const rows = runner.rows(`SELECT trace_id, span_id, name FROM spans WHERE entity = {e:String} AND trace_id IN (${list(traces)})`, {
        e: entity,
      });
      for (const r of rows) {
        const k = `${String(r.trace_id)}/${String(r.span_id)}`;
        if (wanted.has(k)) names.set(k, String(r.name));
      }
      return names;
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
