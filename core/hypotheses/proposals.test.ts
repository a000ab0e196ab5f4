import { describe, expect, it } from 'vitest';
import { reasonHypotheses } from './engine.js';
import { ScriptedLedger, ref } from './test-support.js';

const settings = { delta: 0.1, eta: 2 };
const db = 'ns/Service/db';
const front = 'ns/Service/front';

function propose(ledger: ScriptedLedger, entity: string, confidence: number, support: string[]): void {
  ledger.emit({
    type: 'HypothesisProposed',
    node: front,
    level: 3,
    cause: 'resource',
    entity,
    statement: 'the pool ran dry',
    confidence,
    support,
    refute: [],
    source: 'model',
  });
}

describe('model-proposed hypotheses in the engine', () => {
  it('puts a proposal on an entity not judged yet into the tree, marked as the model’s, at the guarded confidence', () => {
    const ledger = new ScriptedLedger(settings);
    ledger.label(front, 'Symptom', 0.8, [ref('front-alert', 'alert', 'synthesised_alert', false)]);
    propose(ledger, db, 0.7, ['db-pool', 'db-cpu']);
    reasonHypotheses(ledger, settings);
    const derived = ledger.ofType('HypothesisDerived');
    expect(derived).toMatchObject([{ level: 1, cause: 'resource', source: 'model' }]);
    const entity = ledger.ofType('HypothesisRefined').find((e) => e.level === 2);
    expect(entity).toMatchObject({ entity: db, source: 'model' });
    const node = [...ledger.state.hypotheses.hypotheses.values()].find((h) => h.level === 2);
    expect(node).toMatchObject({ confidence: 0.7, support: ['db-pool', 'db-cpu'], status: 'open' });
    const mechanism = ledger.ofType('HypothesisRefined').find((e) => e.level === 3);
    expect(mechanism).toMatchObject({ statement: `${db}: the pool ran dry`, source: 'model' });
    // Deterministic: a second round over the same state emits nothing.
    const before = ledger.events.length;
    reasonHypotheses(ledger, settings);
    expect(ledger.events.length).toBe(before);
  });

  it('lets the label win: the entity judged Healthy refutes the model’s hypothesis on it', () => {
    const ledger = new ScriptedLedger(settings);
    propose(ledger, db, 0.7, ['db-pool', 'db-cpu']);
    reasonHypotheses(ledger, settings);
    ledger.label(db, 'Healthy', 0.9, [ref('db-ok', 'metric', 'metric_anomaly', false)]);
    reasonHypotheses(ledger, settings);
    const node = [...ledger.state.hypotheses.hypotheses.values()].find((h) => h.level === 2 && h.entity === db);
    expect(node?.status).toBe('refuted');
    expect(node?.refute).toContain('db-ok');
  });
});
