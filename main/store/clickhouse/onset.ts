import type { OnsetBucket } from '../../../core/signals/onset.js';
import type { AlertAt, OnsetReader } from '../onset.js';
import { sqlString, type ChRunner } from './runner.js';

const MINUTE_MS = 60_000;

/** The engine's spans, for placing the onset (store/onset.ts): the same buckets the SQLite reader gives. */
export function clickHouseOnsetReader(runner: ChRunner): OnsetReader {
  const where = (entities: readonly string[]): string =>
    `entity IN (${entities.map(sqlString).join(', ')}) AND time >= {from:Int64} AND time <= {to:Int64}`;
  return {
    minutes(entities, from, to, slowMs) {
      if (entities.length === 0) return [];
      return runner
        .rows(
          `SELECT intDiv(time, ${MINUTE_MS}) * ${MINUTE_MS} AS start, count() AS calls, countIf(status = 'error') AS errors,
             ${Number.isFinite(slowMs) ? 'countIf(duration_ms > {slow:Float64})' : '0'} AS slow
           FROM spans WHERE ${where(entities)} GROUP BY start ORDER BY start`,
          Number.isFinite(slowMs) ? { from, to, slow: slowMs } : { from, to },
        )
        .map((r): OnsetBucket => ({ start: Number(r.start), calls: Number(r.calls), errors: Number(r.errors), slow: Number(r.slow) }));
    },
    quantile(entities, from, to, q) {
      if (entities.length === 0) return null;
      // The nearest-rank value, as the SQLite reader takes it: the ⌊q·n⌋-th smallest (from 0).
      const n = Number(runner.rows(`SELECT count() AS n FROM spans WHERE ${where(entities)}`, { from, to })[0]?.n ?? 0);
      if (n === 0) return null;
      const at = Math.min(n - 1, Math.floor(q * n));
      const [row] = runner.rows(`SELECT duration_ms FROM spans WHERE ${where(entities)} ORDER BY duration_ms LIMIT 1 OFFSET ${at}`, {
        from,
        to,
      });
      return row === undefined ? null : Number(row.duration_ms);
    },
  };
}

export function clickHouseAlerts(runner: ChRunner): AlertAt[] {
  return runner
    .rows('SELECT entity, name, time FROM alerts')
    .map((r) => ({ entity: String(r.entity), name: String(r.name), start: Number(r.time) }));
}
