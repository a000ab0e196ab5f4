import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverSources } from './discover.js';
import { extractAll } from './parallel.js';

describe('parsing in two threads', () => {
  it('gives the same blocks, in file order, as parsing in one', async () => {
    const { files } = discoverSources(join(import.meta.dirname, 'fixtures', 'otel-demo'));
    const jobs = files.map((f) => ({ language: f.language, text: readFileSync(f.absolute, 'utf8') }));
    const single = await extractAll(jobs, { minParallelBytes: Number.POSITIVE_INFINITY });
    const shared = await extractAll(jobs, { minParallelBytes: 0 });
    expect(new Set(files.map((f) => f.language.name)).size).toBeGreaterThan(2);
    expect(shared).toEqual(single);
    expect(single.every((r) => r.ok)).toBe(true);
  });
});
