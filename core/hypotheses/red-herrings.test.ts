import { describe, expect, it } from 'vitest';
import { edgeKey } from '../ledger/index.js';
import { reasonHypotheses } from './engine.js';
import { observe } from './observe.js';
import { redHerrings } from './red-herrings.js';
import { ScriptedLedger, ref } from './test-support.js';

const settings = { delta: 0.1, eta: 2 };
const front = 'ns/Service/front';
const cart = 'ns/Service/cart';
const flags = 'ns/ConfigMap/cart-flags';
const change = (id: string) => ref(id, 'change', 'k8s_diff');
const calls = (id: string) => ref(id, 'span', 'trace_edge', false);

describe('redHerrings', () => {
  it('lists a change that preceded nothing abnormal with the normal observations that refute it', () => {
    const ledger = new ScriptedLedger(settings);
    ledger.label(front, 'Origin', 0.85, [change('change:9'), ref('err:front')], ['change']);
    // cart's packet held the deploy and its calls, all normal: it is judged Healthy.
    ledger.label(cart, 'Healthy', 0.7, []);
    ledger.emit({
      type: 'PacketBuilt',
      node: cart,
      packetHash: 'again',
      tokenCount: 1,
      window: { start: 0, end: 100_000 },
      evidence: [change('change:1'), calls('edge:front->cart')],
    });
    reasonHypotheses(ledger, settings);
    const list = redHerrings(ledger.state);
    expect(list).toEqual([
      {
        change: 'change:1',
        time: 50_000,
        entities: [cart],
        reason: expect.stringContaining('nothing abnormal followed it'),
        refute: ['edge:front->cart'],
        hypotheses: [expect.stringMatching(/^h\d+$/)],
      },
    ]);
    const hypothesis = ledger.state.hypotheses.hypotheses.get(list[0]?.hypotheses[0] ?? '');
    expect(hypothesis).toMatchObject({ entity: cart, status: 'refuted', support: ['change:1'] });
    expect(hypothesis?.refute).toContain('edge:front->cart');
  });

  it('lists a change its node weighed and set aside as the trigger (an early deploy beside unexplained symptoms)', () => {
    const ledger = new ScriptedLedger(settings);
    ledger.emit({
      type: 'PacketBuilt',
      node: cart,
      packetHash: 'cart',
      tokenCount: 1,
      window: { start: 0, end: 100_000 },
      evidence: [change('change:5'), ref('err:cart')],
    });
    const belief = { label: 'Defer' as const, evidence: ['err:cart'], summary: 'Defer: errors up', confidence: 0.3 };
    ledger.emit({ type: 'BeliefSet', node: cart, belief, previous: null, source: 'policy', reasoning: [], rules: ['change', 'metric'] });
    expect(redHerrings(ledger.state)).toEqual([
      expect.objectContaining({ change: 'change:5', reason: expect.stringContaining('set aside as the trigger') }),
    ]);
    // Without the policy weighing it (no change rule fired), an unexplained degradation leaves it open.
    ledger.emit({ type: 'BeliefSet', node: cart, belief, previous: belief, source: 'policy', reasoning: [], rules: ['metric'] });
    expect(redHerrings(ledger.state)).toEqual([]);
  });

  it('does not list a change that a belief cites or that something abnormal followed', () => {
    const ledger = new ScriptedLedger(settings);
    // The flag is cited by cart's Origin belief; the ConfigMap itself looked Healthy.
    ledger.label(flags, 'Healthy', 0.7, []);
    ledger.emit({
      type: 'PacketBuilt',
      node: flags,
      packetHash: 'flags',
      tokenCount: 1,
      window: { start: 0, end: 100_000 },
      evidence: [change('change:2')],
    });
    ledger.label(cart, 'Origin', 0.85, [change('change:2'), ref('err:cart')], ['change']);
    // A deploy on a node that stays degraded without a cause (Defer) is not refuted either.
    ledger.label(front, 'Defer', 0.3, []);
    ledger.emit({
      type: 'PacketBuilt',
      node: front,
      packetHash: 'front',
      tokenCount: 1,
      window: { start: 0, end: 100_000 },
      evidence: [change('change:3')],
    });
    expect(redHerrings(ledger.state)).toEqual([]);
  });
});

describe('upstream explanation over alias groups', () => {
  it('refutes a Deployment whose Service is explained by an origin upstream, but only when told the group', () => {
    const deployment = 'ns/Deployment/cart';
    const db = 'ns/Service/db';
    const aliases = (id: string) => (id === deployment || id === cart ? [cart, deployment] : [id]);
    const ledger = new ScriptedLedger(settings);
    ledger.label(db, 'Origin', 0.9, [ref('cpu:db'), ref('mem:db')], ['saturation']);
    ledger.label(deployment, 'Origin', 0.85, [change('change:4'), ref('lat:cart')], ['change']);
    ledger.label(cart, 'Symptom', 0.7, [calls('edge:db->cart')]);
    ledger.claim(db, cart, ['edge:db->cart']);
    const seen = (withAliases: boolean) =>
      observe(ledger.state, withAliases ? aliases : undefined)
        .find((c) => c.cause === 'change')
        ?.entities.find((e) => e.entity === deployment);
    expect(seen(false)?.isRefuted).toBe(false);
    expect(seen(true)).toMatchObject({ isRefuted: true, refute: ['edge:db->cart'], reason: expect.stringContaining(db) });
  });
});

describe('claims with more than one claimant', () => {
  it('keep the edge while anyone still asserts it', () => {
    const ledger = new ScriptedLedger(settings);
    ledger.emit({
      type: 'EdgeClaimed',
      from: front,
      to: cart,
      by: front,
      evidence: ['e1'],
      condition: 'first',
      effect: '',
      isDiscovered: false,
    });
    ledger.emit({
      type: 'EdgeClaimed',
      from: front,
      to: cart,
      by: cart,
      evidence: ['e2'],
      condition: 'second',
      effect: '',
      isDiscovered: false,
    });
    expect(ledger.state.edges.get(edgeKey(front, cart))?.condition).toBe('first');
    // front's fresh evaluation retracts its own claims; cart still asserts the edge.
    ledger.emit({ type: 'StepStarted', node: front, evaluation: 1 });
    expect(ledger.state.edges.has(edgeKey(front, cart))).toBe(true);
    ledger.emit({ type: 'StepStarted', node: cart, evaluation: 2 });
    expect(ledger.state.edges.has(edgeKey(front, cart))).toBe(false);
  });
});
