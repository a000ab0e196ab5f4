import type { Statement } from 'better-sqlite3';
import type { Db } from './open.js';

/**
 * Prepared statements by SQL text, prepared on first use: query paths that build SQL per
 * table call the same few texts in tight loops, and preparing costs more than running them.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement<unknown[]>>();

  constructor(private readonly db: Db) {}

  get(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
