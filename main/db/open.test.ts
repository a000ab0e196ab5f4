import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError, openDatabase } from './open.js';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eog-db-'));
  dirs.push(dir);
  return join(dir, 'test.sqlite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('openDatabase', () => {
  const v1 = 'CREATE TABLE a (x INTEGER NOT NULL) STRICT;';
  const v2 = 'ALTER TABLE a ADD COLUMN y TEXT;';

  it('applies pending migrations and records the version', () => {
    const file = tempFile();
    openDatabase(file, [v1]).close();
    const db = openDatabase(file, [v1, v2]);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.prepare('INSERT INTO a (x, y) VALUES (1, ?)').run('ok');
    db.close();
  });

  it('rolls back every pending migration when one fails', () => {
    const file = tempFile();
    expect(() => openDatabase(file, [v1, 'NOT SQL'])).toThrow();
    const db = openDatabase(file, []);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'a'").get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses a database newer than the code', () => {
    const file = tempFile();
    openDatabase(file, [v1, v2]).close();
    expect(() => openDatabase(file, [v1])).toThrow(DatabaseTooNewError);
  });
});
