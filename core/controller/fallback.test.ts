import { describe, expect, it } from 'vitest';
import type { EvidenceItem } from '../model/index.js';
import { createController, type ControllerOptions } from './controller.js';
import { createMemoryPacketBuilder, makeEvidence, output, scriptedPolicy, servicesGraph, svc } from './test-support.js';

// ui calls api; db is called by no one the topology knows of. Nothing alerted: the walk starts at the entry.
const graph = servicesGraph(['ui', 'api', 'db'], [['ui', 'api']]);
const cpu = makeEvidence({
  id: 'anomaly:db:cpu',
  entity: svc('db'),
  detail: {
    type: 'metric_anomaly',
    metric: 'cpu',
    windowValue: 0.95,
    baselineMedian: 0.2,
    baselineMad: 0.02,
    z: 20,
    direction: 'up',
    change: 3.75,
  },
});
const latency = makeEvidence({
  id: 'anomaly:ui:latency',
  entity: svc('ui'),
  detail: {
    type: 'metric_anomaly',
    metric: 'latency',
    windowValue: 900,
    baselineMedian: 90,
    baselineMad: 9,
    z: 30,
    direction: 'up',
    change: 9,
  },
});
const evidence = new Map<string, EvidenceItem[]>([
  [svc('db'), [cpu]],
  [svc('ui'), [latency]],
]);

function options(extra: Partial<ControllerOptions>, uiIsOrigin = false): ControllerOptions {
  return {
    graph,
    settings: { budget: 20 },
    seeds: [{ node: svc('ui'), reason: 'no alert fired in the window; starting from an entry point' }],
    packets: createMemoryPacketBuilder(graph, evidence),
    policy: scriptedPolicy((packet) =>
      packet.node === svc('db')
        ? output({ label: 'Origin', confidence: 0.8, evidence: [cpu.id] })
        : packet.node === svc('ui') && uiIsOrigin
          ? output({ label: 'Origin', confidence: 0.8, evidence: [latency.id] })
          : output({ label: 'Healthy', confidence: 0.7 }),
    ),
    snapshotHash: 'fallback',
    ...extra,
  };
}

const fallback = () => [{ node: svc('db'), note: 'the walk found no origin: its own metrics departed furthest from their normal' }];

describe('fallback seeds at a fixed point without any Origin', () => {
  it('concludes with nothing when it has none to look at', async () => {
    const controller = createController(options({}));
    await controller.run();
    expect(controller.state.nodes.get(svc('db'))).toBeUndefined();
    expect([...controller.state.nodes.values()].some((n) => n.belief?.label === 'Origin')).toBe(false);
  });

  it('looks where the signals departed furthest before concluding, once, as a reminder with its reason', async () => {
    const controller = createController(options({ fallbackSeeds: fallback }));
    await controller.run();
    expect(controller.state.nodes.get(svc('db'))?.belief?.label).toBe('Origin');
    const reminders = controller.events.filter((e) => e.type === 'Activated' && e.reason === 'reminder');
    expect(reminders).toEqual([expect.objectContaining({ node: svc('db'), by: null, note: fallback()[0]?.note })]);
    expect(controller.state.status).toBe('finished');
  });

  it('does not widen a walk that found an Origin of its own', async () => {
    const controller = createController(options({ fallbackSeeds: fallback }, true));
    await controller.run();
    expect(controller.state.nodes.get(svc('ui'))?.belief?.label).toBe('Origin');
    expect(controller.state.nodes.get(svc('db'))).toBeUndefined();
  });
});
