import type { Statement } from 'better-sqlite3';
import { ContextPacket } from '../../core/model/index.js';
import { LedgerEvent, canonicalJson } from '../../core/ledger/index.js';
import type { StepRecord } from '../../core/controller/index.js';
import { openDatabase } from '../db/open.js';
import type { Db } from '../db/open.js';
import { ledgerMigrations } from './migrations.js';

export class LedgerSequenceError extends Error {
  override name = 'LedgerSequenceError';
  constructor(file: string, expected: number, found: number) {
    super(
      `${file}: step starts at event ${found} but the ledger continues at ${expected}. ` +
        'Another process may be writing the same ledger; resume it from a single process.',
    );
  }
}

export class CorruptLedgerError extends Error {
  override name = 'CorruptLedgerError';
  constructor(file: string, seq: number, detail: string) {
    super(`${file}: event ${seq} is unreadable (${detail}). Restore the file from a backup or start a new investigation.`);
  }
}

export interface LedgerFile {
  readonly file: string;
  /** Events after `afterSeq` (default: all) in sequence order, schema-checked. */
  events(afterSeq?: number): LedgerEvent[];
  /** One controller tick in one transaction: events, new packets, call durations. */
  appendStep(record: StepRecord): void;
  /** The exact packet a policy saw, by content hash; null when unknown. */
  packet(hash: string): ContextPacket | null;
  /** Wall-clock duration of each policy call, by the seq of its PolicyCalled event. */
  callMetrics(): Map<number, number>;
  close(): void;
}

interface Statements {
  insertEvent: Statement<[number, string, string]>;
  insertPacket: Statement<[string, string]>;
  insertMetric: Statement<[number, number]>;
  lastSeq: Statement<[], { seq: number | null }>;
}

function prepare(db: Db): Statements {
  return {
    insertEvent: db.prepare('INSERT INTO events (seq, type, body) VALUES (?, ?, ?)'),
    insertPacket: db.prepare('INSERT OR IGNORE INTO packets (hash, body) VALUES (?, ?)'),
    insertMetric: db.prepare('INSERT INTO call_metrics (seq, ms) VALUES (?, ?)'),
    lastSeq: db.prepare('SELECT max(seq) AS seq FROM events'),
  };
}

/** Opens (creating if needed) a ledger file; an existing one is resumed by folding events(). */
export function openLedger(file: string): LedgerFile {
  const db = openDatabase(file, ledgerMigrations);
  const sql = prepare(db);
  const append = db.transaction((record: StepRecord) => {
    const next = (sql.lastSeq.get()?.seq ?? -1) + 1;
    const first = record.events[0]?.seq ?? next;
    if (first !== next) throw new LedgerSequenceError(file, next, first);
    record.events.forEach((event, i) => {
      if (event.seq !== next + i) throw new LedgerSequenceError(file, next + i, event.seq);
      sql.insertEvent.run(event.seq, event.type, canonicalJson(event));
    });
    for (const packet of record.packets) sql.insertPacket.run(packet.hash, packet.json);
    for (const metric of record.metrics) sql.insertMetric.run(metric.seq, metric.ms);
  });

  return {
    file,
    events(afterSeq = -1) {
      const rows = db
        .prepare<[number], { seq: number; body: string }>('SELECT seq, body FROM events WHERE seq > ? ORDER BY seq')
        .all(afterSeq);
      return rows.map((row) => {
        const parsed = LedgerEvent.safeParse(JSON.parse(row.body));
        if (!parsed.success) throw new CorruptLedgerError(file, row.seq, parsed.error.issues[0]?.message ?? 'schema');
        if (parsed.data.seq !== row.seq) throw new CorruptLedgerError(file, row.seq, `body says seq ${parsed.data.seq}`);
        return parsed.data;
      });
    },
    appendStep(record) {
      append(record);
    },
    packet(hash) {
      const row = db.prepare<[string], { body: string }>('SELECT body FROM packets WHERE hash = ?').get(hash);
      return row ? ContextPacket.parse(JSON.parse(row.body)) : null;
    },
    callMetrics() {
      const rows = db.prepare<[], { seq: number; ms: number }>('SELECT seq, ms FROM call_metrics ORDER BY seq').all();
      return new Map(rows.map((row) => [row.seq, row.ms]));
    },
    close() {
      db.close();
    },
  };
}
