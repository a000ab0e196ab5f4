import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive, writeFileAtomic } from './atomic-write.js';

const dir = mkdtempSync(join(tmpdir(), 'eog-atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces a file whole, and a write that fails leaves the old one and no temporary file', () => {
    const file = join(dir, 'out.json');
    writeFileSync(file, 'old');
    writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(() => writeFileAtomic(join(dir, 'missing', 'out.json'), 'x')).toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual(['out.json']);
  });

  it('leaves the old file or the new one, never a part, when its process is killed mid-write', async () => {
    const file = join(dir, 'big.txt');
    const old = 'old\n'.repeat(1000);
    const module = new URL('./atomic-write.ts', import.meta.url).pathname;
    // 64 MB in one write: long enough to be killed part way.
    const script = `import { writeFileAtomic } from ${JSON.stringify(module)}; process.stdout.write('go\\n'); writeFileAtomic(${JSON.stringify(file)}, 'n'.repeat(64 * 1024 * 1024));`;
    let sawOld = 0;
    for (const delayMs of [0, 20, 60, 150]) {
      writeFileSync(file, old);
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      await new Promise((r) => setTimeout(r, delayMs));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const text = readFileSync(file, 'utf8');
      expect(text === old || text.length === 64 * 1024 * 1024).toBe(true);
      if (text === old) sawOld++;
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.tmp'))) rmSync(join(dir, name));
    }
    // At least the kill right after start came before the rename.
    expect(sawOld).toBeGreaterThan(0);
  }, 60_000);

  it('tells a running process from one that ended', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(2 ** 22 + 12345)).toBe(false);
  });
});
