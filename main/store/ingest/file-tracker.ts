import type { Statement } from 'better-sqlite3';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { Db } from '../../db/open.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { ImportWarning } from '../../snapshot/errors.js';
import { rawIndexes } from '../schema.js';
import type { FileDone } from './produce.js';

/**
 * The main thread's record of the bundle's record files: their rows in the `files` table
 * (ids in bundle order whatever order the files are read in), rows stored so far, and each
 * file's hash and counts once it is done, whichever thread stored its rows.
 */
export class RecordFileTracker {
  readonly rows: Partial<Record<RecordFileName, number>> = {};
  readonly fileIds: Partial<Record<RecordFileName, number>> = {};
  readonly hashes: { rel: string; sha256: string }[] = [];
  private readonly implausible: Partial<Record<RecordFileName, FileDone['implausible']>> = {};
  totalRows = 0;
  /** Called as rows are stored, with the file they came from (for progress reports). */
  onRows: ((file: string) => void) | null = null;
  private readonly files: readonly RecordFile[];
  private readonly setFile: Statement<unknown[]>;

  constructor(
    private readonly db: Db,
    files: readonly RecordFile[],
    addFile: Statement<unknown[]>,
  ) {
    this.files = files;
    this.setFile = db.prepare('UPDATE files SET sha256 = ?, lines = ?, rows = ? WHERE id = ?');
    for (const file of files) {
      this.fileIds[file.kind] = Number(addFile.run(file.rel, file.kind, '', 0, 0).lastInsertRowid);
      this.rows[file.kind] = 0;
    }
  }

  /** Indexes the tables of kinds the bundle has no file for. */
  indexMissing(): void {
    for (const kind of Object.keys(rawIndexes) as RecordFileName[]) if (this.fileIds[kind] === undefined) this.db.exec(rawIndexes[kind]);
  }

  /** Files without records, and files with times outside 1990–2100 (one warning each, with the count), in bundle order. */
  get warnings(): ImportWarning[] {
    return this.files.flatMap((f): ImportWarning[] => {
      if (this.rows[f.kind] === 0) return [{ file: f.rel, line: null, message: 'file has no records; nothing imported from it' }];
      const far = this.implausible[f.kind];
      return far && far.count > 0 ? [{ file: f.rel, line: far.firstLine, message: implausibleMessage(far.count) }] : [];
    });
  }

  stored(file: RecordFile, rows: number): void {
    this.totalRows += rows;
    this.onRows?.(file.rel);
  }

  fileDone(file: RecordFile, done: FileDone): void {
    const fileId = this.fileIds[file.kind];
    if (fileId === undefined) throw new Error(`internal: ${file.rel} was not registered`);
    this.setFile.run(done.sha256, done.lines, done.rows, fileId);
    this.rows[file.kind] = done.rows;
    this.implausible[file.kind] = done.implausible;
    this.hashes.push({ rel: file.rel, sha256: done.sha256 });
  }
}

/** Said once per file: a clock or unit gone wrong shows in many records, not one line each. */
function implausibleMessage(count: number): string {
  return count === 1
    ? '1 record has a time outside 1990–2100 (the first on this line): check its unit (epoch ms) or its year'
    : `${count} records have a time outside 1990–2100 (the first on this line): check their unit (epoch ms) or their year`;
}
