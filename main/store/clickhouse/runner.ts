/** One result row of a ClickHouse query (JSONEachRow, 64-bit integers as numbers). */
export type ChRow = Record<string, string | number | null>;

/** Query parameters, bound server-side to `{name:Type}` placeholders (never spliced into SQL). */
export type ChParams = Record<string, string | number>;

/**
 * What the ClickHouse store needs from an engine: the same SQL runs on chdb (in process) and
 * on a server (HTTP through @clickhouse/client). Reads are synchronous, like better-sqlite3:
 * see evidence-store.ts.
 */
export interface ChRunner {
  /** The database the store's tables are in (statements run in it). */
  readonly database: string;
  /** Rows of a SELECT. */
  rows(sql: string, params?: ChParams): ChRow[];
  /** A statement without a result (DDL, INSERT ... SELECT). */
  exec(sql: string, params?: ChParams): void;
  /** Appends JSONCompactEachRow rows (one JSON array per line) to a table. */
  insert(table: string, columns: readonly string[], body: Buffer): void;
  /**
   * Runs the statement `sql(source)` over a block file of this process: `source` is the
   * file's rows as a table of `structure` read in `format` (chdb: the file() table function;
   * a server: input(), fed the file as the request body). See block-sink.ts.
   */
  insertBlock(path: string, format: string, structure: string, sql: (source: string) => string): void;
  /**
   * How a statement numbers insertBlock's source rows in file order (direct.ts): chdb reads
   * the file itself, whose `_row_number` virtual column numbers the rows while every core
   * parses; a server reads the request body through input(), which has no row number, so the
   * rows are numbered as they arrive, parsed on one thread.
   */
  readonly sourceRows: { number: string; settings: Readonly<Record<string, number>> };
  close(): void;
}

/**
 * Settings of the queries that hold state for every span or request (the trace join, the
 * per-span log lists): the join is a grace hash join, whose buckets past the first wait on
 * disk and split when one outgrows JOIN_BYTES, and a GROUP BY spills to disk past
 * GROUP_BYTES, so memory stays bounded as the rows grow (in the workbench process on chdb).
 */
const JOIN_BYTES = 256 * 1024 * 1024;
const GROUP_BYTES = 128 * 1024 * 1024;
export const BOUNDED_MEMORY = `join_algorithm = 'grace_hash', grace_hash_join_initial_buckets = 8, max_bytes_in_join = ${JOIN_BYTES},
  max_bytes_before_external_group_by = ${GROUP_BYTES}`;

/** Output settings both engines get, so numbers come back as numbers. */
export const OUTPUT_SETTINGS = { output_format_json_quote_64bit_integers: 0, output_format_json_quote_denormals: 0 } as const;

export function parseJsonRows(text: string): ChRow[] {
  const out: ChRow[] = [];
  for (const line of text.split('\n')) if (line !== '') out.push(JSON.parse(line) as ChRow);
  return out;
}

/** A string as a ClickHouse SQL literal. */
export const sqlString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export class ClickHouseError extends Error {
  override name = 'ClickHouseError';
}
