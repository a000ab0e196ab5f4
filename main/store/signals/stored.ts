import type { Entity, Relation } from '../../../core/model/topology.js';
import { entityFromRow } from '../rows.js';
import type { TimeWindow } from '../../../core/model/packet.js';
import { recordFiles, type RecordFileName } from '../../../core/snapshot/schema.js';
import { openDatabase, type Db } from '../../db/open.js';
import type { RecordRow } from '../../snapshot/records.js';
import { readMeta } from '../meta.js';
import { storeMigrations } from '../schema.js';
import type { AlertSpan } from '../window.js';
import { buildSignals, type SignalCounts } from './build.js';
import { SignalCollector, alertSpanOf, logObserver, type RowObserver } from './collect.js';
import { linkTemplateOperations, sqliteSpanOperations } from './operations.js';
import { insertSignals } from './insert.js';
import { aliasExpandedEdges } from './known-edges.js';
import { unresolvedCalleeWarnings } from './unresolved-warnings.js';
import type { ImportWarning } from '../../snapshot/errors.js';
import { LogTemplateCollector } from './log-templates.js';
import { derivationWindow, Periods } from './periods.js';

/**
 * Whether a store holds its derived signals: `pending` when `eog import` left them to the
 * first reader (EvidenceStore.open derives them once, here), `derived` once they are stored.
 * Stores written before the key existed derived them at import.
 */
export type SignalsState = 'pending' | 'derived';
/** The meta keys of the signals' state and the records' extent (a ClickHouse store's eog_meta uses them too). */
export const SIGNALS_STATE_KEY = 'signals';
export const EXTENT_KEY = 'extent';
const STATE_KEY = SIGNALS_STATE_KEY;

/** Records the signals' state and the records' time extent (rates need it) at import. */
export function writeSignalsState(db: Db, state: SignalsState, extent: TimeWindow | null): void {
  const put = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  put.run(STATE_KEY, state);
  put.run(EXTENT_KEY, JSON.stringify(extent));
}

export function signalsState(db: Db): SignalsState {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(STATE_KEY) as { value: string } | undefined;
  return row?.value === 'pending' ? 'pending' : 'derived';
}

/** The records' time extent the import recorded (null when none was). */
export function storedExtent(db: Db): TimeWindow | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(EXTENT_KEY) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as TimeWindow | null) : null;
}

/**
 * Columns of each raw table after `line` and `entity`, in the order parseRecordLine gives
 * them; those no signal reads (signals/collect.ts) are read as NULL, which spares building
 * their strings.
 */
const COLUMNS: Record<RecordFileName, string> = {
  alerts: 'time, ends_at, name, NULL, NULL, NULL, NULL',
  events: 'time, type, reason, message, count, NULL',
  logs: 'time, severity, body, trace_id, span_id, NULL, NULL',
  metrics: 'time, name, value, unit, NULL, NULL',
  spans: 'time, duration_ms, trace_id, span_id, parent_span_id, name, status, status_message, kind, NULL',
  changes: 'time, kind, summary, diff, actor, NULL',
};

/** Rows read per query: one native call per page costs far less than one per row. */
const PAGE_ROWS = 16_384;

/**
 * Feeds the stored rows of one kind, in line order, to `observe` as the importer would have
 * fed the parsed records: the same cells (those read), the entity as its id.
 */
function replay(db: Db, kind: RecordFileName, entityIds: readonly string[], observe: RowObserver): void {
  const page = db.prepare(`SELECT line, entity, ${COLUMNS[kind]} FROM ${kind} WHERE line > ? ORDER BY line LIMIT ${PAGE_ROWS}`).raw(true);
  let after = 0;
  for (;;) {
    const rows = page.all(after) as (string | number | null)[][];
    for (const cells of rows) {
      const line = cells[0] as number;
      cells[0] = entityIds[cells[1] as number] ?? '';
      cells.splice(1, 1);
      observe(cells as RecordRow, line);
      after = line;
    }
    if (rows.length < PAGE_ROWS) return;
  }
}

/**
 * Derives the signals of a store imported with them left pending and stores them, in the
 * caller's transaction: the same collectors see the same rows in the same order as at import
 * (each signal depends on one record kind, and each kind's rows on nothing else), so the
 * signals are those an import that derived them would have stored.
 */
/** What deriving a store's pending signals stored, and the warnings an import would have given. */
export interface DerivedSignals {
  counts: SignalCounts;
  warnings: ImportWarning[];
}

export function deriveStoredSignals(db: Db, file: string): DerivedSignals {
  const meta = readMeta(db, file);
  const extent = storedExtent(db);
  const entityIds: string[] = [];
  const keys = new Map<string, number>();
  for (const r of db.prepare('SELECT id, eid FROM entities').all() as { id: number; eid: string }[]) {
    entityIds[r.id] = r.eid;
    keys.set(r.eid, r.id);
  }
  const fileIds: Partial<Record<RecordFileName, number>> = {};
  let spansFile = 'spans';
  for (const r of db.prepare('SELECT id, kind, path FROM files').all() as { id: number; kind: string; path: string }[]) {
    if (Object.hasOwn(recordFiles, r.kind)) fileIds[r.kind as RecordFileName] = r.id;
    if (r.kind === 'spans') spansFile = r.path;
  }
  const alerts: AlertSpan[] = [];
  replay(db, 'alerts', entityIds, (row) => alerts.push(alertSpanOf(row)));
  // As at import: the periods are fixed by the manifest and the alerts, before the extent is known.
  const periods = Periods.fromPlan(derivationWindow(meta.manifest, alerts, meta.window));
  const collector = new SignalCollector(periods);
  const templates = new LogTemplateCollector(periods);
  for (const kind of ['events', 'metrics', 'spans'] as const) {
    const observe = collector.observerFor(kind);
    if (observe && fileIds[kind] !== undefined) replay(db, kind, entityIds, observe);
  }
  if (fileIds.logs !== undefined) replay(db, 'logs', entityIds, logObserver(templates));
  const topology = storedTopology(db, entityIds);
  const knownEdges = aliasExpandedEdges(topology);
  const entities = topology.entities.map((e) => ({ id: e.id, kind: e.kind, name: e.name }));
  // Names no entity has: the warnings an import deriving the signals gives, told to this reader.
  const { rows, unresolvedCallees } = buildSignals(collector, templates.state(), { final: meta.window, extent, knownEdges, entities });
  linkTemplateOperations(
    rows,
    sqliteSpanOperations(db, periods, (id) => keys.get(id)),
  );
  const counts = insertSignals(db, rows, {
    fileIds,
    entityKey: (id) => {
      const key = keys.get(id);
      if (key === undefined) throw new Error(`internal: signal for entity "${id}", which the store does not hold`);
      return key;
    },
  });
  db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('derived' satisfies SignalsState, STATE_KEY);
  return { counts, warnings: unresolvedCalleeWarnings(unresolvedCallees, spansFile) };
}

/** The declared topology as the importer had it (topology.json's entities and edges). */
function storedTopology(
  db: Db,
  entityIds: readonly string[],
): { entities: Entity[]; edges: { source: string; target: string; relation: Relation }[] } {
  const entities = (
    db.prepare('SELECT * FROM entities WHERE is_declared = 1 ORDER BY line, id').all() as Record<string, string | null>[]
  ).map(entityFromRow);
  const edges = (
    db.prepare('SELECT source, target, relation FROM edges ORDER BY rowid').all() as {
      source: number;
      target: number;
      relation: Relation;
    }[]
  ).map((e) => ({ source: entityIds[e.source] ?? '', target: entityIds[e.target] ?? '', relation: e.relation }));
  return { entities, edges };
}

export class SignalsNotWritableError extends Error {
  override name = 'SignalsNotWritableError';
  constructor(file: string, cause: unknown) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super(
      `${file}: this store's derived signals are computed on first use and stored in it, but it cannot be written (${detail}); ` +
        'copy it somewhere writable, or re-import with "eog import --signals now"',
    );
  }
}

/** A reader waits this long for another process deriving the same store's signals. */
const DERIVE_WAIT_MS = 10 * 60_000;

/**
 * Derives and stores the signals of a store whose import left them pending, once: the first
 * reader does it in one write transaction (a second reader waits for it, then finds them
 * stored). Returns the counts, or null when there was nothing to do (or the file is not an
 * evidence store of this version, which opening it then reports).
 */
export function ensureStoredSignals(file: string): DerivedSignals | null {
  const probe = openDatabase(file, storeMigrations, { readonly: true });
  try {
    if (probe.pragma('user_version', { simple: true }) !== storeMigrations.length || signalsState(probe) !== 'pending') return null;
  } finally {
    probe.close();
  }
  let db: Db;
  try {
    db = openDatabase(file, storeMigrations);
  } catch (error) {
    throw new SignalsNotWritableError(file, error);
  }
  try {
    db.pragma(`busy_timeout = ${DERIVE_WAIT_MS}`);
    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      throw new SignalsNotWritableError(file, error);
    }
    try {
      const counts = signalsState(db) === 'pending' ? deriveStoredSignals(db, file) : null;
      db.exec('COMMIT');
      return counts;
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    db.close();
  }
}
