import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sampleBundle, useScratch } from '../session/cli-test-support.js';
import { captureWarnings } from './capture-warnings.js';

const scratch = useScratch();

/** Copies the sample bundle to `dir/name` with these conversion warnings in its snapshot.json. */
function bundleWith(dir: string, name: string, warnings: { file?: string; message: string }[]): string {
  const bundle = path.join(dir, name);
  cpSync(sampleBundle, bundle, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(bundle, 'snapshot.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(bundle, 'snapshot.json'), JSON.stringify({ ...manifest, warnings }));
  return bundle;
}

describe('captureWarnings', () => {
  it('lists each gap once with the cases it concerns, control characters escaped, and skips bundles without gaps', () => {
    const dir = scratch.dir();
    const dayGap = {
      file: 'construct_data/2023-01-29',
      message: 'no baseline traces; baseline derived from the minutes before the first injection',
    };
    const a = bundleWith(dir, 'case-a', [dayGap, { message: 'window log minute 10:04 missing \u001b[31mred' }]);
    const b = bundleWith(dir, 'case-b', [dayGap]);
    const c = bundleWith(dir, 'case-c', []);
    expect(captureWarnings([a, b, c])).toEqual([
      `${dayGap.file}: ${dayGap.message} (cases case-a, case-b)`,
      'window log minute 10:04 missing \\u001b[31mred (case case-a)',
    ]);
    expect(captureWarnings([c, path.join(dir, 'missing')])).toEqual([]);
  });

  it('eog bench prints them on stderr before scoring', async () => {
    const dir = scratch.dir();
    bundleWith(dir, 'case-a', [{ file: 'log/2023-01-29/10_04.csv', message: 'window log minute missing; the case has no logs then' }]);
    const result = await runCli(['bench', dir, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'warning: log/2023-01-29/10_04.csv: window log minute missing; the case has no logs then (case case-a)',
    );
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: [expect.objectContaining({ case: 'case-a' })] });
  }, 120_000);
});
