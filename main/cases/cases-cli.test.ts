/**
 * The case library end to end through the CLI users run: `eog investigate --cases FILE` keeps
 * each finished investigation and writes the similar past cases into the diagnosis; `eog cases`
 * lists, exports and imports the library.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Diagnosis } from '../../core/diagnosis/index.js';
import { generateIncident } from '../generate/index.js';
import { runCli } from '../session/cli-test-support.js';

let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'eog-cases-cli-'));
  await generateIncident(path.join(root, 'change-a'), { fault: 'config_change', seed: 1, services: 6 });
  await generateIncident(path.join(root, 'change-b'), { fault: 'config_change', seed: 2, services: 6 });
  await generateIncident(path.join(root, 'delay'), { fault: 'network_delay', seed: 4, services: 6 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function investigate(bundle: string, library: string): Promise<Diagnosis> {
  const out = path.join(root, `${bundle}.json`);
  const result = await runCli(['investigate', path.join(root, bundle), '--cases', library, '--out', out]);
  expect(result.code, result.stderr).toBe(0);
  return Diagnosis.parse(JSON.parse(readFileSync(out, 'utf8')));
}

describe('eog investigate --cases', () => {
  it('writes the similar past cases best first, keeps a case investigated twice once, and shares the library as one file', async () => {
    const library = path.join(root, 'cases.sqlite');
    expect((await investigate('change-a', library)).similar).toEqual([]);
    await investigate('delay', library);
    const b = await investigate('change-b', library);
    const similar = b.similar ?? [];
    // The other ConfigMap-change incident comes first, for the change kind both have.
    expect(similar[0]?.case).toBe('gen-6svc-seed1');
    expect(similar[0]?.why).toContain('change ConfigMap config');
    expect(similar[0]?.cause).toBe('change');
    expect(similar.map((s) => s.score)).toEqual([...similar.map((s) => s.score)].sort((x, y) => y - x));
    expect(similar.map((s) => s.case)).not.toContain('gen-6svc-seed2');

    await investigate('change-b', library);
    const listed = await runCli(['cases', 'list', '--cases', library]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]),
    ).toEqual(['gen-6svc-seed2', 'gen-6svc-seed4', 'gen-6svc-seed1']);

    const shared = path.join(root, 'team.cases');
    expect((await runCli(['cases', 'export', shared, '--cases', library])).code).toBe(0);
    const other = path.join(root, 'other.sqlite');
    const imported = await runCli(['cases', 'import', shared, '--cases', other]);
    expect(imported.stderr).toContain('3 added, 0 updated, 0 kept');
  }, 240_000);
});
