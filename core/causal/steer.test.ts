import { describe, expect, it } from 'vitest';
import { ControllerSettings, fold } from '../ledger/index.js';
import type { LedgerEvent, NewLedgerEvent } from '../ledger/index.js';
import { compileKnowledge } from './compile.js';
import { parseKnowledge } from './knowledge-parse.js';
import { earlyStopReason, selectReminders } from './steer.js';
import { chainGraph, smallKnowledge } from './test-support.js';

const s = (n: string) => `service/${n}`;
const knowledge = smallKnowledge();
const settings = ControllerSettings.parse({
  causal: { knowledge: { name: knowledge.name, version: knowledge.version, sha256: knowledge.sha256 } },
});

/** A ledger over the chain a → b → c → d → e (+ z): started with `alerts`, then `rest`. */
function stateOf(alerts: { id: string; entity: string }[], rest: NewLedgerEvent[]) {
  const started: NewLedgerEvent = {
    type: 'InvestigationStarted',
    snapshotHash: 'h',
    settings,
    policy: { name: 'test', model: null },
    bootstrap: {
      window: { start: 0, end: 1 },
      incidentTime: null,
      alerts: alerts.map((a) => ({ ...a, name: 'HighErrorRate' })),
      ignoredAlerts: [],
    },
  };
  const events = [started, ...rest].map((e, seq) => ({ ...e, seq }) as LedgerEvent);
  return fold(events);
}

const visit = (n: string, evaluation: number): NewLedgerEvent => ({ type: 'StepStarted', node: s(n), evaluation });
const anomaly = (t: string, n: string): NewLedgerEvent => ({
  type: 'AnomalyCreated',
  anomaly: `${t}@${s(n)}`,
  anomalyType: t,
  entity: s(n),
  evidence: ['e'],
  adjacent: [],
  by: s(n),
  source: 'derived',
});
const link = (alert: string, t: string, n: string): NewLedgerEvent => ({
  type: 'AlertLinked',
  alert,
  name: 'HighErrorRate',
  anomaly: `${t}@${s(n)}`,
  by: s(n),
  source: 'derived',
});
/** `to` claims `from` explains it (E_S), and the layer derives the causal edge from that claim. */
const cause = (from: string, to: string): NewLedgerEvent[] => [
  { type: 'EdgeClaimed', from: s(from), to: s(to), by: s(to), evidence: [], condition: '', effect: '', isDiscovered: false },
  {
    type: 'CausalityAdded',
    from: `error_rate@${s(from)}`,
    to: `error_rate@${s(to)}`,
    rationale: 'r',
    evidence: [],
    via: [],
    by: s(to),
    source: 'derived',
    violation: null,
  },
];

describe('steering reminders (docs/causal-graph.md §7)', () => {
  it("queues an orphan alert's unevaluated entity, then a root anomaly's unevaluated neighbours, in order", () => {
    const state = stateOf(
      [
        { id: 'alert:1', entity: s('a') },
        { id: 'alert:2', entity: s('z') },
      ],
      [visit('a', 1), visit('c', 2), anomaly('error_rate', 'a'), link('alert:1', 'error_rate', 'a'), anomaly('error_rate', 'c')],
    );
    const picked = selectReminders(state, chainGraph(), knowledge);
    // z: orphan alert; a's anomaly is a root: b (a evaluated); c's anomaly is a root: b (once), d.
    expect(picked.map((r) => r.node)).toEqual([s('z'), s('b'), s('d')]);
    expect(picked[0]?.note).toBe('orphan alert alert:2');
  });

  it('leaves out evaluated, queued and caused anomalies, and types the knowledge gives no cause', () => {
    const state = stateOf(
      [],
      [
        { type: 'Activated', node: s('d'), reason: 'seed', by: null, note: '' },
        visit('b', 1),
        visit('c', 2),
        anomaly('error_rate', 'b'),
        anomaly('error_rate', 'c'),
        ...cause('c', 'b'),
        anomaly('cpu', 'e'),
      ],
    );
    // c is the only root of the error chain; its neighbours b (evaluated) and d (queued) are skipped;
    // nothing in the knowledge causes cpu, so e's neighbours are not reminded.
    expect(selectReminders(state, chainGraph(), knowledge)).toEqual([]);
  });

  it('follows the knowledge direction: a cause landing on dependents is looked for among the callees', () => {
    const directed = compileKnowledge([
      {
        file: 'd.yaml',
        document: parseKnowledge(
          `format: 1\nname: d\nversion: '1'\ntypes:\n  - id: x\n    indicators: [{ source: log, error: true }]\n  - id: y\n    indicators: [{ source: log, error: true }]\nrelations:\n  - { from: x, to: y, scope: dependents, why: 'w' }\n`,
          'd.yaml',
        ),
      },
    ]);
    const state = stateOf([], [visit('c', 1), anomaly('y', 'c')]);
    expect(selectReminders(state, chainGraph(), directed).map((r) => r.node)).toEqual([s('d')]);
  });
});

describe('early stop (docs/causal-graph.md §7)', () => {
  const alerts = [
    { id: 'alert:1', entity: s('a') },
    { id: 'alert:2', entity: s('b') },
  ];
  const seeds = [s('a'), s('b')];
  const explained = [
    visit('a', 1),
    visit('b', 2),
    anomaly('error_rate', 'a'),
    anomaly('error_rate', 'b'),
    link('alert:1', 'error_rate', 'a'),
    link('alert:2', 'error_rate', 'b'),
    ...cause('b', 'a'),
  ];

  it('stops when every seed was evaluated, every alert is attached and the graph has one root', () => {
    expect(earlyStopReason(stateOf(alerts, explained), seeds)).toMatch(/every alert \(2\) is attached .* one root, error_rate@service\/b/);
  });

  it('does not stop before every seed was evaluated once', () => {
    expect(earlyStopReason(stateOf(alerts, explained), [...seeds, s('c')])).toBeNull();
  });

  it('does not stop with an orphan alert, two roots, or no alert at all', () => {
    expect(earlyStopReason(stateOf([...alerts, { id: 'alert:3', entity: s('c') }], explained), seeds)).toBeNull();
    expect(earlyStopReason(stateOf(alerts, explained.slice(0, -2)), seeds)).toBeNull();
    expect(earlyStopReason(stateOf([], explained), seeds)).toBeNull();
  });
  it('reads what the walk still holds: a retracted claim leaves two roots, an anomaly judged Healthy orphans its alert', () => {
    // a is evaluated again and no longer claims b explains it: its claim is retracted.
    expect(earlyStopReason(stateOf(alerts, [...explained, visit('a', 3)]), seeds)).toBeNull();
    const healthy: NewLedgerEvent = {
      type: 'BeliefSet',
      node: s('b'),
      belief: { label: 'Healthy', evidence: [], summary: 'fine', confidence: 0.9 },
      previous: null,
      source: 'policy',
      reasoning: [],
    };
    expect(earlyStopReason(stateOf(alerts, [...explained, healthy]), seeds)).toBeNull();
    // b's anomaly is the root, so its unevaluated neighbour c is reminded; judged Healthy, it is withdrawn and c is not.
    const walked = [visit('a', 1), visit('b', 2), ...explained.slice(2)];
    expect(selectReminders(stateOf([], walked), chainGraph(), knowledge).map((r) => r.node)).toEqual([s('c')]);
    expect(selectReminders(stateOf([], [...walked, healthy]), chainGraph(), knowledge)).toEqual([]);
  });
});
