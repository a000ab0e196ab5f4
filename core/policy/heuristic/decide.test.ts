import { describe, expect, it } from 'vitest';
import type { Belief } from '../../model/belief.js';
import type { EvidenceDetail, EvidenceItem } from '../../model/evidence.js';
import type { ContextPacket } from '../../model/packet.js';
import { decideHeuristic, evaluateHeuristic } from './decide.js';
import { steadyTraceEdge, testPacket } from './test-support.js';

const node = 'shop/Service/db';
let seq = 0;
function ev(detail: EvidenceDetail, time = 500): EvidenceItem {
  const kind = (
    {
      alert: 'alert',
      event: 'event',
      change: 'change',
      log: 'log',
      log_template: 'log',
      metric_anomaly: 'metric',
      metric: 'metric',
      trace_edge: 'span',
      fan_out: 'span',
      span: 'span',
    } as const
  )[detail.type];
  return {
    id: `e${seq++}`,
    entity: node,
    kind,
    time,
    summary: detail.type,
    score: 1,
    detail,
    provenance: { file: 'x.jsonl', line: 1, sha256: 'h', extractor: 'raw' },
  };
}
const edge = (caller: string, callee: string, over: Parameters<typeof steadyTraceEdge>[2] = {}): EvidenceItem =>
  ev(steadyTraceEdge(caller, callee, over));
const oom = (): EvidenceItem => ev({ type: 'event', reason: 'OOMKilled', eventType: 'Warning', count: 1, isFailure: true });
const belief = (label: Belief['label']): Belief => ({ label, evidence: [], summary: label, confidence: 0.8 });

function packet(evidence: EvidenceItem[], neighbours: Array<[string, Belief | null]> = []): ContextPacket {
  return testPacket(
    node,
    evidence,
    neighbours.map(([id, b]) => ({ id, kind: 'Service', relation: 'calls', direction: 'in', isDiscovered: false, belief: b })),
  );
}

describe('evaluateHeuristic', () => {
  it('calls a node with nothing abnormal Healthy', () => {
    expect(evaluateHeuristic(packet([edge('shop/Service/app', node)])).label).toBe('Healthy');
  });

  it('makes an OOM an Origin until a caller confirms a traffic surge, then revises to Symptom', () => {
    const surge = edge('shop/Service/app', node, { callRateRatio: 1.3 });
    const alert = ev({ type: 'alert', name: 'KubeContainerOOMKilled', severity: 'warning', startsAt: 550, endsAt: null });
    const evidence = [oom(), surge, alert];
    const first = evaluateHeuristic(packet(evidence, [['shop/Service/app', null]]));
    expect(first.label).toBe('Origin');
    expect(first.evidence).toContain(evidence[0]?.id);
    const revised = evaluateHeuristic(packet(evidence, [['shop/Service/app', belief('Symptom')]]));
    expect(revised.label).toBe('Symptom');
    expect(revised.claims).toEqual([expect.objectContaining({ from: 'shop/Service/app', to: node, evidence: [surge.id] })]);
    expect(revised.reasoning.join('\n')).toMatch(/explained by upstream traffic/);
  });

  it('does not take a restart loop on a node that serves normally for the incident', () => {
    const out = evaluateHeuristic(packet([oom(), edge('shop/Service/app', node)]));
    expect(out.label).not.toBe('Origin');
  });

  it('keeps a change before the incident as the Origin even when a callee also fails', () => {
    const change = ev({ type: 'change', changeKind: 'config', diff: [], actor: null }, 100);
    const out = evaluateHeuristic(
      packet([change, edge(node, 'shop/Service/cache', { windowErrorRate: 0.4 })], [['shop/Service/cache', belief('Symptom')]]),
    );
    expect(out.label).toBe('Origin');
    expect(out.evidence).toContain(change.id);
  });

  it('ignores a change made after the incident began', () => {
    expect(evaluateHeuristic(packet([ev({ type: 'change', changeKind: 'config', diff: [], actor: null }, 900)])).label).toBe('Healthy');
  });

  it('blames a failing callee and proposes it when its belief is unknown', () => {
    const failing = edge(node, 'shop/Service/cache', { windowErrorRate: 0.3 });
    const out = evaluateHeuristic(
      packet([edge('shop/Service/app', node, { windowErrorRate: 0.3 }), failing], [['shop/Service/cache', null]]),
    );
    expect(out.label).toBe('Symptom');
    expect(out.claims[0]).toMatchObject({ from: 'shop/Service/cache', to: node });
    expect(out.proposals).toEqual(['shop/Service/cache']);
  });

  it('does not blame a callee that declared itself Healthy, and then owns the errors', () => {
    const failing = edge(node, 'shop/Service/cache', { windowErrorRate: 0.3 });
    const served = edge('shop/Service/app', node, { windowErrorRate: 0.3 });
    expect(evaluateHeuristic(packet([served, failing], [['shop/Service/cache', null]])).label).toBe('Symptom');
    const own = evaluateHeuristic(packet([served, failing], [['shop/Service/cache', belief('Healthy')]]));
    expect(own.label).toBe('Defer');
    const alone = evaluateHeuristic(packet([served]));
    expect(alone.label).toBe('Origin');
    expect(alone.reasoning.join('\n')).toMatch(/own_errors/);
  });

  it('sees a node that makes far fewer calls per request as a code path that stopped, unless a failing callee ends its requests', () => {
    const fanOut = (ratio: number, surprise: number): EvidenceItem =>
      ev({
        type: 'fan_out',
        entity: 'shop/Pod/db-1',
        windowServed: 400,
        baselineServed: 300,
        windowCalls: Math.round(400 * 4 * ratio),
        baselineCalls: 1200,
        ratio,
        surprise,
      });
    const stopped = evaluateHeuristic(packet([fanOut(0.6, 80)]));
    expect(stopped.label).toBe('Origin');
    expect(stopped.reasoning.join('\n')).toMatch(/fewer_calls/);
    // A tenth fewer calls is the request mix drifting; a large drop on a weak test is chance.
    expect(evaluateHeuristic(packet([fanOut(0.9, 40)])).label).toBe('Healthy');
    expect(evaluateHeuristic(packet([fanOut(0.5, 4)])).label).toBe('Healthy');
    // A callee that fails ends requests early too: then the calls it cut short are its doing.
    const failing = edge(node, 'shop/Service/cache', { windowErrorRate: 0.3 });
    expect(evaluateHeuristic(packet([fanOut(0.6, 80), failing], [['shop/Service/cache', null]])).label).toBe('Symptom');
  });

  it('follows an error message that names a dependency', () => {
    const tpl = ev({
      type: 'log_template',
      template: 'ERROR Request processing failed: No instances available for ts-basic-service',
      windowCount: 12,
      baselineCount: 0,
      rateRatio: null,
      isNew: true,
      isGone: false,
      isError: true,
      surprise: 20,
    });
    const p = packet(
      [tpl, edge('shop/Service/app', node, { windowErrorRate: 0.4 })],
      [
        ['shop/Service/ts-basic-service', null],
        ['shop/Service/ts-basic-service-v2', null],
      ],
    );
    p.neighbours = p.neighbours.map((n) => ({ ...n, direction: 'out' }));
    const out = evaluateHeuristic(p);
    expect(out.label).toBe('Symptom');
    expect(out.claims).toEqual([expect.objectContaining({ from: 'shop/Service/ts-basic-service', to: node, evidence: [tpl.id] })]);
    expect(out.proposals).toContain('shop/Service/ts-basic-service');
  });

  it('sees network delay as the caller-side gap growing on calls into the node', () => {
    const delayed = edge('shop/Service/app', node, { windowGapP50Ms: 400, baselineGapP50Ms: 2, windowP95Ms: 420, baselineP95Ms: 20 });
    const out = evaluateHeuristic(packet([delayed]));
    expect(out.label).toBe('Origin');
    expect(out.reasoning.join('\n')).toMatch(/network_delay/);
    expect(evaluateHeuristic(packet([edge('shop/Service/app', node, { windowGapP50Ms: 3, baselineGapP50Ms: 2 })])).label).toBe('Healthy');
  });

  it('treats new error log templates and vanished templates as code faults', () => {
    const tpl = (over: Partial<Extract<EvidenceDetail, { type: 'log_template' }>>): EvidenceItem =>
      ev({
        type: 'log_template',
        template: 'x <*>',
        windowCount: 0,
        baselineCount: 30,
        rateRatio: 0,
        isNew: false,
        isGone: false,
        isError: false,
        ...over,
      });
    expect(evaluateHeuristic(packet([tpl({ isNew: true, isError: true, windowCount: 12, baselineCount: 0, rateRatio: null })])).label).toBe(
      'Origin',
    );
    const gone = evaluateHeuristic(packet([tpl({ isGone: true })]));
    expect(gone.label).toBe('Origin');
    expect(gone.reasoning.join('\n')).toMatch(/code_path/);
  });

  it('does not read a statement as a stopped code path when the operation it ran in stopped arriving', () => {
    const tpl = (operations: Array<{ name: string; window: number; baseline: number }>): EvidenceItem =>
      ev({
        type: 'log_template',
        template: 'INFO OrderController#384 [getOrderById][found]',
        windowCount: 0,
        baselineCount: 19,
        rateRatio: 0,
        isNew: false,
        isGone: true,
        isError: false,
        surprise: 6,
        operations,
      });
    // No request of that kind arrived: the callers changed, not this code.
    expect(evaluateHeuristic(packet([tpl([{ name: 'OrderController.getOrderById', window: 0, baseline: 19 }])])).label).toBe('Healthy');
    // The operation still runs, so the statement inside it stopped being reached.
    const inside = evaluateHeuristic(packet([tpl([{ name: 'OrderController.getOrderById', window: 12, baseline: 19 }])]));
    expect(inside.label).toBe('Origin');
    expect(inside.reasoning.join('\n')).toMatch(/code_path/);
    // One of its operations still runs; a name seen too rarely to be an operation tells nothing.
    const mixed = [
      { name: 'OrderController.getOrderById', window: 0, baseline: 19 },
      { name: 'OrderController.modifyOrder', window: 4, baseline: 11 },
    ];
    expect(evaluateHeuristic(packet([tpl(mixed)])).label).toBe('Origin');
    expect(evaluateHeuristic(packet([tpl([{ name: 'GET /orders/42', window: 0, baseline: 1 }])])).label).toBe('Origin');
  });

  it('sees a statement that nearly stopped (a third of its expected rate, significant) as a code path, not a dip', () => {
    const tpl = (over: Partial<Extract<EvidenceDetail, { type: 'log_template' }>>): EvidenceItem =>
      ev({
        type: 'log_template',
        template: 'INFO Controller#53 [query][done]',
        windowCount: 1,
        baselineCount: 42,
        rateRatio: 0,
        isNew: false,
        isGone: false,
        isError: false,
        ...over,
      });
    const nearly = evaluateHeuristic(packet([tpl({ rateRatio: 0.04, surprise: 10.9 })]));
    expect(nearly.label).toBe('Origin');
    expect(nearly.reasoning.join('\n')).toMatch(/code_path/);
    // Half the expected rate is traffic mix, and a large drop on few lines is chance.
    expect(evaluateHeuristic(packet([tpl({ windowCount: 16, baselineCount: 64, rateRatio: 0.48, surprise: 3.1 })])).label).toBe('Healthy');
    expect(evaluateHeuristic(packet([tpl({ windowCount: 0, baselineCount: 2, rateRatio: 0, surprise: 1.2 })])).label).toBe('Healthy');
  });

  it('is not kept from Origin by extra traffic that cannot explain its cause', () => {
    const gone = ev({
      type: 'log_template',
      template: 'INFO Controller#53 [query][done]',
      windowCount: 1,
      baselineCount: 42,
      rateRatio: 0.04,
      isNew: false,
      isGone: false,
      isError: false,
      surprise: 5,
    });
    const surge = edge('shop/Service/app', node, { callRateRatio: 2.4 });
    const out = evaluateHeuristic(packet([gone, surge], [['shop/Service/app', belief('Symptom')]]));
    expect(out.label).toBe('Origin');
  });

  it('weighs an explaining neighbour by how sure that neighbour is of itself', () => {
    const cpu = ev({
      type: 'metric_anomaly',
      metric: 'CpuUsage',
      meaning: { quantity: 'cpu', measure: 'usage' },
      windowValue: 35,
      baselineMedian: 10,
      baselineMad: 1,
      z: 8,
      direction: 'up',
      change: 2.5,
    });
    const failing = edge(node, 'shop/Service/cache', { windowErrorRate: 0.3 });
    const p = (label: Belief['label'], confidence: number) => {
      const out = packet([cpu, failing], [['shop/Service/cache', { ...belief(label), confidence }]]);
      out.neighbours = out.neighbours.map((n) => ({ ...n, direction: 'out' }));
      return out;
    };
    // A callee barely suspected (0.26) does not explain away a saturation of my own…
    expect(evaluateHeuristic(p('Origin', 0.26)).label).toBe('Origin');
    // …one that is sure of its own fault does.
    const explained = evaluateHeuristic(p('Origin', 0.95));
    expect(explained.label).toBe('Symptom');
    expect(explained.claims[0]).toMatchObject({ from: 'shop/Service/cache', to: node });
  });

  it('says a saturation against a flat baseline was flat instead of quoting the floor-made z', () => {
    const flat = ev({
      type: 'metric_anomaly',
      metric: 'CpuUsage',
      meaning: { quantity: 'cpu', measure: 'usage' },
      windowValue: 40,
      baselineMedian: 10,
      baselineMad: 0,
      z: 1_000_000,
      direction: 'up',
      change: 3,
    });
    const out = evaluateHeuristic(packet([flat]));
    expect(out.label).toBe('Origin');
    const said = JSON.stringify(out);
    expect(said).toContain('baseline flat');
    expect(said).not.toContain('z=1000000');
  });

  it('reads a usage at its container limit as saturation, even short of the fold', () => {
    const usage = (limit?: number) =>
      ev({
        type: 'metric_anomaly',
        metric: 'cpu_usage_cores',
        meaning: { quantity: 'cpu', measure: 'usage' },
        windowValue: 0.98,
        baselineMedian: 0.4,
        baselineMad: 0.01,
        z: 30,
        direction: 'up',
        change: 1.45,
        ...(limit === undefined ? {} : { limit }),
      });
    // 2.45× its baseline is ordinary load variation without a limit to measure it against…
    expect(evaluateHeuristic(packet([usage()])).label).not.toBe('Origin');
    // …and throttled at the quota with one.
    const atLimit = evaluateHeuristic(packet([usage(1)]));
    expect(atLimit.label).toBe('Origin');
    expect(JSON.stringify(atLimit)).toContain('98% of its limit');
    expect(evaluateHeuristic(packet([usage(4)])).label).not.toBe('Origin');
  });

  it('does not let a slow callee explain statements that stopped in my code', () => {
    const gone = ev({
      type: 'log_template',
      template: 'INFO Impl#372 [getTickets][done]',
      windowCount: 0,
      baselineCount: 30,
      rateRatio: 0,
      isNew: false,
      isGone: true,
      isError: false,
      surprise: 4,
    });
    const slow = edge(node, 'shop/Service/basic', { windowP95Ms: 300, baselineP95Ms: 20 });
    const p = packet([gone, slow], [['shop/Service/basic', { ...belief('Symptom'), confidence: 0.75 }]]);
    p.neighbours = p.neighbours.map((n) => ({ ...n, direction: 'out' }));
    expect(evaluateHeuristic(p).label).toBe('Origin');
  });

  it('takes a few more failures on an already flaky edge for chance, not for a fault', () => {
    const flaky = edge('shop/Service/app', node, { windowCalls: 9, baselineCalls: 6, windowErrorRate: 6 / 9, baselineErrorRate: 0.5 });
    expect(evaluateHeuristic(packet([flaky])).label).not.toBe('Origin');
    const broken = edge('shop/Service/app', node, { windowCalls: 100, baselineCalls: 100, windowErrorRate: 0.3, baselineErrorRate: 0 });
    expect(evaluateHeuristic(packet([broken])).reasoning.join('\n')).toMatch(/own_errors/);
  });

  it('reads an error that names a dependency as about that dependency, not as a fault in my code', () => {
    const named = ev({
      type: 'log_template',
      template: 'ERROR No instances available for <*>',
      example: 'ERROR No instances available for ts-seat-service',
      windowCount: 5,
      baselineCount: 0,
      rateRatio: null,
      isNew: true,
      isGone: false,
      isError: true,
      surprise: 5,
    });
    const p = packet([named], [['shop/Service/ts-seat-service', belief('Healthy')]]);
    p.neighbours = p.neighbours.map((n) => ({ ...n, direction: 'out' }));
    expect(evaluateHeuristic(p).reasoning.join('\n')).not.toMatch(/new_error_logs/);
    const own = evaluateHeuristic(packet([named]));
    expect(own.label).toBe('Origin');
    expect(own.reasoning.join('\n')).toMatch(/new_error_logs/);
  });

  it('sees calls slowed at the median even when a few slow calls leaked into the baseline tail', () => {
    const contaminated = edge('shop/Service/app', node, { windowP95Ms: 215, baselineP95Ms: 157, windowP50Ms: 190, baselineP50Ms: 16 });
    expect(evaluateHeuristic(packet([contaminated])).reasoning.join('\n')).toMatch(/own_latency/);
    expect(
      evaluateHeuristic(
        packet([edge('shop/Service/app', node, { windowP95Ms: 215, baselineP95Ms: 157, windowP50Ms: 17, baselineP50Ms: 16 })]),
      ).label,
    ).toBe('Healthy');
  });

  it('puts a delay on the one instance that all delayed calls share', () => {
    const gap = { windowGapP50Ms: 660, baselineGapP50Ms: 20 };
    const from = (callee: string, calleeInstance: string, callerInstance = 'shop/Pod/cur-1') =>
      edge('shop/Service/currency', callee, { ...gap, callerInstance, calleeInstance });
    // As the callee: delayed calls all come from one caller pod into two of my pods → the caller.
    const asCallee = packet([from(node, 'shop/Pod/db-1'), from(node, 'shop/Pod/db-2')]);
    const blamed = evaluateHeuristic(asCallee);
    expect(blamed.reasoning.join('\n')).not.toMatch(/\[network_delay\]/);
    expect(blamed.reasoning.join('\n')).toMatch(/delaying_caller/);
    // As the caller: my one pod's calls to two instances wait → the delay is mine.
    const mine = packet(
      [from('shop/Service/rec', 'shop/Pod/rec-1', 'shop/Pod/db-1'), from('shop/Service/rec', 'shop/Pod/rec-2', 'shop/Pod/db-1')].map(
        (e) => ({ ...e, detail: { ...e.detail, caller: node } }),
      ),
    );
    const origin = evaluateHeuristic(mine);
    expect(origin.label).toBe('Origin');
    expect(origin.reasoning.join('\n')).toMatch(/network_delay/);
    // Calls from several callers into my single pod: the delay is mine, as before.
    const many = packet([
      edge('shop/Service/a', node, { ...gap, callerInstance: 'shop/Pod/a-1', calleeInstance: 'shop/Pod/db-1' }),
      edge('shop/Service/b', node, { ...gap, callerInstance: 'shop/Pod/b-1', calleeInstance: 'shop/Pod/db-1' }),
    ]);
    expect(evaluateHeuristic(many).reasoning.join('\n')).toMatch(/\[network_delay\]/);
  });

  it('keeps a delay on my side whatever the delay does to my callers and to my own spans', () => {
    const gap = { windowGapP50Ms: 160, baselineGapP50Ms: 20 };
    const into = (caller: string, callerInstance: string, over: Parameters<typeof edge>[2] = {}) =>
      edge(`shop/Service/${caller}`, node, { ...gap, callerInstance, calleeInstance: 'shop/Pod/db-1', ...over });
    const said = (evidence: EvidenceItem[], neighbours: Array<[string, Belief]> = []) =>
      evaluateHeuristic(packet(evidence, neighbours)).reasoning.join('\n');
    expect(said([into('a', 'shop/Pod/a-1')])).toMatch(/\[network_delay\]/);
    // My callers wait on my late replies: a caller already judged a Symptom is what the delay predicts.
    expect(said([into('a', 'shop/Pod/a-1')], [['shop/Service/a', belief('Symptom')]])).toMatch(/\[network_delay\]/);
    // My own spans grow by the delay on each of my calls out: a callee slower than the gap grew is no alibi.
    expect(said([into('a', 'shop/Pod/a-1', { windowP50Ms: 900, baselineP50Ms: 40, windowP95Ms: 1200, baselineP95Ms: 80 })])).toMatch(
      /\[network_delay\]/,
    );
  });

  it('finds a surge that starts in the node, not in load passing through it', () => {
    const received = edge('shop/Service/app', node, { callRateRatio: 1.1 });
    const flood = edge(node, 'shop/Service/catalog', { windowCalls: 373, baselineCalls: 173, callRateRatio: 5 });
    const level = edge(node, 'shop/Service/email', { callRateRatio: 1 });
    const out = evaluateHeuristic(packet([received, flood, level]));
    expect(out.label).toBe('Origin');
    expect(out.reasoning.join('\n')).toMatch(/traffic_source/);
    expect(out.claims).toEqual([expect.objectContaining({ from: node, to: 'shop/Service/catalog', evidence: [flood.id] })]);
    // More coming in explains more going out; and six calls against two is no sample.
    expect(
      evaluateHeuristic(packet([edge('shop/Service/app', node, { callRateRatio: 4 }), flood, level])).reasoning.join('\n'),
    ).not.toMatch(/traffic_source/);
    const few = edge(node, 'shop/Service/catalog', { windowCalls: 6, baselineCalls: 2, callRateRatio: 11 });
    expect(evaluateHeuristic(packet([received, few, level])).reasoning.join('\n')).not.toMatch(/traffic_source/);
    // Other calls that grew as much as what the node receives are in step with it: still level.
    const busier = edge('shop/Service/app', node, { callRateRatio: 1.17 });
    const inStep = edge(node, 'shop/Service/email', { callRateRatio: 1.24 });
    expect(evaluateHeuristic(packet([busier, flood, inStep])).reasoning.join('\n')).toMatch(/traffic_source/);
    // Outgrowing it, they are a second surge, not level.
    const outgrown = edge(node, 'shop/Service/email', { callRateRatio: 1.6 });
    expect(evaluateHeuristic(packet([busier, flood, outgrown])).reasoning.join('\n')).not.toMatch(/traffic_source/);
  });

  it('does not take a chronic restart loop or a non-golden alert for this incident', () => {
    const chronic = ev({ type: 'event', reason: 'BackOff', eventType: 'Warning', count: 41, isFailure: true });
    const tls = ev({ type: 'alert', name: 'TLSCertificateExpiringSoon', severity: 'warning', startsAt: 550, endsAt: null });
    expect(evaluateHeuristic(packet([chronic, tls])).label).toBe('Healthy');
    // The same loop just begun, on a node whose error alert fired, is a cause.
    const fresh = ev({ type: 'event', reason: 'BackOff', eventType: 'Warning', count: 3, isFailure: true });
    const errors = ev({ type: 'alert', name: 'HighErrorRate', severity: 'critical', startsAt: 550, endsAt: null });
    expect(evaluateHeuristic(packet([fresh, errors])).label).toBe('Origin');
  });

  it('sees a statement that runs less and no longer after its predecessor as a (weak) code path', () => {
    const sequence = {
      before: 'INFO Impl#451 [getTickets][start]',
      baselineSpans: 38,
      baselineFollowed: 38,
      windowSpans: 21,
      windowFollowed: 8,
      surprise: 16.8,
    };
    const tpl = (rateRatio: number): EvidenceItem =>
      ev({
        type: 'log_template',
        template: 'INFO Impl#457 [getTickets][done]',
        windowCount: 16,
        baselineCount: 64,
        rateRatio,
        isNew: false,
        isGone: false,
        isError: false,
        surprise: 3.1,
        sequence,
      });
    const broken = evaluateHeuristic(packet([tpl(0.48)]));
    expect(broken.label).toBe('Origin');
    expect(broken.confidence).toBeLessThan(0.5);
    // The predecessor ran more (a shift in the request mix), the follower as often as ever: no fault.
    expect(evaluateHeuristic(packet([tpl(0.8)])).label).toBe('Healthy');
  });

  it('reports the ids of the rules that fired, once each, in table order, whatever the verdict', () => {
    const surge = edge('shop/Service/app', node, { callRateRatio: 1.3 });
    const alert = ev({ type: 'alert', name: 'KubeContainerOOMKilled', severity: 'warning', startsAt: 550, endsAt: null });
    const p = packet([surge, oom(), alert, oom()], [['shop/Service/app', belief('Symptom')]]);
    const { output, rules } = decideHeuristic(p);
    expect(output).toEqual(evaluateHeuristic(p));
    expect(output.label).toBe('Symptom');
    expect(rules).toEqual(['alert', 'failure_event', 'upstream_surge']);
    expect(decideHeuristic(packet([edge('shop/Service/app', node)])).rules).toEqual([]);
  });

  it('is deterministic and cites only evidence from the packet', () => {
    const p = packet([oom(), edge(node, 'shop/Service/cache', { windowP95Ms: 300 })], [['shop/Service/cache', null]]);
    const a = evaluateHeuristic(p);
    expect(JSON.stringify(a)).toBe(JSON.stringify(evaluateHeuristic(p)));
    const ids = new Set(p.evidence.map((e) => e.id));
    for (const id of [...a.evidence, ...a.claims.flatMap((c) => c.evidence)]) expect(ids.has(id)).toBe(true);
  });
});
