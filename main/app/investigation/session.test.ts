import { describe, expect, it } from 'vitest';
import { createController, type Policy } from '../../../core/controller/index.js';
import {
  createMemoryPacketBuilder,
  makeEvidence,
  output,
  scriptedPolicy,
  servicesGraph,
  svc,
} from '../../../core/controller/test-support.js';
import type { InvestigationSettings, InvestigationState } from '../../../core/ipc/index.js';
import type { ContextPacket } from '../../../core/model/index.js';
import type { Engine } from './engine.js';
import { createInvestigationSession } from './session.js';

const graph = servicesGraph(['front', 'back'], [['front', 'back']]);
const change = makeEvidence({
  id: 'ev-back-change',
  entity: svc('back'),
  detail: { type: 'change', changeKind: 'config', diff: [], actor: null },
});
const evidence = new Map([[svc('back'), [change]]]);

/** front is a symptom explained by back; back is the origin with a citable change. */
function decide(packet: ContextPacket) {
  if (packet.node === svc('back')) return output({ label: 'Origin', confidence: 0.9, evidence: ['ev-back-change'] });
  return output({ label: 'Symptom', proposals: [svc('back')] });
}

const settings: InvestigationSettings = {
  budget: 10,
  maxVisits: 5,
  cooldown: 2,
  kFlips: 3,
  revision: true,
  concurrency: 1,
  policy: 'heuristic',
  window: null,
};

function engine(policy: Policy = scriptedPolicy(decide)): Engine {
  return {
    start: async (s) =>
      createController({
        graph,
        settings: { budget: s.budget, maxVisits: s.maxVisits, cooldown: s.cooldown, kFlips: s.kFlips },
        seeds: [{ node: svc('front'), reason: 'alerting' }],
        packets: createMemoryPacketBuilder(graph, evidence),
        policy,
        snapshotHash: 'test',
      }),
    close: () => {},
  };
}

/** States compare equal whatever their revision (every view gets a fresh one). */
function content(state: InvestigationState | undefined): Omit<InvestigationState, 'revision'> | undefined {
  if (!state) return undefined;
  const { revision: _revision, ...rest } = state;
  return rest;
}

function sessionWith(policy?: Policy) {
  const pushed: InvestigationState[] = [];
  const session = createInvestigationSession(engine(policy), (s) => pushed.push(s));
  return { session, pushed };
}

describe('investigation session over the real controller', () => {
  it('refuses commands before start with an actionable error', async () => {
    const { session } = sessionWith();
    await expect(session.step()).rejects.toThrow(/press Run or Step/);
    expect(session.state()).toMatchObject({ status: 'new', seq: -1, evaluations: 0 });
  });

  it('starts with the seeds queued, then steps one evaluation at a time', async () => {
    const { session } = sessionWith();
    expect(await session.start(settings)).toMatchObject({ status: 'new', activeSet: [svc('front')], budgetLeft: 10 });
    const after = await session.step();
    expect(after).toMatchObject({ status: 'paused', evaluations: 1, budgetLeft: 9 });
    expect(after.nodes.find((n) => n.node === svc('front'))?.belief?.label).toBe('Symptom');
  });

  it('runs in the background to a frontier and pushes progress', async () => {
    const { session, pushed } = sessionWith();
    await session.start(settings);
    expect(session.run().status).toBe('running');
    await session.settled();
    const final = session.state();
    expect(final).toMatchObject({ status: 'finished', frontier: [svc('back')] });
    expect(final.outcome).not.toBeNull();
    expect(pushed.length).toBeGreaterThan(1);
    expect(content(pushed.at(-1))).toEqual(content(final));
    expect(pushed.at(-1)?.revision).toBeLessThan(final.revision);
  });

  it('steps back through the ledger without rewriting it, and forward again to the head', async () => {
    const { session } = sessionWith();
    await session.start(settings);
    session.run();
    await session.settled();
    const head = session.state();
    const eventCount = session.events(-1, 5000).events.length;
    const back1 = session.stepBack();
    expect(back1.evaluations).toBe(head.evaluations - 1);
    expect(back1.status).not.toBe('finished');
    const back2 = session.stepBack();
    expect(back2.evaluations).toBe(head.evaluations - 2);
    expect(session.events(-1, 5000).events).toHaveLength(eventCount);
    await session.step();
    expect((await session.step()).seq).toBe(head.seq);
    expect(content(session.state())).toEqual(content(head));
  });

  it('pages ledger events after a sequence number', async () => {
    const { session } = sessionWith();
    await session.start(settings);
    await session.step();
    const all = session.events(-1, 5000).events;
    expect(all[0]?.type).toBe('InvestigationStarted');
    const page = session.events(0, 2);
    expect(page.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(page.hasMore).toBe(all.length > 3);
  });

  it('records an analyst override as human-asserted', async () => {
    const { session } = sessionWith();
    await session.start(settings);
    const state = session.override(svc('front'), 'Healthy', 'false alarm');
    expect(state.nodes.find((n) => n.node === svc('front'))).toMatchObject({ isPinned: true, beliefSource: 'analyst' });
  });

  it('pauses a run in flight', async () => {
    const slow = scriptedPolicy(decide, () => 20);
    const { session } = sessionWith(slow);
    await session.start({ ...settings, budget: 10 });
    session.run();
    session.pause();
    await session.settled();
    expect(session.state().status).toBe('paused');
  });

  it('reports why a run stopped when the policy fails', async () => {
    const failing: Policy = { name: 'broken', model: null, evaluate: () => Promise.reject(new Error('endpoint down')) };
    const { session } = sessionWith(failing);
    await session.start(settings);
    session.run();
    await session.settled();
    expect(session.state().lastError).toMatch(/endpoint down/);
  });

  it('reset forgets the investigation', async () => {
    const { session } = sessionWith();
    await session.start(settings);
    await session.step();
    expect(session.reset()).toMatchObject({ status: 'new', seq: -1, nodes: [] });
    await expect(session.step()).rejects.toThrow(/press Run or Step/);
  });
});
