import { rmSync } from 'node:fs';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import { openDatabase, type Db } from '../../db/open.js';
import { rawIndexes, storeMigrations } from '../schema.js';

/**
 * Page size of imported stores and of the part files: 64 KiB pages take 13x fewer write
 * calls than SQLite's default 4 KiB during an import (measured with strace on a 1M-row
 * bundle); a store is written once and then only read, and its queries measured alike.
 */
export const IMPORT_PAGE_SIZE = 65536;

/**
 * Settings for a store file that is discarded unless the import completes (the temporary
 * store, and the part files of worker threads): no journal, no fsync.
 */
export function useScratchPragmas(db: Db): void {
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -65536');
}

/**
 * A worker thread's share of the store: a file with the store's schema in which the worker
 * writes and indexes the raw tables of its record files, in one transaction (COMMIT, then
 * close, before the main thread merges it).
 */
export function openPartStore(file: string): Db {
  rmSync(file, { force: true });
  const db = openDatabase(file, storeMigrations, { pageSize: IMPORT_PAGE_SIZE });
  useScratchPragmas(db);
  db.exec('BEGIN');
  return db;
}

/**
 * Copies the raw tables of `kinds` from a finished part file into the store, then deletes
 * the part. The store's tables are still empty and carry the same indexes as the part's, so
 * SQLite copies rows and index entries as they are stored (its transfer optimisation: no
 * re-encoding, no sorting), several times faster than inserting them again.
 */
export function mergePartStore(db: Db, file: string, kinds: readonly RecordFileName[]): void {
  db.prepare('ATTACH DATABASE ? AS part').run(file);
  for (const kind of kinds) {
    db.exec(rawIndexes[kind]);
    db.exec(`INSERT INTO main.${kind} SELECT * FROM part.${kind}`);
  }
  // DETACH is refused inside a transaction; the store has no journal, so a commit here costs nothing extra.
  db.exec('COMMIT');
  db.exec('DETACH DATABASE part');
  db.exec('BEGIN');
  rmSync(file, { force: true });
}
