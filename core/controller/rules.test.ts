import { describe, expect, it } from 'vitest';
import type { ContextPacket, PolicyOutput } from '../model/index.js';
import { LedgerEvent } from '../ledger/index.js';
import type { ControllerSettingsInput } from '../ledger/index.js';
import { createController } from './controller.js';
import type { Controller } from './controller.js';
import { createMemoryPacketBuilder, makeEvidence, output, scriptedPolicy, servicesGraph, svc } from './test-support.js';

const names = ['a', 'b', 'c'];
const evidence = new Map(
  names.map((n) => [
    svc(n),
    ['x', 'y'].map((k) => makeEvidence({ id: `${n}-${k}`, entity: svc(n), detail: { type: 'log', severity: 'error' } })),
  ]),
);

function setup(
  decide: (packet: ContextPacket) => PolicyOutput,
  settings: ControllerSettingsInput,
  seeds: string[],
  calls: [string, string][] = [['a', 'b']],
): Controller {
  const graph = servicesGraph(names, calls);
  return createController({
    graph,
    settings,
    seeds: seeds.map((n) => ({ node: svc(n), reason: 'test' })),
    packets: createMemoryPacketBuilder(graph, evidence),
    policy: scriptedPolicy(decide),
    snapshotHash: 'rules',
  });
}

const evaluated = (events: readonly LedgerEvent[]) => events.flatMap((e) => (e.type === 'StepStarted' ? [e.node.slice(11)] : []));

/** A policy whose cited evidence alternates on every call, so every belief is a change. */
function restless(): (packet: ContextPacket) => PolicyOutput {
  const calls = new Map<string, number>();
  return (packet) => {
    const n = (calls.get(packet.node) ?? 0) + 1;
    calls.set(packet.node, n);
    const name = packet.node.slice(11);
    return output({ label: 'Symptom', evidence: [`${name}-${n % 2 === 0 ? 'x' : 'y'}`] });
  };
}

describe('controller rules', () => {
  it('evaluates a node at most maxVisits times', async () => {
    const controller = setup(restless(), { maxVisits: 3, cooldown: 0, budget: 100 }, ['a', 'b']);
    const finished = await controller.run();
    expect(finished?.reason).toBe('fixed_point');
    expect(evaluated(controller.events)).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(controller.state.nodes.get(svc('a'))?.visits).toBe(3);
  });

  it('moves a node popped inside its cooldown behind the waiting nodes', async () => {
    const decide = (packet: ContextPacket): PolicyOutput =>
      output({ label: 'Symptom', evidence: [`${packet.node.slice(11)}-x`], proposals: packet.node === svc('b') ? [svc('c')] : [] });
    const controller = setup(decide, { cooldown: 3, budget: 100 }, ['a', 'b']);
    await controller.run();
    // b's first belief re-activates a right behind it; a waits for c, then its cooldown is over.
    expect(evaluated(controller.events)).toEqual(['a', 'b', 'c', 'a']);
    const requeued = controller.events.filter((e) => e.type === 'Requeued');
    expect(requeued.map((e) => e.type === 'Requeued' && e.node)).toEqual([svc('a')]);
  });

  it('does not requeue a cooling node when nobody else waits', async () => {
    const controller = setup(restless(), { cooldown: 5, maxVisits: 2, budget: 100 }, ['a', 'b']);
    await controller.run();
    expect(controller.events.some((e) => e.type === 'Requeued')).toBe(false);
    expect(evaluated(controller.events)).toEqual(['a', 'b', 'a', 'b']);
  });

  it('damps a node that flips more than kFlips times into an absorbing Defer', async () => {
    const calls = new Map<string, number>();
    const flipFlop = (packet: ContextPacket): PolicyOutput => {
      const n = (calls.get(packet.node) ?? 0) + 1;
      calls.set(packet.node, n);
      return output({ label: n % 2 === 0 ? 'Symptom' : 'Origin', evidence: [`${packet.node.slice(11)}-x`] });
    };
    const controller = setup(flipFlop, { maxVisits: 20, kFlips: 3, cooldown: 0, budget: 100 }, ['a', 'b']);
    const finished = await controller.run();
    const events = controller.events;
    const damped = events.filter((e) => e.type === 'Damped');
    expect(damped.map((e) => e.type === 'Damped' && [e.node, e.flips])).toEqual([
      [svc('a'), 4],
      [svc('b'), 4],
    ]);
    for (const d of damped) {
      if (d.type !== 'Damped') continue;
      expect(events.some((e) => e.type === 'StepStarted' && e.node === d.node && e.seq > d.seq)).toBe(false);
      expect(controller.state.nodes.get(d.node)?.belief?.label).toBe('Defer');
    }
    expect(controller.state.nodes.get(svc('a'))?.visits).toBe(5);
    expect(finished?.frontier).toEqual([]);
  });

  it('stops when the budget is spent and says so', async () => {
    const controller = setup(restless(), { budget: 3, cooldown: 0 }, ['a', 'b']);
    const finished = await controller.run();
    expect(finished?.reason).toBe('budget');
    expect(controller.state.evaluations).toBe(3);
    expect(controller.events.filter((e) => e.type === 'PolicyCalled')).toHaveLength(3);
  });

  it('explores claimed and proposed nodes once but does not wake unvisited neighbours', async () => {
    const decide = (packet: ContextPacket): PolicyOutput =>
      packet.node === svc('a')
        ? output({
            label: 'Symptom',
            evidence: ['a-x'],
            claims: [{ from: svc('c'), to: svc('a'), evidence: ['a-y'], condition: '', effect: '' }],
          })
        : output({ label: 'Origin', evidence: [`${packet.node.slice(11)}-x`] });
    const controller = setup(decide, { budget: 10 }, ['a']);
    const finished = await controller.run();
    // b is a topology neighbour of a but nobody claimed or proposed it; c's Origin wakes a again.
    expect(evaluated(controller.events)).toEqual(['a', 'c', 'a']);
    const claimed = controller.events.find((e) => e.type === 'EdgeClaimed');
    expect(claimed).toMatchObject({ from: svc('c'), to: svc('a'), isDiscovered: true });
    expect(finished?.frontier).toEqual([svc('c')]);
  });

  it('writes only schema-valid events even when a policy reports sloppy call figures', async () => {
    const graph = servicesGraph(names);
    const records: number[] = [];
    const controller = createController({
      graph,
      settings: { budget: 5 },
      seeds: [{ node: svc('a'), reason: 'test' }],
      packets: createMemoryPacketBuilder(graph, evidence),
      policy: {
        name: 'sloppy',
        model: 'm',
        evaluate: async () => ({
          output: output({ label: 'Healthy' }),
          tokensIn: 3.5,
          tokensOut: -1,
          cached: false,
          error: null,
          ms: Number.NaN,
        }),
      },
      snapshotHash: 'rules',
      onStep: (record) => records.push(...record.metrics.map((m) => m.ms)),
    });
    await controller.run();
    for (const event of controller.events) expect(LedgerEvent.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
    expect(controller.events.find((e) => e.type === 'PolicyCalled')).toMatchObject({ tokensIn: null, tokensOut: null, model: 'm' });
    expect(records).toEqual([0]);
  });

  it('without revision sends no messages and evaluates each node once', async () => {
    const controller = setup(restless(), { revision: false, budget: 100 }, ['a', 'b']);
    await controller.run();
    expect(evaluated(controller.events)).toEqual(['a', 'b']);
    expect(controller.events.some((e) => e.type === 'MessageSent')).toBe(false);
  });
});
