import { describe, expect, it } from 'vitest';
import { createState, type LedgerEvent, type ScopeRecord } from '../ledger/index.js';
import type { Belief } from '../model/belief.js';
import { orderSeedsByScopes, scopeReactions, type ScopeRouting } from './index.js';

const record = (
  id: string,
  kind: 'entity' | 'signature',
  entities: string[],
  neighbours: string[],
  firstEntities: string[] = [],
): ScopeRecord => ({
  id,
  kind,
  entities,
  tiers: [],
  alerts: 1,
  sample: [],
  signatures: [{ signature: 'X', count: 1 }],
  severity: 'critical',
  first: 0,
  last: 0,
  merged: [],
  neighbours,
  ...(kind === 'signature'
    ? {
        flood: {
          signature: 'X',
          total: 1,
          kept: 1,
          filtered: { severity: 0, baseline: 0 },
          rateRatio: null,
          entities: entities.length,
          perEntity: [],
          perTier: [],
          first: 0,
          last: 0,
          firstEntities,
          burst: 1,
        },
      }
    : {}),
});

const scopes = [
  record('S1', 'entity', ['a'], ['S2', 'S3', 'S4']),
  record('S2', 'entity', ['b', 'c'], ['S1']),
  record('S3', 'signature', ['a', 'd'], ['S1']),
  record('S4', 'entity', ['e'], ['S1']),
];
const routing: ScopeRouting = { scopes, representative: (n) => n.replace('-pod', ''), has: () => true };
const belief = (label: Belief['label'], confidence: number, evidence: string[] = ['metric:1']): Belief => ({
  label,
  confidence,
  evidence,
  summary: `${label} here`,
});
let seq = 0;
const set = (node: string, b: Belief): LedgerEvent => ({
  seq: seq++,
  type: 'BeliefSet',
  node,
  belief: b,
  previous: null,
  source: 'policy',
  reasoning: [],
});

describe('scope messages', () => {
  it('a symptom requests evidence from each neighbour entity scope once and steers the queue to it', () => {
    const state = createState();
    const out = scopeReactions(routing, state, [set('a-pod', belief('Symptom', 0.6))]);
    expect(
      out.map((e) => [
        e.type,
        'kind' in e ? e.kind : e.type === 'Activated' ? e.reason : '',
        'to' in e ? e.to : '',
        'node' in e ? e.node : '',
      ]),
    ).toEqual([
      ['ScopeMessage', 'request', 'S2', 'b'],
      ['Activated', 'message', '', 'b'],
      ['ScopeMessage', 'request', 'S4', 'e'],
      ['Activated', 'message', '', 'e'],
    ]);
    // Recorded requests are not sent again.
    for (const e of out) if (e.type === 'ScopeMessage') state.scopes.messages.push({ ...e, seq: seq++ });
    expect(scopeReactions(routing, state, [set('a', belief('Symptom', 0.6))]).filter((e) => e.type === 'ScopeMessage')).toEqual([]);
  });

  it('confirms a requested entity’s verdict to the scope that asked', () => {
    const state = createState();
    state.scopes.messages.push({ seq: 1, type: 'ScopeMessage', kind: 'request', from: 'S1', to: 'S2', node: 'b', text: '', evidence: [] });
    const out = scopeReactions(routing, state, [set('b', belief('Healthy', 0.7, ['metric:9']))]);
    expect(out).toEqual([
      { type: 'ScopeMessage', kind: 'confirm', from: 'S2', to: 'S1', node: 'b', text: 'b judged Healthy (0.7)', evidence: ['metric:9'] },
    ]);
  });

  it('broadcasts a confident origin citing a change to the neighbour entity scopes only', () => {
    const out = scopeReactions(routing, createState(), [set('a', belief('Origin', 0.9, ['change:3']))]);
    expect(out.map((e) => (e.type === 'ScopeMessage' ? `${e.kind}>${e.to}` : e.type))).toEqual(['broadcast>S2', 'broadcast>S4']);
    expect(scopeReactions(routing, createState(), [set('a', belief('Origin', 0.9, ['metric:3']))])).toEqual([]);
    expect(scopeReactions(routing, createState(), [set('a', belief('Origin', 0.5, ['change:3']))])).toEqual([]);
  });
});

describe('seeds in scope order', () => {
  it('drops seeds that only a flood names, except where the flood started', () => {
    const flood = record('S9', 'signature', ['x', 'y', 'z'], [], ['z']);
    const seeds = ['x', 'a', 'y', 'z'].map((node) => ({ node, strength: 'alerting' as const }));
    expect(orderSeedsByScopes(seeds, [record('S1', 'entity', ['a'], []), flood], (n) => n).map((s) => s.node)).toEqual(['a', 'z']);
    expect(orderSeedsByScopes(seeds, [record('S1', 'entity', ['a'], [])], (n) => n)).toEqual(seeds);
    // One seed per alias group, named by its representative, where the group's first seed stood.
    const pods = ['p1', 'a', 'p2'].map((node) => ({ node, strength: 'alerting' as const }));
    expect(orderSeedsByScopes(pods, [], (n) => (n.startsWith('p') ? 'svc' : n)).map((s) => s.node)).toEqual(['svc', 'a']);
    // When every seed is flood-only they all stay: the walk must start somewhere.
    expect(orderSeedsByScopes(seeds.slice(0, 1), [flood], (n) => n)).toEqual(seeds.slice(0, 1));
    // A crashed pod and a change seed on their own account, not on the flood's.
    const unalerted = [
      ...seeds,
      { node: 'y', strength: 'failure_candidate' as const },
      { node: 'x', strength: 'change_candidate' as const },
    ];
    expect(orderSeedsByScopes(unalerted, [record('S1', 'entity', ['a'], []), flood], (n) => n).map((s) => s.node)).toEqual([
      'a',
      'z',
      'y',
      'x',
    ]);
  });
});
