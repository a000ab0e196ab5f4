import { describe, expect, it } from 'vitest';
import { fold, foldUpTo, serialiseLedger } from '../ledger/index.js';
import type { LedgerEvent } from '../ledger/index.js';
import type { OperationalGraph } from '../graph/index.js';
import { createController, defaultBudget } from './controller.js';
import type { ControllerOptions } from './controller.js';
import { ControllerBusyError, LedgerMismatchError, PolicyCallError } from './errors.js';
import { createMemoryPacketBuilder, scriptedPolicy, servicesGraph } from './test-support.js';
import type { Policy, StepRecord } from './types.js';
import { ids, workedExampleEvidence, workedExampleGraph, workedExamplePolicy } from './worked-example.fixture.js';

function options(extra: Partial<ControllerOptions> = {}): ControllerOptions {
  const graph = workedExampleGraph();
  return {
    graph,
    settings: { budget: 40 },
    seeds: [{ node: ids.gateway, reason: 'alert' }],
    packets: createMemoryPacketBuilder(graph, workedExampleEvidence()),
    policy: scriptedPolicy(workedExamplePolicy),
    snapshotHash: 'lifecycle',
    ...extra,
  };
}

describe('controller lifecycle', () => {
  it('keeps state equal to the fold of its events after every step', async () => {
    const controller = createController(options());
    while (controller.state.status !== 'finished') {
      await controller.step();
      const replayed = fold(controller.events);
      expect([...replayed.nodes.entries()]).toEqual([...controller.state.nodes.entries()]);
      expect(replayed.active.toArray()).toEqual(controller.state.active.toArray());
    }
    expect(await controller.step()).toBeNull();
  });

  it('lets the UI step back to the state after any event', async () => {
    const controller = createController(options());
    await controller.run();
    const origin = controller.events.find((e) => e.type === 'BeliefSet' && e.node === ids.database && e.belief.label === 'Origin');
    const before = foldUpTo(controller.events, (origin?.seq ?? 0) - 1);
    const after = foldUpTo(controller.events, origin?.seq ?? 0);
    expect(before.nodes.get(ids.database)?.belief).toBeNull();
    expect(after.nodes.get(ids.database)?.belief?.label).toBe('Origin');
    expect(after.status).toBe('running');
  });

  it('records an analyst override as human-asserted, pins the node and wakes its neighbours', async () => {
    const controller = createController(options());
    await controller.run();
    const record = controller.applyOverride(ids.database, 'Origin', 'DBA confirms a bad index');
    expect(record.events.map((e) => e.type)).toEqual(['AnalystOverride', 'BeliefSet', 'MessageSent', 'Activated']);
    expect(record.events[0]).toMatchObject({ provenance: 'analyst', label: 'Origin' });
    expect(record.events[1]).toMatchObject({
      source: 'analyst',
      belief: { label: 'Origin', summary: 'Analyst: DBA confirms a bad index' },
    });
    expect(controller.state.status).toBe('running');
    const overrideSeq = record.events[0]?.seq ?? 0;
    const finished = await controller.run();
    expect(controller.events.some((e) => e.type === 'StepStarted' && e.node === ids.database && e.seq > overrideSeq)).toBe(false);
    // The frontend still explains the database through E_S, so the frontier does not move.
    expect(finished?.frontier).toEqual([ids.frontend]);
    expect(controller.state.nodes.get(ids.database)?.beliefSource).toBe('analyst');
  });

  it('skips a queued node once an analyst has pinned it', async () => {
    const controller = createController(options());
    await controller.step();
    expect(controller.state.active.toArray()).toEqual([ids.processor]);
    controller.applyOverride(ids.processor, 'Origin', 'known bad release');
    const finished = await controller.run();
    expect(controller.events.some((e) => e.type === 'Skipped' && e.node === ids.processor && e.reason === 'pinned')).toBe(true);
    expect(controller.events.filter((e) => e.type === 'StepStarted').map((e) => e.type === 'StepStarted' && e.node)).toEqual([ids.gateway]);
    // Human-asserted with no cited evidence: shown, but the verification gate does not pass it.
    expect(finished).toMatchObject({ frontier: [ids.processor], outcome: 'no_confident_root_cause' });
  });

  it('pauses between steps and resumes on the next run', async () => {
    let steps = 0;
    const controller = createController(
      options({
        onStep: () => {
          steps += 1;
          if (steps === 3) controller.pause();
        },
      }),
    );
    expect(await controller.run()).toBeNull();
    expect(controller.state.status).toBe('paused');
    expect(controller.events.at(-1)?.type).toBe('Paused');
    const finished = await controller.run();
    expect(finished?.frontier).toEqual([ids.frontend]);
    expect(controller.events.filter((e) => e.type === 'Resumed')).toHaveLength(1);
  });

  it('records nothing for a step whose policy call fails, and can carry on afterwards', async () => {
    let isDown = true;
    const flaky: Policy = {
      name: 'scripted',
      model: null,
      async evaluate(packet) {
        if (isDown && packet.node === ids.processor) throw new Error('connection refused');
        return { output: workedExamplePolicy(packet), tokensIn: null, tokensOut: null, cached: false, error: null, ms: 0 };
      },
    };
    const controller = createController(options({ policy: flaky }));
    await expect(controller.run()).rejects.toThrow(PolicyCallError);
    const seqBefore = controller.state.seq;
    expect(controller.events.at(-1)?.seq).toBe(seqBefore);
    expect(controller.state.active.toArray()).toEqual([ids.processor]);
    isDown = false;
    expect((await controller.run())?.frontier).toEqual([ids.frontend]);
  });

  it('undoes a tick whose persistence fails', async () => {
    let isFull = false;
    const controller = createController(
      options({
        onStep: () => {
          if (isFull) throw new Error('disk full');
        },
      }),
    );
    await controller.step();
    const snapshot = serialiseLedger(controller.events);
    isFull = true;
    await expect(controller.step()).rejects.toThrow('disk full');
    expect(serialiseLedger(controller.events)).toBe(snapshot);
    expect(controller.state.seq).toBe(controller.events.at(-1)?.seq);
  });

  it('refuses to resume a ledger of another investigation', async () => {
    const first = createController(options());
    await first.step();
    const history: LedgerEvent[] = [...first.events];
    expect(() => createController(options({ history, snapshotHash: 'other' }))).toThrow(LedgerMismatchError);
    expect(() => createController(options({ history, settings: { budget: 41 } }))).toThrow(/settings/);
    expect(() => createController(options({ history }))).not.toThrow();
    // A resume that names no budget goes on with the recorded one.
    expect(createController(options({ history, settings: {} })).settings.budget).toBe(40);
  });

  it('sizes the budget to the system when none is asked for, and records it', () => {
    const services = (n: number) =>
      servicesGraph(
        Array.from({ length: n }, (_, i) => `s${i}`),
        [],
      );
    const started = (graph: OperationalGraph, settings: ControllerOptions['settings']) => {
      const controller = createController(options({ graph, settings, packets: createMemoryPacketBuilder(graph, new Map()), seeds: [] }));
      const first = controller.events[0];
      return first?.type === 'InvestigationStarted' ? first.settings.budget : controller.settings.budget;
    };
    expect(defaultBudget(services(4))).toBe(50);
    expect(defaultBudget(services(30))).toBe(90);
    expect(defaultBudget(services(400))).toBe(150);
    expect(started(services(30), {})).toBe(90);
    expect(started(services(4), {})).toBe(50);
    expect(started(services(30), { budget: 12 })).toBe(12);
  });

  it('rejects overlapping steps and overrides during a step', async () => {
    const controller = createController(options());
    const pending = controller.step();
    expect(() => controller.applyOverride(ids.gateway, 'Healthy', 'x')).toThrow(ControllerBusyError);
    await expect(controller.step()).rejects.toThrow(ControllerBusyError);
    await pending;
    expect(controller.events.filter((e) => e.type === 'StepStarted')).toHaveLength(1);
  });

  it('reports one record per tick with the packets and the call durations', async () => {
    const records: StepRecord[] = [];
    const controller = createController(options({ onStep: (r) => records.push(r) }));
    await controller.step();
    const record = records.at(-1);
    const built = record?.events.find((e) => e.type === 'PacketBuilt');
    const called = record?.events.find((e) => e.type === 'PolicyCalled');
    expect(record?.packets.map((p) => p.hash)).toEqual([built?.type === 'PacketBuilt' ? built.packetHash : '']);
    expect(record?.metrics).toEqual([{ seq: called?.seq, ms: 0 }]);
    expect(JSON.parse(record?.packets[0]?.json ?? '{}')).toMatchObject({ node: ids.gateway });
  });
});
