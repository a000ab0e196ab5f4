import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fold, serialiseLedger, type LedgerEvent } from '../../core/ledger/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { readLedger, sampleBundle, useScratch } from './cli-test-support.js';
import { investigateSnapshot } from './investigate-snapshot.js';

const ids = {
  frontend: 'shop/Service/frontend',
  gateway: 'shop/Service/gateway',
  processor: 'shop/Service/processor',
  database: 'shop/Service/database',
};

const scratch = useScratch();

async function investigateSample(): Promise<{ diagnosisJson: string; events: LedgerEvent[] }> {
  const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
  const { diagnosis } = await investigateSnapshot(sampleBundle, { policy: createHeuristicPolicy(), ledgerFile });
  return { diagnosisJson: JSON.stringify(diagnosis), events: readLedger(ledgerFile) };
}

/** Does the sample's topology link the two entities directly, in either direction? */
function isTopologyEdge(a: string, b: string): boolean {
  const topology = JSON.parse(readFileSync(path.join(sampleBundle, 'topology.json'), 'utf8')) as {
    edges: Array<{ source: string; target: string }>;
  };
  return topology.edges.some((e) => (e.source === a && e.target === b) || (e.source === b && e.target === a));
}

describe('the sample snapshot under the heuristic policy (acceptance)', () => {
  it('names the frontend flash sale as the root cause, through a discovered dependency and a revised belief', async () => {
    const { diagnosisJson, events } = await investigateSample();
    const diagnosis = JSON.parse(diagnosisJson) as {
      outcome: string;
      frontier: string[];
      propagations: Array<{ source: string; target: string }>;
    };
    expect(diagnosis.outcome).toBe('confident');
    expect(diagnosis.frontier).toEqual([ids.frontend]);

    // gateway → processor is not in the topology: only the evidence (call rates) reveals it.
    expect(isTopologyEdge(ids.gateway, ids.processor)).toBe(false);
    expect(diagnosis.propagations).toContainEqual(expect.objectContaining({ source: ids.gateway, target: ids.processor }));
    const discovered = events.filter((e) => e.type === 'EdgeClaimed' && e.isDiscovered);
    expect(discovered).toContainEqual(expect.objectContaining({ from: ids.gateway, to: ids.processor, isDiscovered: true }));

    // The database looked like the origin at first and was revised once its neighbours spoke.
    const databaseLabels = events.flatMap((e) => (e.type === 'BeliefSet' && e.node === ids.database ? [e.belief.label] : []));
    expect(databaseLabels.indexOf('Origin')).toBeGreaterThanOrEqual(0);
    expect(databaseLabels.indexOf('Origin')).toBeLessThan(databaseLabels.length - 1);
    expect(databaseLabels.at(-1)).toBe('Symptom');
    expect(fold(events).nodes.get(ids.database)?.belief?.label).toBe('Symptom');
    expect(events.at(-1)).toMatchObject({ type: 'Finished', frontier: [ids.frontend], outcome: 'confident' });
  });

  it('gives a byte-identical diagnosis and ledger on a second run', async () => {
    const first = await investigateSample();
    const second = await investigateSample();
    expect(second.diagnosisJson).toBe(first.diagnosisJson);
    expect(serialiseLedger(second.events)).toBe(serialiseLedger(first.events));
    expect(first.events.filter((e) => e.type === 'StepStarted').length).toBeGreaterThan(0);
  });
});
