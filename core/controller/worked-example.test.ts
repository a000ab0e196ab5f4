import { calibrate } from './calibration.js';
import { describe, expect, it } from 'vitest';
import { edgeKey, serialiseLedger } from '../ledger/index.js';
import { createController } from './controller.js';
import { createMemoryPacketBuilder, scriptedPolicy } from './test-support.js';
import { ids, workedExampleEvidence, workedExampleGraph, workedExamplePolicy } from './worked-example.fixture.js';

function controllerFor(revision: boolean) {
  const graph = workedExampleGraph();
  return createController({
    graph,
    settings: { budget: 40, revision },
    seeds: [{ node: ids.gateway, reason: 'alert HighErrorRate' }],
    packets: createMemoryPacketBuilder(graph, workedExampleEvidence()),
    policy: scriptedPolicy(workedExamplePolicy),
    snapshotHash: 'worked-example',
  });
}

describe('the paper worked example', () => {
  it('revises the database to Symptom and ends with the flash sale on the frontend', async () => {
    const controller = controllerFor(true);
    const finished = await controller.run();
    expect(finished).toMatchObject({ reason: 'fixed_point', frontier: [ids.frontend], outcome: 'confident' });
    expect(finished?.confidence).toEqual({ raw: 0.9, grounding: 'grounded', cap: 1, effective: 0.9, calibrated: calibrate(0.9) });
    const { state } = controller;
    expect(state.nodes.get(ids.database)?.belief?.label).toBe('Symptom');
    expect(state.nodes.get(ids.database)?.flips).toBe(1);
    const hidden = state.edges.get(edgeKey(ids.gateway, ids.processor));
    expect(hidden).toMatchObject({ isDiscovered: true, by: ids.processor });
    expect(state.edges.get(edgeKey(ids.processor, ids.database))?.isDiscovered).toBe(false);
    const labels = controller.events.flatMap((e) => (e.type === 'BeliefSet' && e.node === ids.database ? [e.belief.label] : []));
    expect(labels).toEqual(['Origin', 'Symptom']);
  });

  it('without revision stops at the first plausible origin, the database', async () => {
    const controller = controllerFor(false);
    const finished = await controller.run();
    expect(finished?.frontier).toEqual([ids.database]);
    expect(controller.events.some((e) => e.type === 'MessageSent')).toBe(false);
    const evaluated = controller.events.flatMap((e) => (e.type === 'StepStarted' ? [e.node] : []));
    expect(evaluated).toEqual([ids.gateway, ids.processor, ids.database]);
  });

  it('is deterministic byte for byte', async () => {
    const a = controllerFor(true);
    const b = controllerFor(true);
    await Promise.all([a.run(), b.run()]);
    expect(serialiseLedger(a.events)).toBe(serialiseLedger(b.events));
  });
});
