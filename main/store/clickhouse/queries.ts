import { evidenceKinds, type EvidenceItem, type EvidenceKind } from '../../../core/model/evidence.js';
import type { TimeWindow } from '../../../core/model/packet.js';
import { byRank, zeroCounts, type EvidencePage, type EvidenceQuery } from '../query.js';
import { rawItem, signalItem, tableKind, type RawTable, type Row, type RowContext } from '../rows.js';
import type { ChParams, ChRow, ChRunner } from './runner.js';
import { CH_IS_ERROR_LOG } from './schema.js';

/** Pages kept for repeated questions (oldest dropped first): memory stays bounded whatever the store's size. */
const MAX_CACHED_PAGES = 2_000;

/** Entity and window as bound parameters of every per-entity query. */
const WINDOW = 'time >= {s:Int64} AND time <= {t:Int64}';
const RANGE = `entity = {e:String} AND ${WINDOW}`;

/**
 * The same segments, in the same order, as the SQLite store's (store/query.ts). Each `where`
 * holds for one entity's rows and for every entity's at once (SegmentCounts).
 */
const TAIL: readonly { table: RawTable; where: string }[] = [
  {
    table: 'events',
    where: 'AND (entity, line) NOT IN (SELECT entity, assumeNotNull(hides_line) FROM eog_signals WHERE hides_line IS NOT NULL)',
  },
  { table: 'logs', where: `AND ${CH_IS_ERROR_LOG} = 1` },
  { table: 'logs', where: `AND ${CH_IS_ERROR_LOG} = 0` },
  { table: 'spans', where: '' },
  { table: 'metrics', where: '' },
];

/** Windows whose segment counts are kept (oldest dropped first). */
const MAX_CACHED_WINDOWS = 64;

/**
 * The rows each tail segment matches per entity and window. The first entity asked about in a
 * window gets its own counts; once a second one is, every entity's are counted in one query
 * (a walk asks about most nodes in the same one or two windows, and a query costs the engine
 * milliseconds whatever its size, so 150 small ones cost more than two that read the window).
 */
class SegmentCounts {
  private readonly windows = new Map<string, { asked: Map<string, number[]>; all: Map<string, number[]> | null }>();

  constructor(private readonly runner: ChRunner) {}

  of(params: ChParams): number[] {
    const key = `${params.s}:${params.t}`;
    const entity = String(params.e);
    let window = this.windows.get(key);
    if (!window) {
      if (this.windows.size >= MAX_CACHED_WINDOWS) this.windows.delete(this.windows.keys().next().value ?? '');
      window = { asked: new Map(), all: null };
      this.windows.set(key, window);
    }
    if (window.all) return window.all.get(entity) ?? TAIL.map(() => 0);
    const asked = window.asked.get(entity);
    if (asked) return asked;
    if (window.asked.size === 0) {
      const sql = TAIL.map((s, i) => `SELECT ${i} AS i, count() AS n FROM ${s.table} WHERE ${RANGE} ${s.where}`).join(' UNION ALL ');
      const totals = TAIL.map(() => 0);
      for (const r of this.runner.rows(sql, params)) totals[Number(r.i)] = Number(r.n);
      window.asked.set(entity, totals);
      return totals;
    }
    const all = new Map<string, number[]>();
    const sql = TAIL.map(
      (s, i) => `SELECT ${i} AS i, entity, count() AS n FROM ${s.table} WHERE ${WINDOW} ${s.where} GROUP BY entity`,
    ).join(' UNION ALL ');
    for (const r of this.runner.rows(sql, params)) {
      const totals = all.get(String(r.entity)) ?? TAIL.map(() => 0);
      totals[Number(r.i)] = Number(r.n);
      all.set(String(r.entity), totals);
    }
    window.all = all;
    return all.get(entity) ?? TAIL.map(() => 0);
  }
}

/**
 * Ranked, paginated evidence of one entity, computed in ClickHouse: counts per segment are
 * aggregate queries (SegmentCounts), and only the rows of the page are read back.
 */
export class ChEvidenceQueries {
  constructor(
    private readonly runner: ChRunner,
    private readonly ctx: RowContext,
    /** Store rows name entities by id; the shared row mapping wants the store key. */
    private readonly keyed: (rows: ChRow[]) => Row[],
    private readonly heads: HeadRows,
  ) {
    this.counts = new SegmentCounts(runner);
  }

  /** Pages already answered: the store is read-only, and the walk revisits nodes with the same query. */
  private readonly pages = new Map<string, EvidencePage>();
  private readonly counts: SegmentCounts;

  evidenceFor(entity: string, window: TimeWindow, query: EvidenceQuery): EvidencePage {
    const key = JSON.stringify([entity, window.start, window.end, query.limit, query.offset ?? 0, query.kinds ?? null]);
    const cached = this.pages.get(key);
    if (cached) return structuredClone(cached);
    const page = this.compute(entity, window, query);
    if (this.pages.size >= MAX_CACHED_PAGES) this.pages.delete(this.pages.keys().next().value ?? '');
    this.pages.set(key, page);
    return structuredClone(page);
  }

  private compute(entity: string, window: TimeWindow, query: EvidenceQuery): EvidencePage {
    const kinds = new Set(query.kinds ?? evidenceKinds);
    const offset = query.offset ?? 0;
    const limit = Math.max(0, query.limit);
    const params: ChParams = { e: entity, s: window.start, t: window.end };
    const head = this.head(params, kinds);
    const counts = zeroCounts();
    for (const item of head) counts[item.kind]++;
    const totals = this.counts.of(params);
    const tail = TAIL.map((s, i) => ({ ...s, n: totals[i] ?? 0 })).filter((s) => kinds.has(tableKind[s.table]));
    for (const s of tail) counts[tableKind[s.table]] += s.n;
    const items = head.slice(offset, offset + limit);
    let skip = Math.max(0, offset - head.length);
    for (const { table, where, n } of tail) {
      if (items.length >= limit) break;
      if (skip >= n) {
        skip -= n;
        continue;
      }
      const rows = this.runner.rows(
        `SELECT * FROM ${table} WHERE ${RANGE} ${where} ORDER BY time, line LIMIT {l:UInt64} OFFSET {o:UInt64}`,
        {
          ...params,
          l: limit - items.length,
          o: skip,
        },
      );
      skip = 0;
      for (const r of this.keyed(rows)) items.push(rawItem(table, r, this.ctx));
    }
    const total = evidenceKinds.reduce((sum, k) => sum + counts[k], 0);
    const omittedByKind = { ...counts };
    for (const item of items) omittedByKind[item.kind]--;
    return { items, total, omittedByKind };
  }

  /** Alerts, changes and signals: few per entity, read once (see HeadRows) and ranked in memory. */
  private head(params: ChParams, kinds: ReadonlySet<EvidenceKind>): EvidenceItem[] {
    const rows = this.heads.of(String(params.e));
    const [start, end] = [Number(params.s), Number(params.t)];
    const items: EvidenceItem[] = [];
    if (kinds.has('alert')) {
      // An alert without an end was still firing when the snapshot was taken.
      for (const r of rows.alerts)
        if (num(r.time) <= end && (r.ends_at === null || num(r.ends_at) >= start)) items.push(rawItem('alerts', r, this.ctx));
    }
    if (kinds.has('change')) {
      for (const r of rows.changes) if (num(r.time) >= start && num(r.time) <= end) items.push(rawItem('changes', r, this.ctx));
    }
    for (const r of rows.signals) {
      if (num(r.time) < start || num(r.time) > end) continue;
      const item = signalItem(r, this.ctx);
      if (kinds.has(item.kind)) items.push(item);
    }
    return items.sort(byRank);
  }
}

const num = (v: Row[string] | undefined): number => Number(v);

/**
 * Each entity's alerts, changes and derived signals, read when the store opens (the signals
 * by the store, which also looks them up by id): they are few per entity (their count grows
 * with the entities, not the telemetry), and every packet starts with them. Rows are in the
 * SQLite store's order (time, then line).
 */
export class HeadRows {
  private readonly byEntity = new Map<string, { alerts: Row[]; changes: Row[]; signals: Row[] }>();

  /** `signals`: the derived signal rows, in eog_signals' order (entity, time, id), entity by id. */
  constructor(runner: ChRunner, keyed: (rows: ChRow[]) => Row[], signals: ChRow[]) {
    const add = (kind: 'alerts' | 'changes' | 'signals', raw: ChRow[]): void => {
      const entities = raw.map((r) => String(r.entity));
      keyed(raw).forEach((r, i) => this.slot(entities[i] ?? '')[kind].push(r));
    };
    add('alerts', runner.rows('SELECT * FROM alerts ORDER BY time, line'));
    add('changes', runner.rows('SELECT * FROM changes ORDER BY time, line'));
    add('signals', signals);
  }

  private slot(entity: string): { alerts: Row[]; changes: Row[]; signals: Row[] } {
    let slot = this.byEntity.get(entity);
    if (!slot) {
      slot = { alerts: [], changes: [], signals: [] };
      this.byEntity.set(entity, slot);
    }
    return slot;
  }

  of(entity: string): { alerts: readonly Row[]; changes: readonly Row[]; signals: readonly Row[] } {
    return this.byEntity.get(entity) ?? { alerts: [], changes: [], signals: [] };
  }
}
