import { calibrate } from './calibration.js';
import { describe, expect, it } from 'vitest';
import type { Label } from '../model/index.js';
import { createState } from '../ledger/index.js';
import type { EvidenceRef, InvestigationState, NewLedgerEvent } from '../ledger/index.js';
import { computeFrontier } from './frontier.js';
import { Tick } from './tick.js';

const hard = (id: string, isFault: boolean): EvidenceRef => ({
  id,
  kind: isFault ? 'change' : 'log',
  extractor: 'raw',
  time: 1500,
  isFault,
});
const soft = (id: string): EvidenceRef => ({ id, kind: 'log', extractor: 'llm_inferred', time: 1500, isFault: false });

interface NodeSpec {
  label: Label;
  confidence: number;
  refs: EvidenceRef[];
}

function stateOf(nodes: Record<string, NodeSpec>, edges: [string, string][]): InvestigationState {
  const tick = new Tick(createState());
  const emit = (event: NewLedgerEvent) => tick.emit(event);
  let evaluation = 0;
  for (const [node, spec] of Object.entries(nodes)) {
    emit({ type: 'StepStarted', node, evaluation: ++evaluation });
    emit({ type: 'PacketBuilt', node, packetHash: 'h', tokenCount: 1, window: { start: 1000, end: 2000 }, evidence: spec.refs });
    const belief = { label: spec.label, confidence: spec.confidence, evidence: spec.refs.map((r) => r.id), summary: '' };
    emit({ type: 'BeliefSet', node, belief, previous: null, source: 'policy', reasoning: [] });
  }
  for (const [from, to] of edges) {
    emit({ type: 'EdgeClaimed', from, to, by: to, evidence: [], condition: '', effect: '', isDiscovered: false });
  }
  return tick.state;
}

describe('computeFrontier', () => {
  it('keeps only Origins that no other Origin reaches, even through Symptoms', () => {
    const state = stateOf(
      {
        a: { label: 'Origin', confidence: 0.6, refs: [hard('a1', true)] },
        m: { label: 'Symptom', confidence: 0.9, refs: [] },
        b: { label: 'Origin', confidence: 0.9, refs: [hard('b1', true)] },
      },
      [
        ['a', 'm'],
        ['m', 'b'],
      ],
    );
    const result = computeFrontier(state);
    expect(result.frontier).toEqual(['a']);
    expect(result.outcome).toBe('confident');
    expect(result.ranking.map((r) => r.entity)).toEqual(['b', 'a', 'm']);
  });

  it('keeps both Origins of a cycle and orders them by score', () => {
    const state = stateOf(
      {
        a: { label: 'Origin', confidence: 0.5, refs: [hard('a1', true)] },
        b: { label: 'Origin', confidence: 0.8, refs: [hard('b1', true)] },
      },
      [
        ['a', 'b'],
        ['b', 'a'],
      ],
    );
    expect(computeFrontier(state).frontier).toEqual(['b', 'a']);
  });

  it('fails the verification gate when a frontier node cites no hard evidence, and ranks by the capped confidence', () => {
    const state = stateOf(
      {
        a: { label: 'Origin', confidence: 0.9, refs: [soft('a1')] },
        b: { label: 'Origin', confidence: 0.7, refs: [hard('b1', true)] },
        c: { label: 'Healthy', confidence: 0.7, refs: [] },
        d: { label: 'Healthy', confidence: 0.7, refs: [] },
      },
      [],
    );
    const result = computeFrontier(state);
    // a's raw 0.9 is capped at 0.64 (ungrounded): the grounded 0.7 ranks first.
    expect(result.frontier).toEqual(['b', 'a']);
    expect(result.outcome).toBe('no_confident_root_cause');
    expect(result.confidence).toEqual({ raw: 0.7, grounding: 'grounded', cap: 1, effective: 0.7, calibrated: calibrate(0.7) });
  });

  it('caps partially grounded confidence at 0.84 and falls back to the ranking without Origins', () => {
    const partial = computeFrontier(stateOf({ a: { label: 'Origin', confidence: 0.95, refs: [hard('a1', false)] } }, []));
    expect(partial.confidence).toEqual({ raw: 0.95, grounding: 'partial', cap: 0.84, effective: 0.84, calibrated: calibrate(0.84) });
    const none = computeFrontier(
      stateOf({ a: { label: 'Symptom', confidence: 0.9, refs: [] }, b: { label: 'Defer', confidence: 0.9, refs: [hard('b1', true)] } }, []),
    );
    expect(none.frontier).toEqual([]);
    expect(none.outcome).toBe('no_confident_root_cause');
    expect(none.ranking.map((r) => r.entity)).toEqual(['b', 'a']);
    expect(none.confidence.grounding).toBe('grounded');
  });

  it('does not count a fault outside the onset window as grounding', () => {
    const late: EvidenceRef = { ...hard('a1', true), time: 5000 };
    const result = computeFrontier(stateOf({ a: { label: 'Origin', confidence: 0.9, refs: [late] } }, []));
    expect(result.confidence.grounding).toBe('partial');
  });
});
