import { EvidenceKind, type EvidenceItem } from '../../core/model/evidence.js';
import type { TimeWindow } from '../../core/model/packet.js';
import type { Relation, Topology } from '../../core/model/topology.js';
import type { SnapshotManifest } from '../../core/snapshot/schema.js';
import { openDatabase, type Db } from '../db/open.js';
import { StatementCache } from '../db/statements.js';
import { readMeta, type StoreMeta } from './meta.js';
import { EvidenceQueries, type EvidencePage, type EvidenceQuery } from './query.js';
import { alertLabelMap, type AlertLabelRow } from './alert-labels.js';
import { readRawLines, type RawLine } from './raw-lines.js';
import { entityFromRow, kindTable, rawItem, signalItem, type Row, type RowContext } from './rows.js';
import { SeriesQueries } from './series.js';
import type { EvidenceStore } from './evidence-store.js';
import { storeMigrations } from './schema.js';
import { ensureStoredSignals } from './signals/stored.js';
import type { WindowInfo } from './window.js';
import type { ImportWarning } from '../snapshot/errors.js';

export class NotAnEvidenceStoreError extends Error {
  override name = 'NotAnEvidenceStoreError';
  constructor(file: string, version: number) {
    super(
      `${file} is not an evidence store of this version (schema ${version}, expected ${storeMigrations.length}); create it with "eog import"`,
    );
  }
}

export class UnknownEntityError extends Error {
  override name = 'UnknownEntityError';
  constructor(entity: string) {
    super(`entity "${entity}" is not in this snapshot; use an id from topology()`);
  }
}

/** The SQLite evidence store: one file per imported snapshot (the default). */
export class SqliteEvidenceStore implements EvidenceStore {
  private readonly entityKeys = new Map<string, number>();
  private readonly entityIds: string[] = [];
  private readonly files = new Map<number, { path: string; sha256: string }>();
  private readonly filesByKind = new Map<string, { path: string; sha256: string }>();
  private readonly meta: StoreMeta;
  private readonly queries: EvidenceQueries;
  private readonly ctx: RowContext;
  /** The packet builder calls these in tight loops; shared with the evidence queries. */
  private readonly statements: StatementCache;
  private readonly seriesQueries: SeriesQueries;

  private constructor(
    private readonly db: Db,
    readonly file: string,
  ) {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== storeMigrations.length) throw new NotAnEvidenceStoreError(file, version);
    this.meta = readMeta(db, file);
    for (const r of db.prepare('SELECT id, eid FROM entities').all() as { id: number; eid: string }[]) {
      this.entityKeys.set(r.eid, r.id);
      this.entityIds[r.id] = r.eid;
    }
    for (const r of db.prepare('SELECT id, path, kind, sha256 FROM files').all() as {
      id: number;
      path: string;
      kind: string;
      sha256: string;
    }[]) {
      this.files.set(r.id, { path: r.path, sha256: r.sha256 });
      this.filesByKind.set(r.kind, { path: r.path, sha256: r.sha256 });
    }
    this.ctx = {
      entityId: (key) => this.entityIds[key] ?? `unknown#${key}`,
      file: (id) => this.files.get(id) ?? { path: `unknown#${id}`, sha256: '' },
      rawFile: (table) => this.filesByKind.get(table) ?? { path: `${table}.jsonl`, sha256: '' },
    };
    this.statements = new StatementCache(db);
    this.queries = new EvidenceQueries(this.statements, this.ctx);
    this.seriesQueries = new SeriesQueries(this.statements, this.ctx);
  }

  /**
   * What deriving this store's pending signals at open warned of (callee names no entity has),
   * as an import that derives them says it; empty when they were derived before.
   */
  derivedWarnings: readonly ImportWarning[] = [];

  /**
   * Opens a store read-only. A store whose import left its derived signals to the first
   * reader (`eog import`) gets them here, once, in a write transaction (signals/stored.ts).
   */
  static open(file: string): SqliteEvidenceStore {
    const derived = ensureStoredSignals(file);
    const db = openDatabase(file, storeMigrations, { readonly: true });
    try {
      const store = new SqliteEvidenceStore(db, file);
      store.derivedWarnings = derived?.warnings ?? [];
      return store;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  close(): void {
    this.db.close();
  }

  manifest(): SnapshotManifest {
    return this.meta.manifest;
  }

  snapshotHash(): string {
    return this.meta.snapshotHash;
  }

  /** The investigation window (given, or derived at import; see windowInfo().source). */
  window(): TimeWindow {
    return this.meta.window.window;
  }

  windowInfo(): WindowInfo {
    return this.meta.window;
  }

  hasEntity(id: string): boolean {
    return this.entityKeys.has(id);
  }

  /**
   * Declared entities in topology order, then undeclared ones where they were first named:
   * their keys follow the order in which parallel readers met them, which may vary.
   */
  topology(): Topology {
    const entities = (this.db.prepare('SELECT * FROM entities ORDER BY file_id, is_declared DESC, line, id').all() as Row[]).map(
      entityFromRow,
    );
    const edges = (
      this.db.prepare('SELECT source, target, relation FROM edges ORDER BY rowid').all() as {
        source: number;
        target: number;
        relation: Relation;
      }[]
    ).map((e) => ({ source: this.ctx.entityId(e.source), target: this.ctx.entityId(e.target), relation: e.relation }));
    return { entities, edges };
  }

  evidenceFor(entity: string, window: TimeWindow, query: EvidenceQuery): EvidencePage {
    const key = this.entityKeys.get(entity);
    if (key === undefined) throw new UnknownEntityError(entity);
    return this.queries.evidenceFor(key, window, query);
  }

  /** Raw rows over time for the evidence charts; `key` is the entity's store key (entityKey). */
  series(): SeriesQueries {
    return this.seriesQueries;
  }

  /** The store's integer key of an entity id. */
  entityKey(entity: string): number {
    const key = this.entityKeys.get(entity);
    if (key === undefined) throw new UnknownEntityError(entity);
    return key;
  }

  /** Every alert in the snapshot, by start time. */
  alerts(): EvidenceItem[] {
    return (this.statements.get('SELECT * FROM alerts ORDER BY time, line').all() as Row[]).map((r) => rawItem('alerts', r, this.ctx));
  }

  /** Every alert's labels, by evidence id; alerts without labels are left out (docs/scopes.md §1). */
  alertLabels(): Map<string, Record<string, string>> {
    return alertLabelMap(this.db.prepare('SELECT line, labels FROM alerts WHERE labels IS NOT NULL').all() as AlertLabelRow[]);
  }

  evidenceById(id: string): EvidenceItem | null {
    const raw = parseRawId(id);
    if (raw) {
      const row = this.statements.get(`SELECT * FROM ${kindTable[raw.kind]} WHERE line = ?`).get(raw.line) as Row | undefined;
      return row ? rawItem(kindTable[raw.kind], row, this.ctx) : null;
    }
    const row = this.statements.get('SELECT * FROM signals WHERE id = ?').get(id) as Row | undefined;
    return row ? signalItem(row, this.ctx) : null;
  }

  /** The source lines an item came from (a sample for derived signals), read from the bundle. */
  async rawLines(id: string): Promise<RawLine[]> {
    const item = this.evidenceById(id);
    if (!item) return [];
    let lines: number[] = item.provenance.line === null ? [] : [item.provenance.line];
    if (!parseRawId(id)) {
      const row = this.statements.get('SELECT sample_lines FROM signals WHERE id = ?').get(id) as { sample_lines: string };
      lines = [...new Set([...lines, ...(JSON.parse(row.sample_lines) as number[])])].sort((a, b) => a - b);
    }
    return readRawLines(this.meta.bundleRoot, item.provenance.file, lines);
  }
}

export const RAW_ID = /^(alert|event|log|metric|span|change):(\d+)$/;

export function parseRawId(id: string): { kind: EvidenceKind; line: number } | null {
  const m = RAW_ID.exec(id);
  if (!m) return null;
  return { kind: EvidenceKind.parse(m[1]), line: Number(m[2]) };
}
