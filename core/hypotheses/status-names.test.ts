import { describe, expect, it } from 'vitest';
import { reasonHypotheses } from './engine.js';
import { ScriptedLedger, ref } from './test-support.js';

const settings = { delta: 0.1, eta: 2 };
const GW = 'ns/Service/gateway';
const PROC = 'ns/Service/processor';
const EDGE = 'edge:gateway->processor:caller';

function entityHypothesis(ledger: ScriptedLedger, entity: string) {
  return [...ledger.state.hypotheses.hypotheses.values()].find((h) => h.level === 2 && h.entity === entity);
}

describe('a callee named by its caller’s error statuses', () => {
  it('supports the callee’s hypothesis and refutes the caller’s with the caller’s own words', () => {
    const ledger = new ScriptedLedger({}, [GW]);
    // First look: the gateway fails requests while its calls seem to succeed.
    ledger.label(GW, 'Origin', 0.7, [ref('edge:web->gateway', 'span', 'trace_edge'), ref('tpl:gw', 'log', 'log_template')], ['own_errors']);
    reasonHypotheses(ledger, settings);
    expect(entityHypothesis(ledger, GW)?.status).not.toBe('refuted');
    // The processor is visited and fails on its own; the gateway, re-evaluated, names it in its statuses.
    ledger.label(PROC, 'Origin', 0.8, [ref('tpl:proc', 'log', 'log_template'), ref('cpu:proc')], ['new_error_logs']);
    ledger.label(GW, 'Symptom', 0.8, [ref(EDGE, 'span', 'trace_edge', false)], ['status_names_callee']);
    ledger.claim(PROC, GW, [EDGE]);
    reasonHypotheses(ledger, settings);
    const proc = entityHypothesis(ledger, PROC);
    const gw = entityHypothesis(ledger, GW);
    expect(proc?.support).toContain(EDGE);
    expect(proc?.status).not.toBe('refuted');
    expect(gw?.status).toBe('refuted');
    expect(gw?.refute).toContain(EDGE);
  });

  it('adds no such support when the caller’s rule did not fire (control)', () => {
    const ledger = new ScriptedLedger({}, [GW]);
    ledger.label(PROC, 'Origin', 0.8, [ref('tpl:proc', 'log', 'log_template'), ref('cpu:proc')], ['new_error_logs']);
    ledger.label(GW, 'Symptom', 0.8, [ref(EDGE, 'span', 'trace_edge', false)], ['failing_callee']);
    ledger.claim(PROC, GW, [EDGE]);
    reasonHypotheses(ledger, settings);
    expect(entityHypothesis(ledger, PROC)?.support).not.toContain(EDGE);
  });
});
