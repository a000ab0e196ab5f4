import { evidenceKinds, type EvidenceItem, type EvidenceKind } from '../../core/model/evidence.js';
import type { TimeWindow } from '../../core/model/packet.js';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open.js';
import { rawItem, signalItem, tableKind, type RawTable, type Row, type RowContext } from './rows.js';

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

/** Raw records after the ranked head, in this order, each by time. */
const TAIL: readonly RawTable[] = ['events', 'logs', 'spans', 'metrics'];

const ERROR_FIRST = "(upper(coalesce(severity, '')) IN ('ERROR', 'FATAL', 'CRITICAL', 'ALERT', 'EMERGENCY', 'EMERG')) DESC";

/** Raw events represented by a failure-event signal are not listed twice. */
const NOT_HIDDEN = `NOT EXISTS (SELECT 1 FROM signals s WHERE s.entity = t.entity AND s.hides_line = t.line)`;

export class EvidenceQueries {
  private readonly statements = new Map<string, Statement<unknown[]>>();

  constructor(
    private readonly db: Db,
    private readonly ctx: RowContext,
  ) {}

  private stmt(sql: string): Statement<unknown[]> {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

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
    const tailCounts = TAIL.filter((t) => kinds.has(tableKind[t])).map((table) => {
      const where = table === 'events' ? `AND ${NOT_HIDDEN}` : '';
      const row = this.stmt(`SELECT count(*) AS n FROM ${table} t WHERE entity = ? AND time >= ? AND time <= ? ${where}`).get(
        entityKey, window.start, window.end,
      ) as { n: number };
      counts[tableKind[table]] += row.n;
      return { table, n: row.n };
    });
    const items = head.slice(offset, offset + limit);
    let skip = Math.max(0, offset - head.length);
    for (const { table, n } of tailCounts) {
      if (items.length >= limit) break;
      if (skip >= n) {
        skip -= n;
        continue;
      }
      const where = table === 'events' ? `AND ${NOT_HIDDEN}` : '';
      // Error lines first: an analyst reads what went wrong before the routine chatter.
      const order = table === 'logs' ? `${ERROR_FIRST}, time, line` : 'time, line';
      const rows = this.stmt(
        `SELECT * FROM ${table} t WHERE entity = ? AND time >= ? AND time <= ? ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ).all(entityKey, window.start, window.end, limit - items.length, skip) as Row[];
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
      const rows = this.stmt(
        // An alert without an end was still firing when the snapshot was taken.
        'SELECT * FROM alerts t WHERE entity = ? AND time <= ? AND (ends_at IS NULL OR ends_at >= ?) ORDER BY time, line',
      ).all(entityKey, window.end, window.start) as Row[];
      for (const r of rows) items.push(rawItem('alerts', r, this.ctx));
    }
    if (kinds.has('change')) {
      const rows = this.stmt('SELECT * FROM changes t WHERE entity = ? AND time >= ? AND time <= ? ORDER BY time, line').all(
        entityKey, window.start, window.end,
      ) as Row[];
      for (const r of rows) items.push(rawItem('changes', r, this.ctx));
    }
    const signals = this.stmt('SELECT * FROM signals WHERE entity = ? AND time >= ? AND time <= ?').all(
      entityKey, window.start, window.end,
    ) as Row[];
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
