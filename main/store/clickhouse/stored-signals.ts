import type { Relation } from '../../../core/model/topology.js';
import { recordFiles, type RecordFileName } from '../../../core/snapshot/schema.js';
import { entityFromRow } from '../rows.js';
import { SIGNALS_STATE_KEY, type DerivedSignals, type SignalsState } from '../signals/stored.js';
import { unresolvedCalleeWarnings } from '../signals/unresolved-warnings.js';
import { deriveImportedSignals } from './derive/imported.js';
import { sqlString, type ChRunner } from './runner.js';
import type { TimeWindow } from '../../../core/model/packet.js';
import type { StoreMeta } from '../meta.js';

/** What eog_meta holds beyond a store's meta: whether the import left the signals pending, and its records' extent. */
export interface ChStoreMeta extends StoreMeta {
  signalsState: SignalsState | null;
  extent: TimeWindow | null;
}

/** A ClickHouse store whose pending signals could not be stored (a read-only user, a full disk). */
export class ChSignalsNotWritableError extends Error {
  override name = 'ChSignalsNotWritableError';
  constructor(label: string, cause: unknown) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super(
      `${label}: this store's derived signals are computed on first use and stored in it, but storing them failed (${detail}); ` +
        'open it once as a user who may write, or re-import with "eog import --signals now"',
      { cause },
    );
  }
}

/**
 * Derives and stores the signals of a ClickHouse store whose import left them pending
 * (`eog import --store chdb:… --signals defer`, the CLI's default: the import then writes
 * records only), once, in SQL (derive/imported.ts, the derivation an import with
 * `--signals now` runs): the first reader does it. Rows a reader that stopped half-way left
 * are dropped first (that first write fails clearly for a user who may only read); the state turns `derived` only once every signal is in. Returns what was
 * stored and the warnings an import deriving them would have given, or null when they were
 * already there (a store without the key derived them at import). Two first readers at once
 * (two processes on one server) may both derive and store the same rows: the store reads one
 * row per signal id (`LIMIT 1 BY id`).
 */
export function ensureChSignals(runner: ChRunner, label: string, meta: ChStoreMeta): DerivedSignals | null {
  if (meta.signalsState !== ('pending' satisfies SignalsState)) return null;
  const { extent } = meta;
  const fileIds: Partial<Record<RecordFileName, number>> = {};
  let spansFile = 'spans';
  for (const r of runner.rows('SELECT id, kind, path FROM eog_files')) {
    const kind = String(r.kind);
    if (Object.hasOwn(recordFiles, kind)) fileIds[kind as RecordFileName] = Number(r.id);
    if (kind === 'spans') spansFile = String(r.path);
  }
  // The declared topology as the import had it: topology.json's entities and edges, in its order.
  const entities = runner
    .rows('SELECT eid, kind, name, namespace, labels, attrs FROM eog_entities WHERE is_declared = 1 ORDER BY line, id')
    .map((r) => entityFromRow(r as Record<string, string | number | null>));
  const edges = runner
    .rows('SELECT source, target, relation FROM eog_edges ORDER BY ord')
    .map((e) => ({ source: String(e.source), target: String(e.target), relation: e.relation as Relation }));
  try {
    runner.exec('TRUNCATE TABLE eog_signals');
  } catch (error) {
    throw new ChSignalsNotWritableError(label, error);
  }
  const derived = deriveImportedSignals(runner, {
    manifest: meta.manifest,
    window: meta.window,
    extent,
    topology: { entities, edges },
    fileIds,
  });
  runner.exec(`ALTER TABLE eog_meta DELETE WHERE key = ${sqlString(SIGNALS_STATE_KEY)} SETTINGS mutations_sync = 2`);
  runner.insert('eog_meta', ['key', 'value'], Buffer.from(`${JSON.stringify([SIGNALS_STATE_KEY, 'derived' satisfies SignalsState])}\n`));
  return { counts: derived.counts, warnings: unresolvedCalleeWarnings(derived.unresolvedCallees, spansFile) };
}
