import type { Statement } from 'better-sqlite3';
import type { TimeWindow } from '../../../core/model/packet.js';
import type { KnownEdge } from '../../../core/signals/index.js';
import type { RecordFileName, SnapshotManifest } from '../../../core/snapshot/schema.js';
import type { Db } from '../../db/open.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { ImportWarning } from '../../snapshot/errors.js';
import { BatchInserter, type Cells } from '../batch.js';
import type { EntityRegistry } from '../entities.js';
import { rawColumnCount } from '../schema.js';
import { buildSignals, type SignalRow } from '../signals/build.js';
import { SignalCollector, type RowObserver } from '../signals/collect.js';
import type { LogTemplateState } from '../signals/log-templates.js';
import { OPEN_EXTENT, Periods } from '../signals/periods.js';
import { deriveWindow, type AlertSpan, type WindowInfo } from '../window.js';
import type { FileDone, ProducerSink } from './produce.js';

interface Target {
  file: RecordFile;
  fileId: number;
  inserter: BatchInserter;
}

export interface Consumed {
  window: WindowInfo;
  extent: TimeWindow | null;
  signals: SignalRow[];
}

/**
 * Stores produced rows (main thread: the one SQLite connection) and feeds the signal
 * collector on the way, which balances the work against a parsing worker.
 */
export class RecordConsumer implements ProducerSink {
  private readonly targets = new Map<RecordFileName, Target>();
  readonly rows: Partial<Record<RecordFileName, number>> = {};
  readonly fileIds: Partial<Record<RecordFileName, number>> = {};
  readonly hashes: { rel: string; sha256: string }[] = [];
  readonly warnings: ImportWarning[] = [];
  totalRows = 0;
  /** Called after every batch with the file being read (for progress reports). */
  onBatch: ((file: string) => void) | null = null;
  private readonly setFile: Statement<unknown[]>;
  private readonly alerts: AlertSpan[] = [];
  private min = Infinity;
  private max = -Infinity;
  private collector: SignalCollector | null = null;
  private readonly observers = new Map<RecordFileName, RowObserver | null>();

  constructor(
    db: Db,
    files: readonly RecordFile[],
    addFile: Statement<unknown[]>,
    private readonly registry: EntityRegistry,
    private readonly manifest: SnapshotManifest,
  ) {
    this.setFile = db.prepare('UPDATE files SET sha256 = ?, lines = ?, rows = ? WHERE id = ?');
    for (const file of files) {
      const fileId = Number(addFile.run(file.rel, file.kind, '', 0, 0).lastInsertRowid);
      this.targets.set(file.kind, { file, fileId, inserter: new BatchInserter(db, file.kind, rawColumnCount[file.kind]) });
      this.fileIds[file.kind] = fileId;
    }
  }

  private target(kind: RecordFileName): Target {
    const t = this.targets.get(kind);
    if (!t) throw new Error(`internal: rows for ${kind} without a registered file`);
    return t;
  }

  /** Periods are fixed once the alerts (imported first) are in; see signals/periods.ts. */
  private observerFor(kind: RecordFileName): RowObserver | null {
    if (kind === 'alerts') return null;
    let observer = this.observers.get(kind);
    if (observer === undefined) {
      this.collector ??= new SignalCollector(Periods.fromPlan(deriveWindow(this.manifest, this.alerts, OPEN_EXTENT)));
      observer = this.collector.observerFor(kind);
      this.observers.set(kind, observer);
    }
    return observer;
  }

  /** Feeds signals and the extent, then replaces each entity id by its key in place and inserts. */
  batch(kind: RecordFileName, cells: Cells, count: number): void {
    const { file, fileId, inserter } = this.target(kind);
    const width = cells.length / count;
    const observe = this.observerFor(kind);
    const isAlerts = kind === 'alerts';
    for (let o = 0; o < cells.length; o += width) {
      const time = Number(cells[o + 2]);
      if (time < this.min) this.min = time;
      if (time > this.max) this.max = time;
      if (isAlerts) {
        const end = cells[o + 3];
        this.alerts.push({ name: String(cells[o + 4]), start: time, end: typeof end === 'number' ? end : null });
      }
      observe?.(cells, o);
      cells[o + 1] = this.registry.resolve(String(cells[o + 1]), fileId, file.rel, Number(cells[o]));
    }
    inserter.insert(cells, count);
    this.totalRows += count;
    this.onBatch?.(file.rel);
  }

  fileDone(kind: RecordFileName, done: FileDone): void {
    const { file, fileId } = this.target(kind);
    this.setFile.run(done.sha256, done.lines, done.rows, fileId);
    this.rows[kind] = done.rows;
    this.hashes.push({ rel: file.rel, sha256: done.sha256 });
    if (done.rows === 0) this.warnings.push({ file: file.rel, line: null, message: 'file has no records; nothing imported from it' });
  }

  /** The final window (the data extent is known now) and the derived signals. */
  finish(knownEdges: readonly KnownEdge[], templates: LogTemplateState): Consumed {
    const extent = this.min <= this.max ? { start: this.min, end: this.max } : null;
    const window = deriveWindow(this.manifest, this.alerts, extent);
    const collector = this.collector ?? new SignalCollector(Periods.fromPlan(window));
    return { window, extent, signals: buildSignals(collector, templates, { final: window, extent, knownEdges }) };
  }
}
