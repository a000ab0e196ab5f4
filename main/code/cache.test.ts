import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BlockCache, contentKey } from './cache.js';
import { extractBlocks } from './extract.js';
import { python } from './languages/python.js';

describe('content-hash cache', () => {
  it('keys by language, content and extractor version, and survives a corrupt entry', async () => {
    const text = 'def f(x):\n    if x:\n        return "on"\n';
    expect(contentKey('python', text)).toBe(contentKey('python', text));
    expect(contentKey('python', text)).not.toBe(contentKey('python', `${text}\n`));
    expect(contentKey('python', text)).not.toBe(contentKey('ruby', text));
    const dir = mkdtempSync(join(tmpdir(), 'eog-code-cache-'));
    const cache = new BlockCache(dir);
    const key = contentKey('python', text);
    expect(cache.get(key)).toBeNull();
    const blocks = await extractBlocks(python, text);
    cache.set(key, blocks);
    expect(cache.get(key)).toEqual(blocks);
    const sub = join(dir, key.slice(0, 2));
    writeFileSync(join(sub, readdirSync(sub)[0] as string), '{not json');
    expect(cache.get(key)).toBeNull();
  });
});
