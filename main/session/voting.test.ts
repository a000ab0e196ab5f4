import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderJson } from '../../core/report/index.js';
import { generateIncident } from '../generate/index.js';
import { openLedger } from '../ledger/index.js';
import { diagnosisFromLedger } from '../report/index.js';
import { importBundle } from '../store/index.js';
import { investigateSnapshot } from './investigate-snapshot.js';
import { runLedgerFile } from './voting.js';

const root = mkdtempSync(join(tmpdir(), 'eog-voting-'));
const store = join(root, 'incident', '.eog', 'store.sqlite');
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(async () => {
  // Two alerting services of the same strength (and a changed flag): the runs' visit orders can differ.
  await generateIncident(join(root, 'incident'), { fault: 'feature_flag_noise', seed: 1, services: 12 });
  await importBundle(join(root, 'incident'), store);
}, 120_000);

const heuristic = { kind: 'heuristic' as const };
const seedOrder = (file: string): string[] => {
  const ledger = openLedger(file);
  try {
    return ledger.events().flatMap((e) => (e.type === 'Activated' && e.reason === 'seed' ? [e.node] : []));
  } finally {
    ledger.close();
  }
};

describe('voting over K runs (docs/voting.md)', () => {
  it('gives the same diagnosis and votes every time with the heuristic', async () => {
    const first = await investigateSnapshot(store, { policy: heuristic, runs: 3 });
    const second = await investigateSnapshot(store, { policy: heuristic, runs: 3 });
    expect(first.diagnosis.votes).toHaveLength(3);
    expect(first.runs).toHaveLength(3);
    expect(renderJson(second.diagnosis)).toBe(renderJson(first.diagnosis));
    const winners = first.diagnosis.votes?.filter((v) => v.winner) ?? [];
    expect(winners).toHaveLength(1);
    // The diagnosis is the winner's own, with the votes added.
    const { votes: _votes, ...winnerDiagnosis } = first.diagnosis;
    expect(renderJson(winnerDiagnosis)).toBe(renderJson(first.runs[winners[0]?.run ?? -1] ?? first.diagnosis));
    for (const v of first.diagnosis.votes ?? []) {
      const run = first.runs[v.run];
      // The causal-graph layer is on by default: a run weighs its graph's interpretability.
      expect(run?.causal_graph).toBeDefined();
      expect(v.weight).toBe(run?.causal_graph?.metrics.score);
      expect(v.weight).toBeLessThanOrEqual(1);
      expect(run?.causal_graph?.nodes.some((n) => n.entity === v.root?.entity && n.type === v.root?.type)).toBe(true);
    }
  }, 120_000);

  it('keeps a single run as it was: no votes, and run 0 of a vote is that run', async () => {
    const single = await investigateSnapshot(store, { policy: heuristic });
    const one = await investigateSnapshot(store, { policy: heuristic, runs: 1 });
    const voted = await investigateSnapshot(store, { policy: heuristic, runs: 2 });
    expect(single.diagnosis.votes).toBeUndefined();
    expect(renderJson(one.diagnosis)).toBe(renderJson(single.diagnosis));
    expect(voted.runs[0] && renderJson(voted.runs[0])).toBe(renderJson(single.diagnosis));
  }, 120_000);

  it('records the vote in the first ledger, links each run’s ledger, and exports the same diagnosis', async () => {
    const ledgerFile = join(root, 'voted.ledger');
    const single = join(root, 'single.ledger');
    const live = await investigateSnapshot(store, { policy: heuristic, runs: 3, ledgerFile });
    await investigateSnapshot(store, { policy: heuristic, ledgerFile: single });
    for (const run of [1, 2]) expect(existsSync(runLedgerFile(ledgerFile, run))).toBe(true);
    const loaded = diagnosisFromLedger(ledgerFile);
    expect(renderJson(loaded.diagnosis)).toBe(renderJson(live.diagnosis));
    const vote = loaded.events.filter((e) => e.type === 'VoteCast');
    expect(vote).toHaveLength(1);
    expect(vote[0]?.type === 'VoteCast' && vote[0].runs.map((r) => r.ledger)).toEqual([null, 'voted.ledger.run1', 'voted.ledger.run2']);
    // Run 0 is the single run's walk; runs 1 and 2 visit equal-priority seeds in other orders.
    expect(seedOrder(ledgerFile)).toEqual(seedOrder(single));
    const orders = [1, 2].map((run) => seedOrder(runLedgerFile(ledgerFile, run)));
    for (const order of orders) expect([...order].sort()).toEqual([...seedOrder(single)].sort());
    expect(orders.some((order) => order.join() !== seedOrder(single).join())).toBe(true);
  }, 180_000);
});
