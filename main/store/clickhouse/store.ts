import { alertLabelMap, type AlertLabelRow } from '../alert-labels.js';
import type { EvidenceItem } from '../../../core/model/evidence.js';
import type { TimeWindow } from '../../../core/model/packet.js';
import type { Relation, Topology } from '../../../core/model/topology.js';
import { SnapshotManifest } from '../../../core/snapshot/schema.js';
import type { EvidenceStore, SeriesSource } from '../evidence-store.js';
import type { StoreMeta } from '../meta.js';
import type { EvidencePage, EvidenceQuery } from '../query.js';
import { readRawLines, type RawLine } from '../raw-lines.js';
import { entityFromRow, kindTable, rawItem, signalItem, type Row, type RowContext } from '../rows.js';
import { EXTENT_KEY, SIGNALS_STATE_KEY, type SignalsState } from '../signals/stored.js';
import { parseRawId, UnknownEntityError } from '../store.js';
import { COLLECTOR_FILES, deriveFromCollector, NoTelemetryError, type CollectorDerived } from './derive/collector.js';
import type { ChosenWindow } from './derive/periods.js';
import { hasProjectMeta } from './derive/views.js';
import { ChEvidenceQueries, HeadRows } from './queries.js';
import type { ChRow, ChRunner } from './runner.js';
import { CH_SCHEMA_VERSION } from './schema.js';
import { ChSeries } from './series.js';
import { ensureChSignals, type ChStoreMeta } from './stored-signals.js';
import type { ImportWarning } from '../../snapshot/errors.js';

export class NotAClickHouseStoreError extends Error {
  override name = 'NotAClickHouseStoreError';
  constructor(label: string, detail: string) {
    super(`${label} holds no evidence store of this version (${detail}); create it with "eog import <bundle> --store ${label}"`);
  }
}

/** Reads the store's meta in one query; throws NotAClickHouseStoreError when there is none (or another version). */
export function readChMeta(runner: ChRunner, label: string): ChStoreMeta {
  let rows: ChRow[];
  try {
    rows = runner.rows('SELECT key, value FROM eog_meta');
  } catch {
    throw new NotAClickHouseStoreError(label, 'no eog_meta table');
  }
  const map = new Map(rows.map((r) => [String(r.key), String(r.value)]));
  const version = map.get('schema_version');
  if (version !== String(CH_SCHEMA_VERSION))
    throw new NotAClickHouseStoreError(label, `schema ${version ?? 'none'}, expected ${CH_SCHEMA_VERSION}`);
  const need = (key: string): string => {
    const value = map.get(key);
    if (value === undefined) throw new NotAClickHouseStoreError(label, `meta "${key}" missing`);
    return value;
  };
  return {
    manifest: SnapshotManifest.parse(JSON.parse(need('manifest'))),
    snapshotHash: need('snapshot_hash'),
    window: JSON.parse(need('window')) as StoreMeta['window'],
    bundleRoot: need('bundle_root'),
    manifestFileId: Number(need('manifest_file_id')),
    signalsState: (map.get(SIGNALS_STATE_KEY) as SignalsState | undefined) ?? null,
    extent: map.has(EXTENT_KEY) ? (JSON.parse(need(EXTENT_KEY)) as TimeWindow | null) : null,
  };
}

/**
 * The evidence store on ClickHouse (chdb in process, or a server): the same answers as the
 * SQLite store, computed by the engine; only what a page shows comes back. A database with no
 * eog_meta that the OpenTelemetry Collector's exporter wrote is read where it is: its
 * topology and signals are derived at open (derive/collector.ts) and kept in memory.
 */
export class ClickHouseEvidenceStore implements EvidenceStore {
  private readonly entityKeys = new Map<string, number>();
  private readonly entityIds: string[] = [];
  private readonly files = new Map<number, { path: string; sha256: string }>();
  private readonly filesByKind = new Map<string, { path: string; sha256: string }>();
  private readonly meta: StoreMeta;
  private readonly ctx: RowContext;
  private readonly queries: ChEvidenceQueries;
  private readonly seriesSource: ChSeries;
  /** Set when the store is a Collector's database read without an import. */
  private readonly derived: CollectorDerived | null;
  /**
   * What deriving the signals an import left pending said (names no entity has), for the first
   * reader to tell as the import would have; empty when they were derived before.
   */
  derivedWarnings: readonly ImportWarning[] = [];
  /** Derived signal rows by id, entity by id (as eog_signals holds them). */
  private readonly signalsById = new Map<string, ChRow>();

  constructor(
    private readonly runner: ChRunner,
    readonly file: string,
    chosen?: ChosenWindow,
  ) {
    const isImported = hasProjectMeta(runner);
    if (isImported && chosen) throw new WindowFixedAtImportError(file);
    this.derived = isImported ? null : collectorStore(runner, file, chosen);
    if (this.derived) this.meta = this.derived.meta;
    else {
      const stored = readChMeta(runner, file);
      this.meta = stored;
      // An import that wrote records only left the signals to this first reader.
      this.derivedWarnings = ensureChSignals(runner, file, stored)?.warnings ?? [];
    }
    const entityRows = this.derived
      ? this.derived.topology.entities.map((e, i) => ({ id: i, eid: e.id }))
      : runner.rows('SELECT id, eid FROM eog_entities ORDER BY id');
    for (const r of entityRows) {
      this.entityKeys.set(String(r.eid), Number(r.id));
      this.entityIds[Number(r.id)] = String(r.eid);
    }
    const fileRows = this.derived
      ? Object.entries(COLLECTOR_FILES).map(([kind, f]) => ({ id: f.id, path: f.path, kind, sha256: '' }))
      : runner.rows('SELECT id, path, kind, sha256 FROM eog_files ORDER BY id');
    for (const r of fileRows) {
      const f = { path: String(r.path), sha256: String(r.sha256) };
      this.files.set(Number(r.id), f);
      this.filesByKind.set(String(r.kind), f);
    }
    this.ctx = {
      entityId: (key) => this.entityIds[key] ?? `unknown#${key}`,
      file: (id) => this.files.get(id) ?? { path: `unknown#${id}`, sha256: '' },
      rawFile: (table) => this.filesByKind.get(table) ?? { path: `${table}.jsonl`, sha256: '' },
    };
    const keyed = (rows: ChRow[]): Row[] => this.keyed(rows);
    // Few (their count grows with entities, not telemetry): held for packets and lookups by id.
    const signals = this.derived?.signals ?? runner.rows('SELECT * FROM eog_signals ORDER BY entity, time, id LIMIT 1 BY id');
    for (const r of signals) if (!this.signalsById.has(String(r.id))) this.signalsById.set(String(r.id), r);
    const heads = new HeadRows(
      runner,
      keyed,
      signals.map((r) => ({ ...r })),
    );
    this.queries = new ChEvidenceQueries(runner, this.ctx, keyed, heads);
    this.seriesSource = new ChSeries(runner, (key) => this.ctx.entityId(key), this.derived ? this.derived.signals : null);
  }

  /** Rows name entities by id; the shared row mapping (rows.ts) takes store keys. */
  private keyed(rows: ChRow[]): Row[] {
    for (const r of rows) r.entity = this.entityKeys.get(String(r.entity)) ?? -1;
    return rows;
  }

  close(): void {
    this.runner.close();
  }

  manifest() {
    return this.meta.manifest;
  }

  snapshotHash(): string {
    return this.meta.snapshotHash;
  }

  window(): TimeWindow {
    return this.meta.window.window;
  }

  windowInfo() {
    return this.meta.window;
  }

  hasEntity(id: string): boolean {
    return this.entityKeys.has(id);
  }

  /** In the SQLite store's order: declared entities in topology order, then undeclared ones. */
  topology(): Topology {
    if (this.derived) return structuredClone(this.derived.topology);
    const entities = this.runner.rows('SELECT * FROM eog_entities ORDER BY file_id, is_declared DESC, line, id').map(entityFromRow);
    const edges = this.runner
      .rows('SELECT source, target, relation FROM eog_edges ORDER BY ord')
      .map((e) => ({ source: String(e.source), target: String(e.target), relation: e.relation as Relation }));
    return { entities, edges };
  }

  evidenceFor(entity: string, window: TimeWindow, query: EvidenceQuery): EvidencePage {
    if (!this.entityKeys.has(entity)) throw new UnknownEntityError(entity);
    return this.queries.evidenceFor(entity, window, query);
  }

  series(): SeriesSource {
    return this.seriesSource;
  }

  entityKey(entity: string): number {
    const key = this.entityKeys.get(entity);
    if (key === undefined) throw new UnknownEntityError(entity);
    return key;
  }

  alerts(): EvidenceItem[] {
    return this.keyed(this.runner.rows('SELECT * FROM alerts ORDER BY time, line')).map((r) => rawItem('alerts', r, this.ctx));
  }

  alertLabels(): Map<string, Record<string, string>> {
    return alertLabelMap(this.runner.rows('SELECT line, labels FROM alerts WHERE labels IS NOT NULL') as unknown as AlertLabelRow[]);
  }

  evidenceById(id: string): EvidenceItem | null {
    const raw = parseRawId(id);
    if (raw) {
      const table = kindTable[raw.kind];
      const rows = this.keyed(this.runner.rows(`SELECT * FROM ${table} WHERE line = {n:UInt64} LIMIT 1`, { n: raw.line }));
      return rows[0] ? rawItem(table, rows[0], this.ctx) : null;
    }
    const rows = this.keyed(this.signalRows(id));
    return rows[0] ? signalItem(rows[0], this.ctx) : null;
  }

  /** A derived signal's row by id (entity by id). */
  private signalRows(id: string): ChRow[] {
    const row = this.signalsById.get(id);
    return row ? [{ ...row }] : [];
  }

  async rawLines(id: string): Promise<RawLine[]> {
    const item = this.evidenceById(id);
    // A Collector's database has no bundle to read lines from: the record is the evidence.
    if (!item || this.derived) return [];
    let lines: number[] = item.provenance.line === null ? [] : [item.provenance.line];
    if (!parseRawId(id)) {
      const row = this.signalRows(id)[0];
      lines = [...new Set([...lines, ...(JSON.parse(String(row?.sample_lines ?? '[]')) as number[])])].sort((a, b) => a - b);
    }
    return readRawLines(this.meta.bundleRoot, item.provenance.file, lines);
  }
}

/** A Collector's database (derive/collector.ts); without its tables, the store-missing error as before. */
function collectorStore(runner: ChRunner, label: string, chosen: ChosenWindow | undefined): CollectorDerived {
  try {
    return deriveFromCollector(runner, label, chosen);
  } catch (error) {
    if (error instanceof NoTelemetryError) throw new NotAClickHouseStoreError(label, error.message);
    throw error;
  }
}

/** A window was chosen for a store `eog import` wrote: its window and signals were fixed then. */
export class WindowFixedAtImportError extends Error {
  override name = 'WindowFixedAtImportError';
  constructor(label: string) {
    super(
      `${label} holds an imported snapshot, whose window was fixed at import (snapshot.json, its alerts): --window and --incident-time apply to a database the OpenTelemetry Collector wrote; re-import the bundle with the window in its snapshot.json instead`,
    );
  }
}
