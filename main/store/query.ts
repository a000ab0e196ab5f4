import { evidenceKinds, type EvidenceItem, type EvidenceKind } from '../../core/model/evidence.js';
import type { TimeWindow } from '../../core/model/packet.js';
import type { StatementCache } from '../db/statements.js';
import { rawItem, signalItem, tableKind, type RawTable, type Row, type RowContext } from './rows.js';
import { IS_ERROR_LOG } from './schema.js';

export interface EvidenceQuery {
  limit: number;
  offset?: number;
  /** Only these kinds; all when absent. */
  kinds?: readonly EvidenceKind[];
}

export interface EvidencePage {
  items: EvidenceItem[];
  /** Everything that matched, before paging. */
  total: number;
  /** Matched but not on this page, per kind (zero for kinds that are fully shown). */
  omittedByKind: Record<EvidenceKind, number>;
}

/**
 * Raw records after the ranked head, in this order, each by time. Error lines come before
 * the other logs: an analyst reads what went wrong before the routine chatter. Each segment
 * is one range of an index (store/schema.ts), so a page costs its own rows, not the window's.
 */
const TAIL: readonly { table: RawTable; where: string }[] = [
  // Raw events represented by a failure-event signal are not listed twice.
  { table: 'events', where: 'AND NOT EXISTS (SELECT 1 FROM signals s WHERE s.entity = t.entity AND s.hides_line = t.line)' },
  { table: 'logs', where: `AND ${IS_ERROR_LOG} = 1` },
  { table: 'logs', where: `AND ${IS_ERROR_LOG} = 0` },
  { table: 'spans', where: '' },
  { table: 'metrics', where: '' },
];

export class EvidenceQueries {
  constructor(
    private readonly statements: StatementCache,
    private readonly ctx: RowContext,
  ) {}

  /**
   * Ranked, paginated evidence for one entity in a window: alerts overlapping the window,
   * changes and derived signals first (by score), then raw events, logs, spans and metrics.
   */
  evidenceFor(entityKey: number, window: TimeWindow, query: EvidenceQuery): EvidencePage {
    const kinds = new Set(query.kinds ?? evidenceKinds);
    const offset = query.offset ?? 0;
    const limit = Math.max(0, query.limit);
    const head = this.head(entityKey, window, kinds);
    const counts = zeroCounts();
    for (const item of head) counts[item.kind]++;
    const tail = TAIL.filter((s) => kinds.has(tableKind[s.table])).map(({ table, where }) => {
      const from = `FROM ${table} t WHERE entity = ? AND time >= ? AND time <= ? ${where}`;
      const row = this.statements.get(`SELECT count(*) AS n ${from}`).get(entityKey, window.start, window.end) as { n: number };
      counts[tableKind[table]] += row.n;
      return { table, from, n: row.n };
    });
    const items = head.slice(offset, offset + limit);
    let skip = Math.max(0, offset - head.length);
    for (const { table, from, n } of tail) {
      if (items.length >= limit) break;
      if (skip >= n) {
        skip -= n;
        continue;
      }
      const rows = this.statements
        .get(`SELECT * ${from} ORDER BY time, line LIMIT ? OFFSET ?`)
        .all(entityKey, window.start, window.end, limit - items.length, skip) as Row[];
      skip = 0;
      for (const r of rows) items.push(rawItem(table, r, this.ctx));
    }
    const total = evidenceKinds.reduce((sum, k) => sum + counts[k], 0);
    const omittedByKind = { ...counts };
    for (const item of items) omittedByKind[item.kind]--;
    return { items, total, omittedByKind };
  }

  /** Alerts, changes and signals: few per entity, so ranked in memory. */
  private head(entityKey: number, window: TimeWindow, kinds: ReadonlySet<EvidenceKind>): EvidenceItem[] {
    const items: EvidenceItem[] = [];
    if (kinds.has('alert')) {
      const rows = this.statements
        .get(
          // An alert without an end was still firing when the snapshot was taken.
          'SELECT * FROM alerts t WHERE entity = ? AND time <= ? AND (ends_at IS NULL OR ends_at >= ?) ORDER BY time, line',
        )
        .all(entityKey, window.end, window.start) as Row[];
      for (const r of rows) items.push(rawItem('alerts', r, this.ctx));
    }
    if (kinds.has('change')) {
      const rows = this.statements
        .get('SELECT * FROM changes t WHERE entity = ? AND time >= ? AND time <= ? ORDER BY time, line')
        .all(entityKey, window.start, window.end) as Row[];
      for (const r of rows) items.push(rawItem('changes', r, this.ctx));
    }
    const signals = this.statements
      .get('SELECT * FROM signals WHERE entity = ? AND time >= ? AND time <= ?')
      .all(entityKey, window.start, window.end) as Row[];
    for (const r of signals) {
      const item = signalItem(r, this.ctx);
      if (kinds.has(item.kind)) items.push(item);
    }
    return items.sort(byRank);
  }
}

/** Higher score first; ties by time, then id, so the order is total and deterministic. */
export function byRank(a: EvidenceItem, b: EvidenceItem): number {
  return b.score - a.score || a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function zeroCounts(): Record<EvidenceKind, number> {
  return { alert: 0, event: 0, log: 0, metric: 0, span: 0, change: 0 };
}
