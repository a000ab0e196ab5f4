import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProgram } from '../program.js';
import { UsageError } from '../errors.js';

const scenario = join(import.meta.dirname, '..', '..', 'convert', 'itbench', 'testdata', 'Scenario-1');

describe('eog convert', () => {
  afterEach(() => vi.restoreAllMocks());

  it('converts an ITBench-Lite scenario and prints a summary', async () => {
    const out = mkdtempSync(join(tmpdir(), 'eog-cli-'));
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await buildProgram().parseAsync(['node', 'eog', 'convert', 'itbench-lite', scenario, '--out', out]);
    expect(existsSync(join(out, 'Scenario-1', 'snapshot.json'))).toBe(true);
    expect(written.join('')).toMatch(/wrote 1 bundle\(s\) to .* in \d+\.\d s/);
  });

  it('rejects an unknown format as a usage error', async () => {
    const program = buildProgram().exitOverride();
    await expect(program.parseAsync(['node', 'eog', 'convert', 'csv', scenario, '--out', tmpdir()])).rejects.toThrow(UsageError);
  });
});
