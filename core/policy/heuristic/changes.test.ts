import { describe, expect, it } from 'vitest';
import type { Belief } from '../../model/belief.js';
import type { EvidenceDetail, EvidenceItem } from '../../model/evidence.js';
import type { ContextPacket, PacketNeighbour } from '../../model/packet.js';
import { evaluateHeuristic } from './decide.js';
import { discriminatingEvidence } from './standing.js';
import { steadyTraceEdge, testPacket } from './test-support.js';

// Changes as causes and the proportionality of delays (docs/changes.md). Times in ms; the incident starts at 10 min.
const node = 'shop/Service/checkout';
const MIN = 60_000;
let seq = 0;
function ev(detail: EvidenceDetail, time = 11 * MIN, entity = node): EvidenceItem {
  const kind = detail.type === 'change' ? 'change' : 'span';
  return {
    id: `x${seq++}`,
    entity,
    kind,
    time,
    summary: detail.type,
    score: 1,
    detail,
    provenance: { file: 'x.jsonl', line: 1, sha256: 'h', extractor: 'raw' },
  };
}
const change = (time: number, entity = node): EvidenceItem =>
  ev({ type: 'change', changeKind: 'feature_flag', diff: [{ path: 'data.flag', from: 'off', to: 'on' }], actor: null }, time, entity);
const edge = (caller: string, callee: string, over: Parameters<typeof steadyTraceEdge>[2] = {}): EvidenceItem =>
  ev(steadyTraceEdge(caller, callee, over));
const belief = (label: Belief['label']): Belief => ({ label, evidence: [], summary: label, confidence: 0.8 });
const neighbour = (id: string, relation: PacketNeighbour['relation'], direction: 'in' | 'out', b: Belief | null): PacketNeighbour => ({
  id,
  kind: id.split('/')[1] ?? 'Service',
  relation,
  direction,
  isDiscovered: false,
  belief: b,
});

function packet(evidence: EvidenceItem[], neighbours: PacketNeighbour[] = [], at = node): ContextPacket {
  return testPacket(at, evidence, neighbours, { window: { start: 0, end: 30 * MIN }, incidentTime: 10 * MIN });
}

const failingIn = (): EvidenceItem => edge('shop/Service/gateway', node, { windowErrorRate: 0.3 });
const failingDb = (): EvidenceItem => edge(node, 'shop/Service/db', { windowErrorRate: 0.3 });

describe('changes as candidates', () => {
  it('refutes a change that nothing abnormal follows, and records it as a red herring', () => {
    const out = evaluateHeuristic(packet([change(9 * MIN), edge('shop/Service/gateway', node)]));
    expect(out.label).toBe('Healthy');
    expect(out.reasoning.join('\n')).toMatch(/change refuted: nothing abnormal follows it .*red herring/);
  });

  it('makes a recent change on a mounted ConfigMap the Origin and claims the ConfigMap explains the node', () => {
    const configMap = 'shop/ConfigMap/checkout-flags';
    const flag = change(8 * MIN, configMap);
    const out = evaluateHeuristic(packet([flag, failingIn()]));
    expect(out.label).toBe('Origin');
    expect(out.claims).toContainEqual(expect.objectContaining({ from: configMap, to: node, evidence: [flag.id] }));
  });

  it('lets a ConfigMap without telemetry stand on the degraded entities it acts on', () => {
    const configMap = 'shop/ConfigMap/checkout-flags';
    const own = change(8 * MIN, configMap);
    expect(evaluateHeuristic(packet([own], [], configMap)).label).toBe('Healthy');
    const explained = [neighbour(node, 'explains', 'out', belief('Origin'))];
    expect(evaluateHeuristic(packet([own], explained, configMap)).label).toBe('Origin');
  });

  it('lets an early change on an entity without telemetry stand when what it acts on stands on that same change', () => {
    // The alert fired late: the change is more than changeLeadMs before it, so it needs corroboration.
    const hpa = 'shop/HorizontalPodAutoscaler/checkout';
    const early = ev(
      { type: 'change', changeKind: 'scale', diff: [{ path: 'spec.maxReplicas', from: 6, to: 1 }], actor: null },
      4 * MIN,
      hpa,
    );
    const origin = (evidence: string[]): Belief => ({ label: 'Origin', evidence, summary: 'Origin', confidence: 0.9 });
    const citing = [neighbour(node, 'explains', 'out', origin([early.id, 'tpl:x']))];
    const out = evaluateHeuristic(packet([early], citing, hpa));
    expect(out.label).toBe('Origin');
    expect(out.evidence).toContain(early.id);
    // A degraded target that stands on something else does not corroborate it: the change is set aside.
    const other = evaluateHeuristic(packet([early], [neighbour(node, 'explains', 'out', origin(['tpl:x']))], hpa));
    expect(other.label).not.toBe('Origin');
    expect(other.reasoning.join('\n')).toMatch(/refuted as the trigger/);
    // Nor does a target that is only a Symptom, even one that cites it.
    const symptom = [neighbour(node, 'explains', 'out', { ...origin([early.id]), label: 'Symptom' })];
    expect(evaluateHeuristic(packet([early], symptom, hpa)).label).not.toBe('Origin');
  });

  it('keeps a change that drives a surge into a failing dependency, but lets a failing dependency explain an earlier one', () => {
    const surge = edge(node, 'shop/Service/db', { windowErrorRate: 0.3, windowCalls: 300, baselineCalls: 100, callRateRatio: 3 });
    const earlier = change(2 * MIN);
    const db = [neighbour('shop/Service/db', 'calls', 'out', belief('Origin'))];
    const driving = evaluateHeuristic(packet([earlier, failingIn(), surge], db));
    expect(driving.label).toBe('Origin');
    expect(driving.claims).toContainEqual(expect.objectContaining({ from: node, to: 'shop/Service/db' }));
    expect(evaluateHeuristic(packet([earlier, failingIn(), failingDb()], db)).label).toBe('Symptom');
  });

  it('counts a scale change that takes capacity away in full, one that adds capacity as a weak suspect', () => {
    const hpa = 'shop/HorizontalPodAutoscaler/checkout';
    const scale = (from: unknown, to: unknown): EvidenceItem =>
      ev({ type: 'change', changeKind: 'scale', diff: [{ path: 'spec.maxReplicas', from, to }], actor: null }, 8 * MIN, hpa);
    const up = evaluateHeuristic(packet([scale(3, 6), failingIn()]));
    const down = evaluateHeuristic(packet([scale(6, 1), failingIn()]));
    const downAsText = evaluateHeuristic(packet([scale('6', '1'), failingIn()]));
    expect(down.label).toBe('Origin');
    expect(down.confidence).toBeGreaterThan(up.confidence);
    expect(downAsText.confidence).toBe(down.confidence);
    expect(down.reasoning.join('\n')).toMatch(/it takes capacity away/);
    expect(up.reasoning.join('\n')).not.toMatch(/capacity/);
    expect(down.claims).toContainEqual(expect.objectContaining({ from: hpa, to: node }));
  });

  it('does not let a change long before the onset name the trigger on its own', () => {
    const slowIn = edge('shop/Service/gateway', node, { windowP95Ms: 11, baselineP95Ms: 10 });
    const metricOnly = ev({
      type: 'metric_anomaly',
      metric: 'http_error_ratio',
      meaning: { quantity: 'errors', measure: 'share' },
      windowValue: 0.1,
      baselineMedian: 0,
      z: 9,
      direction: 'up',
      baselineMad: 0,
      change: null,
    });
    const out = evaluateHeuristic(packet([change(1 * MIN), slowIn, metricOnly]));
    expect(out.label).not.toBe('Origin');
    expect(out.reasoning.join('\n')).toMatch(/refuted as the trigger/);
    // Recent, the same change stands.
    expect(evaluateHeuristic(packet([change(8 * MIN), slowIn, metricOnly])).label).toBe('Origin');
  });
});

describe('delays judged as the physics of a delayed pod predicts', () => {
  it('does not blame a +35 ms gap sitting next to a callee that got 5 s slower', () => {
    const small = edge(node, 'shop/Service/db', {
      windowGapP50Ms: 40,
      baselineGapP50Ms: 5,
      windowP50Ms: 5000,
      baselineP50Ms: 20,
      windowP95Ms: 5200,
      baselineP95Ms: 30,
    });
    const out = evaluateHeuristic(packet([edge('shop/Service/gateway', node, { windowP95Ms: 5300, baselineP95Ms: 60 }), small]));
    expect(out.reasoning.join('\n')).not.toMatch(/\[network_delay\]/);
    expect(out.label).toBe('Symptom');
    expect(out.claims[0]).toMatchObject({ from: 'shop/Service/db' });
  });

  it('takes a grown gap for time lost towards that callee, whatever my other calls do (the gap is the wire)', () => {
    // Clients are traced (a client span per call, the callee's server span its only child): my
    // slower db calls cannot lengthen the gap of my calls to the cache.
    const db = edge(node, 'shop/Service/db', { windowP50Ms: 320, baselineP50Ms: 20, windowP95Ms: 400, baselineP95Ms: 30 });
    const cache = edge(node, 'shop/Service/cache', { windowGapP50Ms: 310, baselineGapP50Ms: 25, windowP50Ms: 5, baselineP50Ms: 5 });
    expect(
      evaluateHeuristic(packet([db, cache]))
        .claims.map((c) => c.from)
        .sort(),
    ).toEqual(['shop/Service/cache', 'shop/Service/db']);
    expect(evaluateHeuristic(packet([cache])).claims.map((c) => c.from)).toEqual(['shop/Service/cache']);
  });

  it('keeps a delay into me when the delayed caller is degraded, blaming me or not: it waits on my replies', () => {
    const delayed = edge('shop/Service/gateway', node, { windowGapP50Ms: 400, baselineGapP50Ms: 2 });
    const symptom = [neighbour('shop/Service/gateway', 'calls', 'in', belief('Symptom'))];
    expect(evaluateHeuristic(packet([delayed], symptom)).label).toBe('Origin');
    const blamed = [...symptom, neighbour('shop/Service/gateway', 'explains', 'out', belief('Symptom'))];
    expect(evaluateHeuristic(packet([delayed], blamed)).label).toBe('Origin');
  });
});

describe("the gate's test of a change (docs/changes.md, the gate)", () => {
  const configMap = 'shop/ConfigMap/checkout-flags';

  it('takes a change inside the window and before the onset on an object without telemetry, before anything confirms its effect', () => {
    const own = change(8 * MIN, configMap);
    // The heuristic waits for what it acts on (Healthy for now); the gate does not judge the trigger, only the evidence.
    expect(evaluateHeuristic(packet([own], [], configMap)).label).toBe('Healthy');
    expect(discriminatingEvidence(packet([own], [], configMap))).toEqual([own.id]);
    // An earlier one inside the window too: precedence is what the gate asks.
    const early = change(1 * MIN, configMap);
    expect(discriminatingEvidence(packet([early], [], configMap))).toEqual([early.id]);
  });

  it('refuses a change after the onset, one in the lead time before the window, and one flagged as suspicious text', () => {
    expect(discriminatingEvidence(packet([change(12 * MIN, configMap)], [], configMap))).toEqual([]);
    expect(discriminatingEvidence(packet([change(-2 * MIN, configMap)], [], configMap))).toEqual([]);
    const own = change(8 * MIN, configMap);
    expect(discriminatingEvidence({ ...packet([own], [], configMap), suspicious: [own.id] })).toEqual([]);
  });

  it("refuses a change that the node's own telemetry refutes (nothing abnormal follows it there)", () => {
    const own = change(9 * MIN);
    expect(discriminatingEvidence(packet([own, edge('shop/Service/gateway', node)]))).toEqual([]);
    // Followed by a failing caller edge, the same change stands.
    expect(discriminatingEvidence(packet([own, failingIn()]))).toContain(own.id);
  });
});
