import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { generateIncident } from '../generate/index.js';
import { openLedger } from '../ledger/index.js';
import { importBundle } from '../store/index.js';
import { investigateSnapshot } from './investigate-snapshot.js';

const root = mkdtempSync(join(tmpdir(), 'eog-causal-steer-'));
const store = join(root, 'incident', '.eog', 'store.sqlite');
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(async () => {
  await generateIncident(join(root, 'incident'), { fault: 'config_change', seed: 1, services: 12 });
  await importBundle(join(root, 'incident'), store);
}, 120_000);

const heuristic = { kind: 'heuristic' as const };

async function ledgerOf(name: string, causalGraph: { steer?: boolean; steerRoots?: boolean; earlyStop?: boolean }): Promise<LedgerEvent[]> {
  const ledgerFile = join(root, name);
  await investigateSnapshot(store, { policy: heuristic, ledgerFile, settings: { causalGraph } });
  const ledger = openLedger(ledgerFile);
  try {
    return [...ledger.events()];
  } finally {
    ledger.close();
  }
}

describe('the causal graph steering the walk (docs/causal-graph.md §7)', () => {
  it('by default neither reminds nor stops early', async () => {
    const events = await ledgerOf('default.ledger', {});
    expect(events.some((e) => e.type === 'Activated' && e.reason === 'reminder')).toBe(false);
    expect(events.some((e) => e.type === 'RunStopped')).toBe(false);
  }, 120_000);

  it('queues only never-evaluated entities as reminders, and stops early only after every seed was evaluated', async () => {
    const events = await ledgerOf('steered.ledger', { steer: true, steerRoots: true, earlyStop: true });
    const reminders = events.filter((e) => e.type === 'Activated' && e.reason === 'reminder');
    expect(reminders.length).toBeGreaterThan(0);
    for (const r of reminders) {
      if (r.type !== 'Activated') continue;
      const before = events.filter((e) => e.seq < r.seq);
      expect(before.some((e) => e.type === 'StepStarted' && e.node === r.node)).toBe(false);
      expect(r.note).toMatch(/^(orphan alert|no cause found yet for) /);
    }
    const stopped = events.find((e) => e.type === 'RunStopped');
    if (stopped?.type === 'RunStopped') {
      expect(stopped.reason).toBe('causal_explained');
      const seeds = events.flatMap((e) => (e.type === 'Activated' && e.reason === 'seed' ? [e.node] : []));
      for (const seed of seeds) expect(events.some((e) => e.type === 'StepStarted' && e.node === seed && e.seq < stopped.seq)).toBe(true);
    }
    expect(events.at(-1)?.type).toBe('Finished');
  }, 120_000);
});
