import { describe, expect, it } from 'vitest';
import { fold, serialiseLedger } from '../ledger/index.js';
import { acceptedEntities, concludeHypotheses } from './conclude.js';
import { reasonHypotheses } from './engine.js';
import { ScriptedLedger, ref } from './test-support.js';

const settings = { delta: 0.1, eta: 2 };
const A = 'ns/Service/a';
const B = 'ns/Service/b';

function node(ledger: ScriptedLedger, id: string) {
  const h = ledger.state.hypotheses.hypotheses.get(id);
  if (!h) throw new Error(`no ${id}`);
  return h;
}

/** A is a saturated origin (0.9, two items); B a less confident code origin (0.6). */
function twoOrigins(): ScriptedLedger {
  const ledger = new ScriptedLedger();
  ledger.label(A, 'Origin', 0.9, [ref('cpu:a'), ref('mem:a')], ['saturation']);
  ledger.label(B, 'Origin', 0.6, [ref('tpl:b', 'log', 'log_template'), ref('log:b', 'log', 'raw', false)], ['new_error_logs']);
  reasonHypotheses(ledger, settings);
  return ledger;
}

describe('reasonHypotheses', () => {
  it('derives cause classes from the symptoms and drills down to the mechanism when the top is decisive', () => {
    const ledger = twoOrigins();
    const derived = ledger.ofType('HypothesisDerived');
    expect(derived.map((e) => e.cause)).toEqual(['resource', 'code']);
    expect(derived[0]?.symptoms).toEqual(['ns/Service/front']);
    expect(ledger.ofType('DrilledDown').map((e) => [e.hypothesis, e.fromLevel, e.toLevel])).toEqual([
      ['h1', 1, 2],
      ['h3', 2, 3],
    ]);
    const layer = ledger.state.hypotheses;
    expect(layer.level).toBe(3);
    expect(node(ledger, layer.focus as string)).toMatchObject({ level: 3, entity: A, parent: 'h3' });
    expect(node(ledger, 'h1').support).toEqual(['cpu:a', 'mem:a']);
  });

  it('does not drill down while the gap is at most δ', () => {
    const ledger = new ScriptedLedger();
    ledger.label(A, 'Origin', 0.8, [ref('cpu:a'), ref('mem:a')], ['saturation']);
    ledger.label(B, 'Origin', 0.75, [ref('tpl:b', 'log', 'log_template'), ref('x:b')], ['new_error_logs']);
    reasonHypotheses(ledger, settings);
    expect(ledger.ofType('DrilledDown')).toEqual([]);
    expect(ledger.state.hypotheses.level).toBe(1);
    expect(node(ledger, ledger.state.hypotheses.focus as string).cause).toBe('resource');
    // Stop and report: both classes are accepted, each naming its entity.
    concludeHypotheses(ledger, settings);
    expect(acceptedEntities(ledger.state)).toEqual([A, B]);
  });

  it('does not drill down on fewer than η supporting items', () => {
    const ledger = new ScriptedLedger();
    ledger.label(A, 'Origin', 0.9, [ref('cpu:a')], ['saturation']);
    reasonHypotheses(ledger, settings);
    expect(ledger.ofType('DrilledDown')).toEqual([]);
    reasonHypotheses(ledger, { delta: 0.1, eta: 1 });
    expect(ledger.ofType('DrilledDown')).toHaveLength(2);
  });

  it('backtracks to the shallowest ancestor that lost first place and prunes everything deeper', () => {
    const ledger = twoOrigins();
    // New evidence: A is a symptom after all.
    ledger.label(A, 'Symptom', 0.7, [ref('edge:b->a', 'span', 'trace_edge', false)]);
    reasonHypotheses(ledger, settings);
    const back = ledger.ofType('Backtracked');
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ ancestor: 'h1', fromLevel: 3, toLevel: 1 });
    expect(node(ledger, 'h1')).toMatchObject({ status: 'refuted', refute: ['edge:b->a'] });
    // A's entity and mechanism were refuted by the new label: they keep that verdict, nothing standing was deeper.
    expect(ledger.ofType('HypothesisPruned')).toEqual([]);
    expect(node(ledger, 'h3')).toMatchObject({ status: 'refuted', entity: A });
    expect(node(ledger, 'h4')).toMatchObject({ status: 'refuted', level: 3 });
    // The code class takes over and is drilled (0.6 − 0 > δ, two items).
    const focus = node(ledger, ledger.state.hypotheses.focus as string);
    expect(focus).toMatchObject({ level: 3, entity: B });
    expect(node(ledger, focus.parent as string).parent).toBe('h2');
  });

  it('moves the focus to a sibling without backtracking when only the focus itself lost first place', () => {
    const ledger = new ScriptedLedger();
    ledger.label(A, 'Origin', 0.9, [ref('cpu:a'), ref('mem:a')], ['saturation']);
    reasonHypotheses(ledger, { delta: 0.1, eta: 2 });
    expect(ledger.state.hypotheses.level).toBe(3);
    // A second resource origin, more confident: level 2 changes leader, level 1 keeps it.
    ledger.label(B, 'Origin', 0.95, [ref('cpu:b'), ref('mem:b')], ['saturation']);
    reasonHypotheses(ledger, settings);
    const back = ledger.ofType('Backtracked');
    expect(back.map((e) => [e.ancestor, e.toLevel])).toEqual([['h2', 2]]);
    expect(ledger.ofType('HypothesisPruned').map((e) => e.id)).toEqual(['h3']);
    expect(node(ledger, 'h3')).toMatchObject({ status: 'pruned', level: 3, entity: A });
    // 0.95 − 0.9 is within δ: B leads level 2 but is not drilled; both entities stay open.
    expect(node(ledger, ledger.state.hypotheses.focus as string)).toMatchObject({ entity: B, level: 2 });
    expect(ledger.state.hypotheses.level).toBe(2);
    concludeHypotheses(ledger, settings);
    expect(acceptedEntities(ledger.state)).toEqual([B, A]);
  });

  it('refutes an origin explained by an origin upstream, even a less confident one, citing the edge', () => {
    const ledger = new ScriptedLedger();
    ledger.label(A, 'Origin', 0.7, [ref('change:1', 'change', 'raw'), ref('cpu:a')], ['change']);
    ledger.label(B, 'Origin', 0.95, [ref('tpl:b', 'log', 'log_template'), ref('x:b')], ['new_error_logs']);
    ledger.claim(A, B, ['edge:a->b']);
    reasonHypotheses(ledger, settings);
    concludeHypotheses(ledger, settings);
    expect(acceptedEntities(ledger.state)).toEqual([A]);
    // Origins that explain each other both stand.
    const mutual = new ScriptedLedger();
    mutual.label(A, 'Origin', 0.9, [ref('cpu:a'), ref('mem:a')], ['saturation']);
    mutual.label(B, 'Origin', 0.85, [ref('cpu:b'), ref('mem:b')], ['saturation']);
    mutual.claim(A, B, ['edge:a->b']);
    mutual.claim(B, A, ['edge:b->a']);
    reasonHypotheses(mutual, settings);
    concludeHypotheses(mutual, settings);
    expect(acceptedEntities(mutual.state)).toEqual([A, B]);
  });

  it('refutes an origin explained by a more confident origin upstream, citing the edge', () => {
    const ledger = new ScriptedLedger();
    ledger.label(A, 'Origin', 0.9, [ref('cpu:a'), ref('mem:a')], ['saturation']);
    ledger.label(B, 'Origin', 0.7, [ref('cpu:b'), ref('mem:b')], ['saturation']);
    ledger.claim(A, B, ['edge:a->b']);
    reasonHypotheses(ledger, settings);
    const b = [...ledger.state.hypotheses.hypotheses.values()].find((h) => h.entity === B && h.level === 2);
    expect(b).toMatchObject({ status: 'refuted', refute: ['edge:a->b'] });
    concludeHypotheses(ledger, settings);
    expect(acceptedEntities(ledger.state)).toEqual([A]);
  });

  it('refutes a change that preceded nothing abnormal (a red herring)', () => {
    const ledger = new ScriptedLedger();
    ledger.label(A, 'Origin', 0.9, [ref('cpu:a'), ref('mem:a')], ['saturation']);
    const deploy = ref('change:7', 'change', 'raw');
    ledger.emit({ type: 'PacketBuilt', node: B, packetHash: 'pb', tokenCount: 1, window: { start: 0, end: 1 }, evidence: [deploy] });
    ledger.emit({
      type: 'BeliefSet',
      node: B,
      belief: { label: 'Healthy', evidence: [], summary: 'no anomaly', confidence: 0.7 },
      previous: null,
      source: 'policy',
      reasoning: [],
    });
    reasonHypotheses(ledger, settings);
    const change = [...ledger.state.hypotheses.hypotheses.values()].find((h) => h.cause === 'change');
    expect(change).toMatchObject({ level: 1, status: 'refuted', support: ['change:7'] });
    concludeHypotheses(ledger, settings);
    expect(acceptedEntities(ledger.state)).toEqual([A]);
  });

  it('follows an analyst: a pinned hypothesis leads, a rejected one never does', () => {
    const ledger = twoOrigins();
    ledger.emit({ type: 'AnalystHypothesis', id: 'h2', action: 'pin', note: 'known bad release', provenance: 'analyst' });
    reasonHypotheses(ledger, settings);
    expect(ledger.ofType('Backtracked').at(-1)).toMatchObject({ ancestor: 'h1', toLevel: 1 });
    expect(node(ledger, ledger.state.hypotheses.focus as string)).toMatchObject({ entity: B });
    ledger.emit({ type: 'AnalystHypothesis', id: 'h2', action: 'reject', note: 'ruled out', provenance: 'analyst' });
    reasonHypotheses(ledger, settings);
    expect(node(ledger, 'h2')).toMatchObject({ status: 'refuted', isRejected: true });
    expect(node(ledger, ledger.state.hypotheses.focus as string)).toMatchObject({ entity: A });
  });

  it('is deterministic and replayable: the same ledger gives the same events, and their fold the same layer', () => {
    const run = (): ScriptedLedger => {
      const ledger = twoOrigins();
      ledger.label(A, 'Symptom', 0.7, [ref('edge:b->a', 'span', 'trace_edge', false)]);
      reasonHypotheses(ledger, settings);
      concludeHypotheses(ledger, settings);
      return ledger;
    };
    const first = run();
    const second = run();
    expect(serialiseLedger(first.events)).toBe(serialiseLedger(second.events));
    const replayed = fold(first.events).hypotheses;
    expect([...replayed.hypotheses.values()]).toEqual([...first.state.hypotheses.hypotheses.values()]);
    expect([replayed.focus, replayed.level]).toEqual([first.state.hypotheses.focus, first.state.hypotheses.level]);
    // Nothing new to say: a second round over the same state emits nothing.
    const before = first.events.length;
    reasonHypotheses(first, settings);
    expect(first.events.length).toBe(before);
  });

  it('re-derives a pruned entity under its own id when a tied class is accepted at the end', () => {
    const ledger = new ScriptedLedger();
    ledger.label(A, 'Origin', 0.9, [ref('cpu:a'), ref('mem:a')], ['saturation']);
    reasonHypotheses(ledger, settings);
    ledger.label(B, 'Origin', 0.95, [ref('tpl:b', 'log', 'log_template'), ref('x:b')], ['new_error_logs']);
    reasonHypotheses(ledger, settings);
    expect(node(ledger, 'h2')).toMatchObject({ entity: A, status: 'pruned' });
    concludeHypotheses(ledger, settings);
    expect(acceptedEntities(ledger.state)).toEqual([B, A]);
    const forA = [...ledger.state.hypotheses.hypotheses.values()].filter((h) => h.level === 2 && h.entity === A);
    expect(forA.map((h) => [h.id, h.status])).toEqual([['h2', 'accepted']]);
  });
});
