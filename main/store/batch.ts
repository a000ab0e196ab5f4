import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open.js';

/** Bind values of whole rows, laid out as the table's columns: [line, entity, time, ...]. */
export type Cells = (string | number | null)[];

/**
 * Inserts many rows with one multi-row INSERT: one native call per batch instead of one
 * per row, which roughly halves the cost of the bulk import. Statements are cached per
 * row count (a file's last batch is usually shorter).
 */
export class BatchInserter {
  private readonly statements = new Map<number, Statement<unknown[]>>();

  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly columns: number,
  ) {}

  insert(cells: Cells, rows: number): void {
    if (rows === 0) return;
    let stmt = this.statements.get(rows);
    if (!stmt) {
      const one = `(${Array(this.columns).fill('?').join(',')})`;
      stmt = this.db.prepare(`INSERT INTO ${this.table} VALUES ${Array(rows).fill(one).join(',')}`);
      this.statements.set(rows, stmt);
    }
    stmt.run(cells);
  }
}
