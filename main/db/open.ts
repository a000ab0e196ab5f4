import Database from 'better-sqlite3';

export type Db = Database.Database;

export class DatabaseTooNewError extends Error {
  override name = 'DatabaseTooNewError';
  constructor(file: string, found: number, known: number) {
    super(`${file} has schema version ${found}, newer than this build understands (${known}). ` + 'Upgrade EoG Workbench to open it.');
  }
}

export interface OpenOptions {
  readonly?: boolean;
  /** Page size for a new file (SQLite's default is 4096); must be set before WAL, which fixes it. */
  pageSize?: number;
}

/**
 * The one place that opens SQLite files: WAL, foreign keys, a busy timeout, and numbered
 * migrations tracked by `PRAGMA user_version`, all pending ones applied in one transaction.
 * `migrations[i]` brings the schema from version i to i + 1.
 */
export function openDatabase(file: string, migrations: readonly string[], options: OpenOptions = {}): Db {
  const db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  try {
    if (options.pageSize !== undefined) db.pragma(`page_size = ${Math.trunc(options.pageSize)}`);
    if (!options.readonly) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > migrations.length) throw new DatabaseTooNewError(file, version, migrations.length);
    if (version < migrations.length && !options.readonly) {
      db.transaction(() => {
        for (let v = version; v < migrations.length; v++) db.exec(migrations[v] as string);
        db.pragma(`user_version = ${migrations.length}`);
      })();
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The tables of an existing SQLite file, read without changing it (no migration, no WAL
 * switch); null when the file is not an SQLite database. Tells a ledger from an evidence store.
 */
export function readTableNames(file: string): string[] | null {
  let db: Db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    if (error instanceof Error && /not a database|file is not/i.test(error.message)) return null;
    throw error;
  }
  try {
    return db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((r) => r.name);
  } catch (error) {
    // better-sqlite3 opens any file lazily: the first read finds out it is not SQLite.
    if (error instanceof Error && /not a database|file is not/i.test(error.message)) return null;
    throw error;
  } finally {
    db.close();
  }
}
