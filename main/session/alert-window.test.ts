import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvestigationSettings } from '../../core/ipc/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { UsageError } from '../cli/errors.js';
import { parseCli as parse, readLedger, runCli, sampleBundle, useScratch } from './cli-test-support.js';
import { createInvestigationService } from './service.js';
import { openSnapshotSource } from './snapshot-source.js';

/** The scopes' sliding window (docs/scopes.md) takes one road: the investigation settings, from the CLI and the app alike. */
const scratch = useScratch();

const windowOf = (ledger: string): number | undefined => {
  const formed = readLedger(ledger).find((e) => e.type === 'ScopesFormed');
  return formed?.type === 'ScopesFormed' ? formed.windowMs : undefined;
};

describe('the alert window', () => {
  it('reaches the scopes from the settings a Start carries (the app and eog serve)', async () => {
    const ledgerFile = path.join(scratch.dir(), 'app.sqlite');
    const service = createInvestigationService({ kind: 'snapshot', source: openSnapshotSource(sampleBundle, { store: null }) });
    try {
      await service.start({
        settings: InvestigationSettings.parse({ alertWindowMs: 300_000 }),
        policy: createHeuristicPolicy(),
        ledgerFile,
      });
      await service.runToEnd();
    } finally {
      service.close();
    }
    expect(windowOf(ledgerFile)).toBe(300_000);
  }, 60_000);

  it('is --alert-window on eog investigate (default 2 minutes) and eog bench, refused when not a positive whole number', async () => {
    const dir = scratch.dir();
    const set = path.join(dir, 'set.sqlite');
    const unset = path.join(dir, 'unset.sqlite');
    const args = (ledger: string) => ['investigate', sampleBundle, '--ledger', ledger, '--out', path.join(dir, 'd.json')];
    expect((await runCli([...args(set), '--alert-window', '300'], { TMPDIR: dir })).code).toBe(0);
    expect((await runCli(args(unset), { TMPDIR: dir })).code).toBe(0);
    expect(windowOf(set)).toBe(300_000);
    expect(windowOf(unset)).toBe(120_000);
    const refused = await parse(['bench', sampleBundle, '--alert-window', '0']);
    expect(refused).toBeInstanceOf(UsageError);
    expect(String(refused)).toMatch(/--alert-window 0/);
    const bench = await runCli(['bench', sampleBundle, '--json', '--alert-window', '300'], { TMPDIR: dir });
    expect(bench.code, bench.stderr).toBe(0);
  }, 120_000);
});
