import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import { fold, serialiseLedger, type LedgerEvent } from '../../core/ledger/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { readLedger, sampleBundle, useScratch } from './cli-test-support.js';
import { investigateSnapshot } from './investigate-snapshot.js';

const ids = {
  frontend: 'shop/Service/frontend',
  database: 'shop/Service/database',
  flags: 'shop/ConfigMap/frontend-flags',
};
const hypothesisTypes = new Set([
  'HypothesisDerived',
  'HypothesisRefined',
  'DrilledDown',
  'Backtracked',
  'FocusMoved',
  'HypothesisAccepted',
]);

const scratch = useScratch();

async function investigate(hypotheses: boolean): Promise<{ diagnosis: Diagnosis; events: LedgerEvent[] }> {
  const ledgerFile = path.join(scratch.dir(), `ledger-${String(hypotheses)}.sqlite`);
  const settings = hypotheses ? { hypotheses: {} } : undefined;
  const { diagnosis } = await investigateSnapshot(sampleBundle, { policy: createHeuristicPolicy(), ledgerFile, settings });
  return { diagnosis, events: readLedger(ledgerFile) };
}

describe('the sample snapshot with the hypothesis layer', () => {
  it('backtracks from the database to the flag change, and the frontier is the accepted entity', async () => {
    const { diagnosis, events } = await investigate(true);
    expect(diagnosis.frontier).toEqual([ids.frontend]);
    const hypotheses = diagnosis.hypotheses ?? [];
    const accepted = hypotheses.filter((h) => h.status === 'accepted');
    expect(accepted.map((h) => h.level)).toEqual([1, 2, 3]);
    expect(accepted[1]).toMatchObject({ entity: ids.frontend });
    expect(accepted[1]?.support.some((id) => id.startsWith('change:'))).toBe(true);
    // The database's OOM looked like the origin first: refuted once it was a symptom, and the focus backtracked.
    const database = hypotheses.find((h) => h.level === 2 && h.entity === ids.database);
    expect(database?.status).toBe('refuted');
    expect(database?.refute.length).toBeGreaterThan(0);
    expect(events.some((e) => e.type === 'Backtracked')).toBe(true);
    // The focus decides visits: the ConfigMap that configures the focused service is evaluated.
    expect(events).toContainEqual(expect.objectContaining({ type: 'Activated', node: ids.flags, reason: 'hypothesis', by: ids.frontend }));
    // Every cited id resolves in the diagnosis' evidence.
    const listed = new Set(diagnosis.evidence.map((e) => e.id));
    for (const h of hypotheses) for (const id of [...h.support, ...h.refute]) expect(listed.has(id)).toBe(true);
  });

  it('is deterministic, and the fold of its ledger holds the same causal graph', async () => {
    const first = await investigate(true);
    const second = await investigate(true);
    expect(serialiseLedger(first.events)).toBe(serialiseLedger(second.events));
    expect(JSON.stringify(first.diagnosis)).toBe(JSON.stringify(second.diagnosis));
    const layer = fold(first.events).hypotheses;
    expect([...layer.hypotheses.keys()]).toEqual((first.diagnosis.hypotheses ?? []).map((h) => h.id));
  });

  it('writes none of it when the layer is off', async () => {
    const { diagnosis, events } = await investigate(false);
    expect(events.filter((e) => hypothesisTypes.has(e.type))).toEqual([]);
    expect(events.some((e) => e.type === 'Activated' && e.reason === 'hypothesis')).toBe(false);
    expect(diagnosis.hypotheses).toBeUndefined();
    expect(JSON.stringify(events[0])).not.toContain('hypotheses');
  });
});
