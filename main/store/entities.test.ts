import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open.js';
import { EntityRegistry } from './entities.js';
import { storeMigrations } from './schema.js';

const dirs: string[] = [];
function tempDb(): Db {
  const dir = mkdtempSync(join(tmpdir(), 'eog-entities-'));
  dirs.push(dir);
  const db = openDatabase(join(dir, 's.sqlite'), storeMigrations);
  for (const [id, path] of [
    [1, 'topology.json'],
    [2, 'logs.jsonl'],
    [3, 'spans.jsonl'],
  ] as const) {
    db.prepare('INSERT INTO files (id, path, kind, sha256, lines, rows) VALUES (?, ?, ?, ?, 0, 0)').run(id, path, path, '');
  }
  return db;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('EntityRegistry', () => {
  it('reports an undeclared entity where the bundle first names it, whatever order files are read in', () => {
    const db = tempDb();
    try {
      const registry = new EntityRegistry(db);
      registry.addTopology(
        { entities: [{ id: 'shop/Service/cart', kind: 'Service', name: 'cart', namespace: 'shop', labels: {}, attrs: {} }], edges: [] },
        1,
        'topology.json',
      );
      // Spans (file 3) arrive before logs (file 2), as they may from parallel readers.
      const pod = registry.resolve('shop/Pod/cart-1', 3, 'spans.jsonl', 5);
      const node = registry.resolve('Node/n1', 3, 'spans.jsonl', 9);
      expect(registry.resolve('shop/Pod/cart-1', 2, 'logs.jsonl', 40)).toBe(pod);
      expect(registry.resolve('shop/Pod/cart-1', 2, 'logs.jsonl', 70)).toBe(pod);
      expect(registry.resolve('shop/Service/cart', 2, 'logs.jsonl', 1)).toBe(1);
      expect(registry.finish()).toEqual([
        { file: 'logs.jsonl', line: 40, message: 'entity "shop/Pod/cart-1" is not in topology.json; created it with kind "Pod"' },
        { file: 'spans.jsonl', line: 9, message: 'entity "Node/n1" is not in topology.json; created it with kind "Node"' },
      ]);
      const rows = db.prepare('SELECT id, file_id, line, is_declared FROM entities ORDER BY id').all();
      expect(rows).toEqual([
        { id: 1, file_id: 1, line: 1, is_declared: 1 },
        { id: pod, file_id: 2, line: 40, is_declared: 0 },
        { id: node, file_id: 3, line: 9, is_declared: 0 },
      ]);
    } finally {
      db.close();
    }
  });
});
