import { mkdirSync } from 'node:fs';
import { totalmem } from 'node:os';
import { resolve } from 'node:path';
import { ClickHouseError, OUTPUT_SETTINGS, parseJsonRows, sqlString, type ChParams, type ChRow, type ChRunner } from './runner.js';

/** The part of the `chdb` package's Session the store uses (the package is an optional install). */
interface ChdbSession {
  query(query: string, format?: string): string;
  queryBind(query: string, args: object, format?: string): string;
  close(): void;
}
interface ChdbModule {
  Session: new (path?: string, opts?: { connectionArgs?: readonly string[] }) => ChdbSession;
}

export class ChdbMissingError extends Error {
  override name = 'ChdbMissingError';
  constructor(cause: unknown) {
    super(
      'the chdb store needs the optional "chdb" package (ClickHouse embedded, about 550 MB): run "npm install chdb" beside the workbench, or use a SQLite store or a clickhouse:// server',
      { cause },
    );
  }
}

/** A second data directory asked of the embedded engine while one is open in this process. */
export class ChdbBusyError extends Error {
  override name = 'ChdbBusyError';
  constructor(wanted: string, open: string | null, cause: unknown) {
    super(
      `chdb:${wanted} cannot be opened: this process has ${open === null ? 'another chdb store' : `chdb:${open}`} open, and the embedded ClickHouse keeps one data directory per process. Close what uses it first (in the app: close the snapshot or open one that does not use it), open that store instead, or use a clickhouse:// server`,
      { cause },
    );
  }
}

/** The data directory of each open session, so a refusal names the one in use. */
const openDirs = new Map<ChdbSession, string>();

/** The module name in a variable, so bundlers leave the optional import to run time. */
const CHDB_MODULE = 'chdb';

/**
 * How the embedded engine gives freed memory back (docs/clickhouse.md "Engine memory"). chdb's
 * allocator (jemalloc, built into the library) keeps freed pages for five seconds for reuse:
 * `fast`, its default. `low` returns them at once: an import's peak stays flat as the rows grow
 * (about 420–460 MB from 1M to 5M rows instead of 640–830 MB), and the engine runs several times
 * slower, since every buffer it frees is handed back to the kernel and faulted in again.
 */
export type EngineMemory = 'fast' | 'low';
export const engineMemoryModes: readonly EngineMemory[] = ['fast', 'low'];
/** Names the mode where no flag can (the app, `eog serve` opening a chdb store from the UI). */
export const ENGINE_MEMORY_ENV = 'EOG_ENGINE_MEMORY';
/** chdb's jemalloc reads its options from this variable when the library loads, and only then. */
export const CHDB_MALLOC_CONF_ENV = 'JE_MALLOC_CONF';
export const LOW_MEMORY_MALLOC_CONF = 'dirty_decay_ms:0,muzzy_decay_ms:0';

/**
 * Below this much memory in the machine the embedded engine gives freed memory back at once
 * unless told otherwise: `fast` keeps up to about half a gigabyte of freed pages during a large
 * import (BENCHMARKS.md §6b/§6c), a share such a machine cannot spare beside the app and the
 * investigation.
 */
export const LOW_MEMORY_MACHINE_BYTES = 8 * 1024 ** 3;

/** The mode when neither a flag nor EOG_ENGINE_MEMORY names one: by the machine's memory. */
export function defaultEngineMemory(totalBytes: number = totalmem()): EngineMemory {
  return totalBytes < LOW_MEMORY_MACHINE_BYTES ? 'low' : 'fast';
}

export class EngineMemoryError extends Error {
  override name = 'EngineMemoryError';
}

export function parseEngineMemory(text: string, source: string): EngineMemory {
  const mode = engineMemoryModes.find((m) => m === text);
  if (!mode) throw new EngineMemoryError(`${source}: "${text}" is not an engine memory mode (${engineMemoryModes.join(' or ')})`);
  return mode;
}

let requested: EngineMemory | null = null;
let loadedWith: EngineMemory | null = null;

/**
 * Chooses the mode for the engine this process will load. The allocator reads its options once,
 * when chdb loads: asking for another mode afterwards is refused rather than silently ignored.
 */
export function chooseEngineMemory(mode: EngineMemory): void {
  if (loadedWith !== null && loadedWith !== mode)
    throw new EngineMemoryError(
      `the embedded engine of this process already runs with engine memory "${loadedWith}"; it is chosen once, when the engine loads: start again with "${mode}"`,
    );
  requested = mode;
}

/** Loads chdb on first use; a clear error when it is not installed. */
export async function loadChdb(): Promise<ChdbModule> {
  const fromEnv = process.env[ENGINE_MEMORY_ENV];
  const mode = loadedWith ?? requested ?? (fromEnv === undefined ? defaultEngineMemory() : parseEngineMemory(fromEnv, ENGINE_MEMORY_ENV));
  // Options the user gave the allocator themselves are theirs to keep.
  if (mode === 'low' && process.env[CHDB_MALLOC_CONF_ENV] === undefined) process.env[CHDB_MALLOC_CONF_ENV] = LOW_MEMORY_MALLOC_CONF;
  try {
    const module = (await import(CHDB_MODULE)) as ChdbModule;
    loadedWith = mode;
    return module;
  } catch (error) {
    throw new ChdbMissingError(error);
  }
}

/** The database the embedded engine keeps the store in. */
export const CHDB_DATABASE = 'eog';

/**
 * ClickHouse embedded in this process (chdb), data under `dir`. chdb runs one engine per
 * process; a second store in another directory while one is open is refused by chdb.
 */
export class ChdbRunner implements ChRunner {
  readonly database = CHDB_DATABASE;

  private constructor(private readonly session: ChdbSession) {}

  static async open(dir: string): Promise<ChdbRunner> {
    const chdb = await loadChdb();
    const path = resolve(dir);
    mkdirSync(path, { recursive: true });
    const args = Object.entries(OUTPUT_SETTINGS).map(([k, v]) => `--${k}=${v}`);
    let session: ChdbSession;
    try {
      session = new chdb.Session(path, { connectionArgs: args });
      session.query(`CREATE DATABASE IF NOT EXISTS ${CHDB_DATABASE}`);
      session.query(`USE ${CHDB_DATABASE}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/one active data directory/i.test(message))
        throw new ChdbBusyError(path, [...openDirs.values()].find((d) => d !== path) ?? null, error);
      throw new ClickHouseError(`chdb: ${message}`, { cause: error });
    }
    openDirs.set(session, path);
    return new ChdbRunner(session);
  }

  rows(sql: string, params: ChParams = {}): ChRow[] {
    return parseJsonRows(this.run(sql, params, 'JSONEachRow'));
  }

  exec(sql: string, params: ChParams = {}): void {
    this.run(sql, params, 'TSV');
  }

  insert(table: string, columns: readonly string[], body: Buffer): void {
    if (body.length === 0) return;
    // Inline data after FORMAT is read by the engine's parser, not the SQL parser.
    this.run(`INSERT INTO ${table} (${columns.join(', ')}) FORMAT JSONCompactEachRow\n${body.toString('utf8')}`, {}, 'TSV');
  }

  readonly sourceRows = { number: '_row_number', settings: {} };

  insertBlock(path: string, format: string, structure: string, sql: (source: string) => string): void {
    this.run(sql(`file(${sqlString(resolve(path))}, ${sqlString(format)}, ${sqlString(structure)})`), {}, 'TSV');
  }

  close(): void {
    openDirs.delete(this.session);
    this.session.close();
  }

  private run(sql: string, params: ChParams, format: string): string {
    try {
      return Object.keys(params).length === 0 ? this.session.query(sql, format) : this.session.queryBind(sql, params, format);
    } catch (error) {
      throw new ClickHouseError(`chdb: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
