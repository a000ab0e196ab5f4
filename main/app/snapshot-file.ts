import { readTableNames } from '../db/open.js';

/** A file that is neither a saved ledger nor an evidence store: named, with what it is instead. */
export class UnknownSnapshotFileError extends Error {
  override name = 'UnknownSnapshotFileError';
  constructor(file: string, detail: string) {
    super(
      `${file} is neither a saved ledger nor an evidence store (${detail}): open a ledger "eog investigate --ledger" wrote, a store "eog import" wrote, or a snapshot folder.`,
    );
  }
}

/**
 * What a file holds, told by its tables (both are SQLite files): a ledger has its events and
 * packets (main/ledger/migrations.ts), an evidence store its meta and entities
 * (main/store/schema.ts). Read without changing the file.
 */
export function snapshotFileKind(file: string): 'ledger' | 'store' {
  const tables = readTableNames(file);
  if (tables === null) throw new UnknownSnapshotFileError(file, 'not an SQLite file');
  const has = (...names: string[]): boolean => names.every((n) => tables.includes(n));
  if (has('events', 'packets')) return 'ledger';
  if (has('meta', 'entities', 'signals')) return 'store';
  throw new UnknownSnapshotFileError(file, "an SQLite file without a ledger's or a store's tables");
}
