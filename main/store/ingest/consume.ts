import type { Statement } from 'better-sqlite3';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { Db } from '../../db/open.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { ImportWarning } from '../../snapshot/errors.js';
import { BatchInserter } from '../batch.js';
import type { EntityRegistry } from '../entities.js';
import { rawIndexes } from '../schema.js';
import { rowWidth, unpackBatch, type PackedBatch } from './packed.js';
import type { FileDone, ProducerSink } from './produce.js';

interface Target {
  file: RecordFile;
  fileId: number;
  inserter: BatchInserter;
}

/**
 * Writes produced rows into the raw tables: the main thread's share of an import, since it
 * holds the one SQLite connection. Batches of different files may arrive interleaved.
 */
export class RecordConsumer implements ProducerSink {
  private readonly targets = new Map<RecordFileName, Target>();
  readonly rows: Partial<Record<RecordFileName, number>> = {};
  readonly fileIds: Partial<Record<RecordFileName, number>> = {};
  readonly hashes: { rel: string; sha256: string }[] = [];
  totalRows = 0;
  /** Called after every batch with the file it came from (for progress reports). */
  onBatch: ((file: string) => void) | null = null;
  private readonly setFile: Statement<unknown[]>;

  constructor(
    private readonly db: Db,
    files: readonly RecordFile[],
    addFile: Statement<unknown[]>,
    private readonly registry: EntityRegistry,
  ) {
    this.setFile = db.prepare('UPDATE files SET sha256 = ?, lines = ?, rows = ? WHERE id = ?');
    // File ids follow the bundle's file order whatever order the files are read in.
    for (const file of files) {
      const fileId = Number(addFile.run(file.rel, file.kind, '', 0, 0).lastInsertRowid);
      this.targets.set(file.kind, { file, fileId, inserter: new BatchInserter(db, file.kind, rowWidth(file.kind)) });
      this.fileIds[file.kind] = fileId;
      this.rows[file.kind] = 0;
    }
  }

  /** Indexes the tables of kinds the bundle has no file for. */
  indexMissing(): void {
    for (const kind of Object.keys(rawIndexes) as RecordFileName[]) if (!this.targets.has(kind)) this.db.exec(rawIndexes[kind]);
  }

  /** Files without records, in bundle order. */
  get warnings(): ImportWarning[] {
    return [...this.targets.values()]
      .filter((t) => this.rows[t.file.kind] === 0)
      .map((t) => ({ file: t.file.rel, line: null, message: 'file has no records; nothing imported from it' }));
  }

  private target(kind: RecordFileName): Target {
    const t = this.targets.get(kind);
    if (!t) throw new Error(`internal: rows for ${kind} without a registered file`);
    return t;
  }

  batch(batch: PackedBatch): void {
    const { file, fileId, inserter } = this.target(batch.kind);
    const keys = batch.entities.map((id, i) => this.registry.resolve(id, fileId, file.rel, batch.entityLines[i] ?? null));
    inserter.insert(unpackBatch(batch, keys), batch.rows);
    this.totalRows += batch.rows;
    this.onBatch?.(file.rel);
  }

  /** Indexes the file's table at once: its rows are all in, other files may still be read. */
  fileDone(kind: RecordFileName, done: FileDone): void {
    const { file, fileId } = this.target(kind);
    this.db.exec(rawIndexes[kind]);
    this.setFile.run(done.sha256, done.lines, done.rows, fileId);
    this.rows[kind] = done.rows;
    this.hashes.push({ rel: file.rel, sha256: done.sha256 });
  }
}
