import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { parseGroundTruth, scoreRootCause } from '../../core/scoring/index.js';
import { generateIncident } from '../generate/index.js';
import { openLedger } from '../ledger/index.js';
import { importBundle } from '../store/index.js';
import { investigateSnapshot } from './investigate-snapshot.js';

const root = mkdtempSync(join(tmpdir(), 'eog-changes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Changes as causes end to end (docs/changes.md): a generated flag incident with an unrelated deploy earlier in the window.
describe('a feature flag that surges a database, with an unrelated deploy earlier', () => {
  it('names the flag ConfigMap (or its service) alone, and refutes or explains away the deploy it visited', async () => {
    const dir = join(root, 'flag');
    const incident = await generateIncident(dir, { fault: 'feature_flag_deploy', seed: 2, services: 12 });
    const store = join(dir, '.eog', 'store.sqlite');
    await importBundle(dir, store);
    const ledgerFile = join(root, 'flag.ledger');
    const { diagnosis } = await investigateSnapshot(store, { policy: createHeuristicPolicy(), ledgerFile });
    const gt = parseGroundTruth(readFileSync(join(dir, 'ground_truth.yaml'), 'utf8'));
    const score = scoreRootCause(gt, diagnosis.frontier);
    expect(score.recall).toBe(1);
    expect(score.precision).toBe(1);
    expect(scoreRootCause(gt, diagnosis.frontier, { k: 1 }).recall).toBe(1);

    const ledger = openLedger(ledgerFile);
    const events = ledger.events();
    ledger.close();
    const windowStart = Date.parse(
      (JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')) as { window: { start: string } }).window.start,
    );
    const changes = readFileSync(join(dir, 'changes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { entity: string; kind: string; time: string });
    const deploy = changes.find((c) => c.kind === 'image' && Date.parse(c.time) >= windowStart);
    expect(deploy).toBeDefined();
    // The deploy is a candidate: seeded (or reached) and judged, never left unvisited.
    const judged = events.filter((e) => e.type === 'BeliefSet' && e.node.split('/').pop() === deploy?.entity.split('/').pop());
    expect(judged.length).toBeGreaterThan(0);
    for (const e of judged) if (e.type === 'BeliefSet') expect(e.belief.label).not.toBe('Origin');
    const seeded = events.some((e) => e.type === 'Activated' && e.reason === 'seed' && e.node === incident.rootCause);
    expect(seeded).toBe(true);
  }, 120_000);
});
