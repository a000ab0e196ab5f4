import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { faultTypes } from '../../generate/index.js';
import { buildProgram } from '../program.js';

const root = mkdtempSync(join(tmpdir(), 'eog-cli-generate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(...args: string[]): Promise<string> {
  const out: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  try {
    await buildProgram()
      .exitOverride()
      .parseAsync(['node', 'eog', 'generate', ...args]);
  } finally {
    spy.mockRestore();
  }
  return out.join('');
}

describe('eog generate', () => {
  it('writes one bundle per fault with --all-faults and reports each as JSON', async () => {
    const out = await run('--all-faults', '--services', '4', '--seed', '5', '--rate', '5', '--out', root, '--json');
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { fault: string; dir: string; rootCause: string });
    expect(lines.map((l) => l.fault)).toEqual([...faultTypes]);
    expect(readdirSync(root).filter((d) => d.startsWith('gen-')).length).toBe(faultTypes.length);
    for (const l of lines)
      expect(readdirSync(l.dir)).toEqual(expect.arrayContaining(['snapshot.json', 'topology.json', 'ground_truth.yaml', 'spans.jsonl']));
  });

  it('writes gzip files into --out for a single --fault', async () => {
    const dir = join(root, 'one');
    await run('--fault', 'network-delay', '--services', '3', '--out', dir, '--gzip', '--rate', '5');
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['spans.jsonl.gz', 'logs.jsonl.gz', 'metrics.jsonl.gz']));
  });

  it('adds an alert flood with --alert-flood and counts it in the report', async () => {
    const plain = JSON.parse(
      await run('--fault', 'config_change', '--services', '4', '--seed', '2', '--rate', '5', '--out', join(root, 'plain'), '--json'),
    ) as {
      records: { alerts: number };
    };
    const flooded = JSON.parse(
      await run(
        '--fault',
        'config_change',
        '--services',
        '4',
        '--seed',
        '2',
        '--rate',
        '5',
        '--out',
        join(root, 'flood'),
        '--alert-flood',
        '10',
        '--json',
      ),
    ) as { records: { alerts: number } };
    expect(flooded.records.alerts).toBe(plain.records.alerts * 10);
    await expect(run('--fault', 'config_change', '--out', join(root, 'bad'), '--alert-flood', 'many')).rejects.toThrow(/--alert-flood/);
  });

  it('refuses a missing or double fault choice and unknown faults', async () => {
    await expect(run('--out', root)).rejects.toThrow(/exactly one of --fault/);
    await expect(run('--fault', 'code_error', '--all-faults', '--out', root)).rejects.toThrow(/exactly one of --fault/);
    await expect(run('--fault', 'disk_full', '--out', root)).rejects.toThrow(/unknown fault "disk_full"/);
  });
});
