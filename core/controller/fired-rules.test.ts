import { describe, expect, it } from 'vitest';
import { buildDiagnosis } from '../diagnosis/index.js';
import { fold, LedgerEvent, serialiseLedger, type EventOf } from '../ledger/index.js';
import { createHeuristicPolicy, decideHeuristic, isRuleId } from '../policy/heuristic/index.js';
import { createController } from './controller.js';
import { createMemoryPacketBuilder, result, scriptedPolicy } from './test-support.js';
import type { Policy } from './types.js';
import { ids, workedExampleEvidence, workedExampleGraph, workedExamplePolicy } from './worked-example.fixture.js';

async function run(policy: Policy) {
  const graph = workedExampleGraph();
  const controller = createController({
    graph,
    settings: { budget: 40 },
    seeds: [{ node: ids.gateway, reason: 'alert' }],
    packets: createMemoryPacketBuilder(graph, workedExampleEvidence()),
    policy,
    snapshotHash: 'fired-rules',
  });
  await controller.run();
  const beliefs = controller.events.filter((e): e is EventOf<'BeliefSet'> => e.type === 'BeliefSet');
  return { events: controller.events, beliefs };
}

describe('the ledger records which rules fired', () => {
  it('writes the heuristic’s fired rule ids on each belief, exactly those it reported for the packet', async () => {
    const heuristic = createHeuristicPolicy();
    const reported: string[][] = [];
    const watched: Policy = {
      ...heuristic,
      evaluate(packet) {
        reported.push(decideHeuristic(packet).rules);
        return heuristic.evaluate(packet);
      },
    };
    const { events, beliefs } = await run(watched);
    expect(beliefs.map((b) => b.rules ?? [])).toEqual(reported);
    expect(reported.some((r) => r.length > 0)).toBe(true);
    for (const id of reported.flat()) expect(isRuleId(id), id).toBe(true);
    const last = beliefs.filter((b) => b.node === ids.database).at(-1);
    expect(fold(events).nodes.get(ids.database)?.rules).toEqual(last?.rules ?? []);
    const second = await run(createHeuristicPolicy());
    expect(serialiseLedger(second.events)).toBe(serialiseLedger(events));
  });

  it('leaves the field out for a policy without rules, and keeps only distinct string ids from one that sends junk', async () => {
    const plain = await run(scriptedPolicy(workedExamplePolicy));
    expect(plain.beliefs.length).toBeGreaterThan(0);
    for (const b of plain.beliefs) expect('rules' in b).toBe(false);
    const junk: Policy = {
      name: 'junk',
      model: null,
      evaluate: (packet) =>
        Promise.resolve({ ...result(workedExamplePolicy(packet)), rules: ['a', 'a', 7, '', null, 'b'] as unknown as string[] }),
    };
    const { beliefs } = await run(junk);
    expect(beliefs[0]?.rules).toEqual(['a', 'b']);
  });

  it('reads a ledger written before rules were recorded, and a diagnosis names the rules of each entity', async () => {
    const { events } = await run(createHeuristicPolicy());
    const legacy = events.map((e) => {
      if (e.type !== 'BeliefSet') return e;
      const { rules: _dropped, ...rest } = e;
      return LedgerEvent.parse(JSON.parse(JSON.stringify(rest)));
    });
    expect(fold(legacy).nodes.get(ids.database)?.rules).toEqual([]);
    const state = fold(events);
    const diagnosis = buildDiagnosis({ state, evidenceById: () => null, alerts: [], policyCalls: 0 });
    for (const entity of diagnosis.entities) expect(entity.rules).toEqual([...(state.nodes.get(entity.name)?.rules ?? [])]);
    expect(diagnosis.entities.some((e) => (e.rules ?? []).length > 0)).toBe(true);
    const legacyDiagnosis = buildDiagnosis({ state: fold(legacy), evidenceById: () => null, alerts: [], policyCalls: 0 });
    for (const entity of legacyDiagnosis.entities) expect('rules' in entity).toBe(false);
  });
});
