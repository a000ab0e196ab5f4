import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Diagnosis } from '../../../core/diagnosis/index.js';
import { runHostileSample, type SampleRun } from '../../report/sample-run.test-support.js';
import { UsageError } from '../errors.js';
import { buildProgram } from '../program.js';

let run: SampleRun;

beforeAll(async () => {
  run = await runHostileSample();
});

afterAll(() => run?.cleanup());

describe('eog export', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes each format to --out from the ledger alone', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const dir = mkdtempSync(join(tmpdir(), 'eog-export-'));
    try {
      for (const format of ['json', 'md', 'html', 'gexf', 'graphml']) {
        const out = join(dir, `diagnosis.${format}`);
        await buildProgram().parseAsync(['node', 'eog', 'export', run.ledger, '--format', format, '--out', out]);
        expect(existsSync(out), format).toBe(true);
      }
      expect(Diagnosis.parse(JSON.parse(readFileSync(join(dir, 'diagnosis.json'), 'utf8')))).toEqual(Diagnosis.parse(run.live));
      expect(readFileSync(join(dir, 'diagnosis.md'), 'utf8')).toMatch(/^# Root cause: shop\/Service\/frontend\n/);
      expect(readFileSync(join(dir, 'diagnosis.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
      expect(readFileSync(join(dir, 'diagnosis.gexf'), 'utf8')).toContain('<gexf xmlns="http://gexf.net/1.3"');
      expect(readFileSync(join(dir, 'diagnosis.graphml'), 'utf8')).toContain('<graphml xmlns=');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints JSON to stdout by default', async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    await buildProgram().parseAsync(['node', 'eog', 'export', run.ledger]);
    expect(Diagnosis.parse(JSON.parse(written.join(''))).frontier).toEqual(run.live.frontier);
  });

  it('rejects an unknown format as a usage error naming the choices', async () => {
    const program = buildProgram().exitOverride();
    await expect(program.parseAsync(['node', 'eog', 'export', run.ledger, '--format', 'pdf'])).rejects.toThrow(UsageError);
    await expect(buildProgram().parseAsync(['node', 'eog', 'export', run.ledger, '--format', 'pdf'])).rejects.toThrow(
      /json, md, html, gexf, graphml/,
    );
  });
});
