import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChdbBusyError, ChdbRunner } from './chdb-runner.js';

// The embedded engine keeps one data directory per process: a second one is refused by name.
const root = mkdtempSync(join(tmpdir(), 'eog-chdb-busy-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('chdb: one data directory per process', () => {
  it('refuses a second directory naming the one in use, and opens it once that one is closed', async () => {
    const [a, b] = [join(root, 'a'), join(root, 'b')];
    const first = await ChdbRunner.open(a);
    const refused = await ChdbRunner.open(b).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChdbBusyError);
    expect((refused as Error).message).toContain(`chdb:${b} cannot be opened: this process has chdb:${a} open`);
    // The first store is still usable.
    expect(first.rows('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    first.close();
    const second = await ChdbRunner.open(b);
    expect(second.rows('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    second.close();
  });
});
