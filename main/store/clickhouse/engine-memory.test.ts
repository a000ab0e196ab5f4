import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultEngineMemory, ENGINE_MEMORY_ENV, EngineMemoryError, LOW_MEMORY_MACHINE_BYTES, parseEngineMemory } from './chdb-runner.js';

const root = mkdtempSync(join(tmpdir(), 'eog-engine-memory-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What one fresh process kept after a query that allocated and freed a few hundred MB. */
function probe(mode: string): { keptMb: number; refusedOther: boolean } {
  const env = { ...process.env };
  delete env.JE_MALLOC_CONF;
  delete env[ENGINE_MEMORY_ENV];
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'testing', 'engine-memory-probe.ts'), mode, join(root, mode)],
    {
      encoding: 'utf8',
      env,
      timeout: 120_000,
    },
  );
  if (run.status !== 0) throw new Error(`probe ${mode} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as { keptMb: number; refusedOther: boolean };
}

describe('chdb engine memory', () => {
  it('"low" gives freed memory back at once; "fast" keeps it for reuse', () => {
    const fast = probe('fast');
    const low = probe('low');
    expect(low.keptMb).toBeLessThan(100);
    expect(fast.keptMb - low.keptMb).toBeGreaterThan(100);
    // The mode is the engine's for the life of the process: another one is refused, not ignored.
    expect(fast.refusedOther).toBe(true);
    expect(low.refusedOther).toBe(true);
  });

  it('defaults to "low" on machines with less than 8 GiB, "fast" on larger ones', () => {
    expect(defaultEngineMemory(4 * 1024 ** 3)).toBe('low');
    expect(defaultEngineMemory(LOW_MEMORY_MACHINE_BYTES - 1)).toBe('low');
    expect(defaultEngineMemory(LOW_MEMORY_MACHINE_BYTES)).toBe('fast');
    expect(defaultEngineMemory(24 * 1024 ** 3)).toBe('fast');
  });

  it('names what is not a mode', () => {
    expect(() => parseEngineMemory('tiny', '--engine-memory')).toThrow(EngineMemoryError);
    expect(() => parseEngineMemory('tiny', '--engine-memory')).toThrow(
      '--engine-memory: "tiny" is not an engine memory mode (fast or low)',
    );
  });
});
