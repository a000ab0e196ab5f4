import { describe, expect, it } from 'vitest';
import type { ContextPacket, PolicyOutput } from '../model/index.js';
import { serialiseLedger } from '../ledger/index.js';
import { createController } from './controller.js';
import { createMemoryPacketBuilder, makeEvidence, output, scriptedPolicy, seededRandom, servicesGraph, svc } from './test-support.js';
import type { StepRecord } from './types.js';

const names = Array.from({ length: 12 }, (_, i) => `n${i}`);
const calls = names.flatMap(
  (_, i) =>
    [
      [`n${i}`, `n${(i + 1) % 12}`],
      [`n${i}`, `n${(i + 5) % 12}`],
    ] as const,
);
const evidence = new Map(
  names.map((n) => [
    svc(n),
    ['a', 'b'].map((k) => makeEvidence({ id: `${n}-${k}`, entity: svc(n), detail: { type: 'log', severity: 'error' } })),
  ]),
);

/** Deterministic in the packet: label and citations depend on the node and what its inbox says. */
function decide(packet: ContextPacket): PolicyOutput {
  const index = Number(packet.node.slice(12));
  const heard = packet.inbox.filter((m) => m.belief.label === 'Origin').length;
  const label = index % 4 === 0 && heard < 2 ? 'Origin' : 'Symptom';
  const name = `n${index}`;
  const next = svc(`n${(index + 1) % 12}`);
  return output({
    label,
    evidence: [`${name}-${heard % 2 === 0 ? 'a' : 'b'}`],
    claims: label === 'Symptom' ? [{ from: next, to: packet.node, evidence: [`${name}-a`], condition: '', effect: '' }] : [],
    proposals: [svc(`n${(index + 7) % 12}`)],
  });
}

async function runWith(concurrency: number, delaySeed: number) {
  const graph = servicesGraph(names, calls);
  const random = seededRandom(delaySeed);
  const arrivals: string[] = [];
  const records: StepRecord[] = [];
  const controller = createController({
    graph,
    settings: { budget: 60, concurrency },
    seeds: [0, 3, 6, 9].map((i) => ({ node: svc(`n${i}`), reason: 'alert' })),
    packets: createMemoryPacketBuilder(graph, evidence),
    policy: scriptedPolicy(
      (packet) => {
        arrivals.push(packet.node);
        return decide(packet);
      },
      () => 1 + Math.floor(random() * 8),
    ),
    snapshotHash: 'concurrency',
    onStep: (record) => records.push(record),
  });
  await controller.run();
  return { ledger: serialiseLedger(controller.events), arrivals, records };
}

describe('concurrent policy calls', () => {
  it('gives a byte-identical ledger whatever order the answers arrive in', async () => {
    const first = await runWith(4, 1);
    const second = await runWith(4, 2);
    expect(first.arrivals).not.toEqual(second.arrivals);
    expect(second.ledger).toBe(first.ledger);
    const batch = Math.max(...first.records.map((r) => r.events.filter((e) => e.type === 'StepStarted').length));
    expect(batch).toBe(4);
  });

  it('is byte-identical across runs with a single call in flight too', async () => {
    const first = await runWith(1, 3);
    const second = await runWith(1, 4);
    expect(second.ledger).toBe(first.ledger);
  });
});
