import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { buildProgram } from '../program.js';
import { UsageError } from '../errors.js';
import { copySlice, removeSliceCopies, scratchDir } from '../../convert/nezha/test-fixtures.js';
import { tempDir } from '../../platform/testing/temp-dirs.js';

const scenario = join(import.meta.dirname, '..', '..', 'convert', 'itbench', 'testdata', 'Scenario-1');

describe('eog convert', () => {
  afterEach(() => vi.restoreAllMocks());
  afterAll(removeSliceCopies);

  it('converts an ITBench-Lite scenario and prints a summary', async () => {
    const out = tempDir('eog-cli-');
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await buildProgram().parseAsync(['node', 'eog', 'convert', 'itbench-lite', scenario, '--out', out]);
    expect(existsSync(join(out, 'Scenario-1', 'snapshot.json'))).toBe(true);
    expect(written.join('')).toMatch(/wrote 1 bundle\(s\) to .* in \d+\.\d s/);
  });

  it('converts a Nezha capture with a missing file, printing the gap on stderr and writing it into the bundle', async () => {
    const root = copySlice();
    rmSync(join(root, 'rca_data', '2023-01-30', 'log', '11_52_log.csv.gz'));
    const out = scratchDir();
    const written: string[] = [];
    const errors: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => errors.push(String(chunk)) > 0);
    await buildProgram().parseAsync(['node', 'eog', 'convert', 'nezha', root, '--out', out, '--quiet']);
    expect(written.join('')).toMatch(/^wrote 2 bundle\(s\) to /);
    expect(errors).toEqual([
      'warning: rca_data/2023-01-30/log/11_52_log.csv.gz: missing: the window of 2023-01-30-f01 has no logs for the minute this file holds\n',
    ]);
    const manifest = JSON.parse(readFileSync(join(out, '2023-01-30-f01', 'snapshot.json'), 'utf8'));
    expect(manifest.warnings).toEqual([
      {
        file: 'rca_data/2023-01-30/log/11_52_log.csv.gz',
        message: 'missing: the window of 2023-01-30-f01 has no logs for the minute this file holds',
      },
    ]);
  });

  it('--no-incident-time withholds the injection times from the Nezha bundles, and is refused for a capture', async () => {
    const out = scratchDir();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await buildProgram().parseAsync(['node', 'eog', 'convert', 'nezha', copySlice(), '--out', out, '--quiet', '--no-incident-time']);
    for (const name of ['2023-01-30-f01', '2023-01-30-f02']) {
      const manifest = JSON.parse(readFileSync(join(out, name, 'snapshot.json'), 'utf8'));
      expect(manifest.incidentTime).toBeUndefined();
      expect(manifest.window).toBeDefined();
    }
    const capture = ['node', 'eog', 'convert', 'capture', scenario, '--out', tempDir('eog-cli-'), '--no-incident-time'];
    await expect(buildProgram().exitOverride().parseAsync(capture)).rejects.toThrow(/--no-incident-time applies to nezha only/);
  });

  it('rejects an unknown format as a usage error', async () => {
    const program = buildProgram().exitOverride();
    await expect(program.parseAsync(['node', 'eog', 'convert', 'csv', scenario, '--out', tempDir('eog-cli-')])).rejects.toThrow(UsageError);
  });
});
