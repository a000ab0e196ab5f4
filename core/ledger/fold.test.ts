import { describe, expect, it } from 'vitest';
import { LedgerOrderError } from './apply.js';
import { LedgerEvent } from './events.js';
import { fold, foldUpTo } from './fold.js';
import { budgetLeft, visitedNodes } from './state.js';
import { ControllerSettings } from './settings.js';

const settings = ControllerSettings.parse({ budget: 3 });
const belief = (label: 'Origin' | 'Symptom') => ({ label, evidence: ['e1'], summary: '', confidence: 0.5 });
const events: LedgerEvent[] = [
  { seq: 0, type: 'InvestigationStarted', snapshotHash: 'h', settings, policy: { name: 'p', model: null }, bootstrap: null },
  { seq: 1, type: 'Activated', node: 'ns/Service/a', reason: 'seed', by: null, note: 'alert' },
  { seq: 2, type: 'StepStarted', node: 'ns/Service/a', evaluation: 1 },
  {
    seq: 3,
    type: 'PacketBuilt',
    node: 'ns/Service/a',
    packetHash: 'x',
    tokenCount: 9,
    window: { start: 0, end: 10 },
    evidence: [{ id: 'e1', kind: 'log', extractor: 'raw', time: 5, isFault: false }],
  },
  { seq: 4, type: 'PolicyCalled', node: 'ns/Service/a', policy: 'p', model: null, tokensIn: 10, tokensOut: 2, cached: false, error: null },
  { seq: 5, type: 'BeliefSet', node: 'ns/Service/a', belief: belief('Origin'), previous: null, source: 'policy', reasoning: [] },
  {
    seq: 6,
    type: 'BeliefSet',
    node: 'ns/Service/a',
    belief: belief('Symptom'),
    previous: belief('Origin'),
    source: 'policy',
    reasoning: [],
  },
  {
    seq: 7,
    type: 'EdgeClaimed',
    from: 'ns/Service/b',
    to: 'ns/Service/a',
    by: 'ns/Service/a',
    evidence: ['e1'],
    condition: '',
    effect: '',
    isDiscovered: true,
  },
  { seq: 8, type: 'MessageSent', message: { from: 'ns/Service/a', to: 'ns/Service/b', belief: belief('Symptom'), seq: 6 } },
];

describe('fold', () => {
  it('derives visits, flips, citations, E_S and inboxes from events alone', () => {
    const state = fold(events);
    const a = state.nodes.get('ns/Service/a');
    expect(a).toMatchObject({ visits: 1, flips: 1, lastEvaluation: 1, beliefSeq: 6, packetHash: 'x' });
    expect(a?.cited.map((r) => r.id)).toEqual(['e1']);
    expect(state.active.size).toBe(0);
    expect(state.tokensIn).toBe(10);
    expect(state.edgeNeighbours.get('ns/Service/b')).toEqual(new Set(['ns/Service/a']));
    expect(state.inbox.get('ns/Service/b')?.get('ns/Service/a')?.seq).toBe(6);
    expect(visitedNodes(state)).toEqual(['ns/Service/a']);
    expect(budgetLeft(state)).toBe(2);
  });

  it('stops after the requested event for step-back', () => {
    expect(foldUpTo(events, 1).active.toArray()).toEqual(['ns/Service/a']);
    expect(foldUpTo(events, 5).nodes.get('ns/Service/a')?.belief?.label).toBe('Origin');
  });

  it('does not share state between folds', () => {
    const first = fold(events);
    first.nodes.clear();
    expect(fold(events).nodes.size).toBe(1);
  });

  it('refuses gaps and repeats in the sequence', () => {
    expect(() => fold([events[0] as LedgerEvent, events[2] as LedgerEvent])).toThrow(LedgerOrderError);
    expect(() => fold([events[0] as LedgerEvent, events[0] as LedgerEvent])).toThrow(/event 0 arrived where 1/);
  });

  it('has schemas that accept what the controller writes and reject junk', () => {
    for (const event of events) expect(LedgerEvent.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
    expect(LedgerEvent.safeParse({ seq: 1, type: 'Activated', node: 'x' }).success).toBe(false);
  });
});
