import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { Db } from '../../db/open.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { RecordRow } from '../../snapshot/records.js';
import { BatchInserter, type Cells } from '../batch.js';
import { rawColumnTypes, rawIndexes } from '../schema.js';
import type { FileDone, ProducerSink } from './produce.js';

/** Rows per INSERT (at most 12 columns: within SQLite's 32766 bind limit). */
export const WRITER_BATCH_ROWS = 2000;

/** Bind values per row: line and entity key, then the record's columns. */
export const rowWidth = (kind: RecordFileName): number => 2 + rawColumnTypes[kind].length;

/**
 * The integer key of an entity named at `line` of a file, creating an undeclared entity the
 * first time (see EntityRegistry.resolve). Asked once per entity and file, at its first line.
 */
export type EntityResolver = (id: string, fileId: number, rel: string, line: number) => number;

export interface WriterHooks {
  resolveEntity: EntityResolver;
  /** After each INSERT, with the rows it stored (for progress). */
  onRows(file: RecordFile, rows: number): void;
  /** Once a file's rows are all stored and its table indexed. */
  onFileDone(file: RecordFile, done: FileDone): void;
}

interface Target {
  file: RecordFile;
  fileId: number;
  inserter: BatchInserter;
  width: number;
  keys: Map<string, number>;
  cells: Cells;
  rows: number;
}

/**
 * Stores parsed rows straight into the raw tables of one connection: the main store, or a
 * worker's part file that the main thread merges afterwards (ingest/part-store.ts). Each
 * table is indexed as soon as its file is complete.
 */
export class TableWriter implements ProducerSink {
  private readonly targets = new Map<RecordFileName, Target>();

  constructor(
    private readonly db: Db,
    private readonly fileIds: Partial<Record<RecordFileName, number>>,
    private readonly hooks: WriterHooks,
    private readonly batchRows = WRITER_BATCH_ROWS,
  ) {}

  private target(file: RecordFile): Target {
    let t = this.targets.get(file.kind);
    if (!t) {
      const fileId = this.fileIds[file.kind];
      if (fileId === undefined) throw new Error(`internal: rows for ${file.kind} without a registered file`);
      const width = rowWidth(file.kind);
      t = {
        file,
        fileId,
        width,
        inserter: new BatchInserter(this.db, file.kind, width),
        keys: new Map(),
        cells: new Array<string | number | null>(this.batchRows * width),
        rows: 0,
      };
      this.targets.set(file.kind, t);
    }
    return t;
  }

  row(file: RecordFile, line: number, row: RecordRow): void {
    const t = this.target(file);
    const entity = row[0];
    let key = t.keys.get(entity);
    if (key === undefined) {
      key = this.hooks.resolveEntity(entity, t.fileId, file.rel, line);
      t.keys.set(entity, key);
    }
    const cells = t.cells;
    let at = t.rows * t.width;
    cells[at++] = line;
    cells[at++] = key;
    for (let i = 1; i < row.length; i++) cells[at++] = row[i] ?? null;
    if (++t.rows === this.batchRows) this.flush(t);
  }

  fileDone(file: RecordFile, done: FileDone): void {
    const t = this.target(file);
    this.flush(t);
    this.db.exec(rawIndexes[file.kind]);
    this.hooks.onFileDone(file, done);
  }

  private flush(t: Target): void {
    if (t.rows === 0) return;
    const isFull = t.rows === this.batchRows;
    t.inserter.insert(isFull ? t.cells : t.cells.slice(0, t.rows * t.width), t.rows);
    this.hooks.onRows(t.file, t.rows);
    t.rows = 0;
  }
}
