import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchEntity, parseGroundTruth } from '../../core/scoring/index.js';
import type { FaultType } from './faults.js';
import { generateIncident, type GeneratedIncident } from './generate.js';
import { edgeStats, p95Of, readBundle, type ReadBundle } from './test-support.js';

const root = mkdtempSync(join(tmpdir(), 'eog-generate-faults-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Case {
  incident: GeneratedIncident;
  bundle: ReadBundle;
  isBaseline: (t: number) => boolean;
  isAfterOnset: (t: number) => boolean;
  baselineMinutes: number;
  afterMinutes: number;
  service: (entity: string) => string;
}

async function generate(fault: FaultType, seed: number): Promise<Case> {
  const incident = await generateIncident(join(root, `${fault}-${seed}`), { fault, seed, services: 12 });
  const bundle = readBundle(incident.dir);
  const windowStart = Date.parse(String(bundle.manifest.window?.start));
  const windowEnd = Date.parse(String(bundle.manifest.window?.end));
  const baselineStart = Date.parse(String(bundle.manifest.baseline?.start));
  const onset = Date.parse(incident.onset);
  return {
    incident,
    bundle,
    isBaseline: (t) => t >= baselineStart && t < windowStart,
    isAfterOnset: (t) => t >= onset && t < windowEnd,
    baselineMinutes: (windowStart - baselineStart) / 60_000,
    afterMinutes: (windowEnd - onset) / 60_000,
    service: (entity) => bundle.serviceOfPod.get(entity) ?? entity,
  };
}

const SEEDS = [5, 6, 7];
const time = (r: { time?: unknown; start?: unknown }): number => Date.parse(String(r.time ?? r.start));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function spansOf(c: Case, pods: ReadonlySet<string>, period: (t: number) => boolean): { p95: number; errorRate: number } {
  const spans = c.bundle.records.spans.filter((s) => pods.has(s.entity) && period(time(s)));
  return {
    p95: p95Of(spans.map((s) => s.durationMs)),
    errorRate: spans.filter((s) => s.status === 'error').length / Math.max(1, spans.length),
  };
}

function metric(c: Case, pod: string, name: string, period: (t: number) => boolean): number[] {
  return c.bundle.records.metrics.filter((m) => m.entity === pod && m.name === name && period(time(m))).map((m) => m.value);
}

function podsOfService(c: Case, service: string): Set<string> {
  return new Set([...c.bundle.serviceOfPod].filter(([, s]) => s === service).map(([p]) => p));
}

/** Per `caller pod -> callee pod`: the caller's client span minus the callee's server span, per call. */
function gapsByEdge(c: Case, period: (t: number) => boolean): Map<string, number[]> {
  const byId = new Map(c.bundle.records.spans.map((s) => [s.spanId, s]));
  const out = new Map<string, number[]>();
  for (const child of c.bundle.records.spans) {
    const parent = child.parentSpanId === undefined ? undefined : byId.get(child.parentSpanId);
    if (!parent || parent.entity === child.entity || parent.kind !== 'client' || !period(time(child))) continue;
    const key = `${parent.entity} -> ${child.entity}`;
    out.set(key, [...(out.get(key) ?? []), parent.durationMs - child.durationMs]);
  }
  return out;
}

/** ERROR log bodies with digits masked, per period: what a template miner would group. */
function errorTemplates(c: Case, pods: ReadonlySet<string>, period: (t: number) => boolean): Set<string> {
  return new Set(
    c.bundle.records.logs
      .filter((l) => pods.has(l.entity) && l.severity === 'ERROR' && period(time(l)))
      .map((l) => l.body.replace(/\d+/g, '#')),
  );
}

describe.each(SEEDS)('injected faults change the telemetry as intended (seed %i)', (seed) => {
  it('network_delay: every call into and out of the delayed pod waits outside the spans, the pod itself works as fast, siblings do not', async () => {
    const c = await generate('network_delay', seed);
    const pod = c.incident.rootCause;
    // The physics of a pod whose every packet leaves late (docs/heuristic.md, Network delays).
    const after = gapsByEdge(c, c.isAfterOnset);
    const before = gapsByEdge(c, c.isBaseline);
    const grown = (k: string): number => median(after.get(k) ?? []) - median(before.get(k) ?? []);
    const judged = [...after.keys()].filter((k) => (after.get(k)?.length ?? 0) >= 5 && (before.get(k)?.length ?? 0) >= 5);
    const touching = judged.filter((k) => k.startsWith(`${pod} -> `) || k.endsWith(` -> ${pod}`));
    expect(touching.length).toBeGreaterThan(0);
    for (const k of touching) expect(grown(k)).toBeGreaterThan(100);
    for (const k of judged.filter((k) => !touching.includes(k))) expect(grown(k)).toBeLessThan(20);
    // Its own work between calls does not change: a leaf pod's server spans stay as they were.
    const calls = judged.some((k) => k.startsWith(`${pod} -> `));
    const own = c.bundle.records.spans.filter((s) => s.entity === pod && s.kind === 'server');
    const p95 = (period: (t: number) => boolean): number => p95Of(own.filter((s) => period(time(s))).map((s) => s.durationMs));
    if (!calls) expect(p95(c.isAfterOnset)).toBeLessThan(1.5 * p95(c.isBaseline) + 20);
    const siblings = [...podsOfService(c, c.service(pod))].filter((p) => p !== pod);
    for (const sibling of siblings) {
      const s = new Set([sibling]);
      expect(spansOf(c, s, c.isAfterOnset).p95).toBeLessThan(1.5 * spansOf(c, s, c.isBaseline).p95 + 20);
    }
  });

  it('resource_saturation: the pod runs out of CPU or memory and serves slower', async () => {
    const c = await generate('resource_saturation', seed);
    const pod = c.incident.rootCause;
    const cpu = Math.max(...metric(c, pod, 'cpu_usage_cores', c.isAfterOnset)) / median(metric(c, pod, 'cpu_usage_cores', c.isBaseline));
    const memory =
      Math.max(...metric(c, pod, 'memory_working_set_bytes', c.isAfterOnset)) /
      median(metric(c, pod, 'memory_working_set_bytes', c.isBaseline));
    const oom = c.bundle.records.events.filter((e) => e.entity === pod && e.reason === 'OOMKilled' && c.isAfterOnset(time(e)));
    expect(cpu >= 1.5 || (memory >= 1.5 && oom.length > 0)).toBe(true);
    const s = new Set([pod]);
    expect(spansOf(c, s, c.isAfterOnset).p95).toBeGreaterThan(1.5 * spansOf(c, s, c.isBaseline).p95);
  });

  it('config_change: a config change just before the alerts, then a new error in the configured service', async () => {
    const c = await generate('config_change', seed);
    const change = c.bundle.records.changes.find((x) => x.entity === c.incident.rootCause);
    expect(change?.kind).toBe('config');
    expect(time(change ?? {})).toBeLessThan(Date.parse(String(c.bundle.manifest.incidentTime)));
    expect(time(change ?? {})).toBeGreaterThanOrEqual(Date.parse(String(c.bundle.manifest.window?.start)));
    const pods = new Set(
      c.bundle.topology.edges.filter((e) => e.source === c.incident.rootCause && e.relation === 'configures').map((e) => e.target),
    );
    expect(pods.size).toBeGreaterThan(0);
    expect(spansOf(c, pods, c.isAfterOnset).errorRate).toBeGreaterThan(0.2);
    expect(spansOf(c, pods, c.isBaseline).errorRate).toBeLessThan(0.02);
    const fresh = [...errorTemplates(c, pods, c.isAfterOnset)].filter((t) => !errorTemplates(c, pods, c.isBaseline).has(t));
    expect(fresh.length).toBeGreaterThan(0);
  });

  it('code_error: a new error template and failing spans in one service; its callers see failing calls', async () => {
    const c = await generate('code_error', seed);
    const service = c.incident.rootCause.replace('/Deployment/', '/Service/');
    const pods = podsOfService(c, service);
    expect(spansOf(c, pods, c.isAfterOnset).errorRate).toBeGreaterThan(0.2);
    const fresh = [...errorTemplates(c, pods, c.isAfterOnset)].filter((t) => !errorTemplates(c, pods, c.isBaseline).has(t));
    expect(fresh.some((t) => t.includes('NullPointerException'))).toBe(true);
    const edges = [...edgeStats(c.bundle, c.isAfterOnset, c.service)].filter(([k]) => k.endsWith(` -> ${service}`));
    expect(edges.length).toBeGreaterThan(0);
    for (const [, v] of edges) expect(v.errors / v.calls).toBeGreaterThan(0.15);
  });

  it('traffic_surge: the source sends several times more calls to one callee without receiving more, and the callee saturates', async () => {
    const c = await generate('traffic_surge', seed);
    const source = c.incident.rootCause;
    const before = edgeStats(c.bundle, c.isBaseline, c.service);
    const after = edgeStats(c.bundle, c.isAfterOnset, c.service);
    const rate = (m: Map<string, { calls: number }>, k: string, minutes: number): number => (m.get(k)?.calls ?? 0) / minutes;
    const ratio = (k: string): number => rate(after, k, c.afterMinutes) / Math.max(1e-9, rate(before, k, c.baselineMinutes));
    const outbound = [...after.keys()].filter((k) => k.startsWith(`${source} -> `));
    const surging = outbound.filter((k) => ratio(k) >= 1.8);
    expect(surging.length).toBe(1);
    for (const k of [...after.keys()].filter((x) => x.endsWith(` -> ${source}`))) expect(ratio(k)).toBeLessThan(1.3);
    const callee = (surging[0] ?? '').split(' -> ')[1] ?? '';
    for (const pod of podsOfService(c, callee)) {
      expect(median(metric(c, pod, 'cpu_usage_cores', c.isAfterOnset))).toBeGreaterThan(
        1.5 * median(metric(c, pod, 'cpu_usage_cores', c.isBaseline)),
      );
    }
  });

  it('hidden_dependency: calls into the faulty service are in the spans but not in topology.json', async () => {
    const c = await generate('hidden_dependency', seed);
    const service = c.incident.rootCause;
    const calls = new Set(c.bundle.topology.edges.filter((e) => e.relation === 'calls').map((e) => `${e.source} -> ${e.target}`));
    const seen = [...edgeStats(c.bundle, c.isBaseline, c.service).keys()];
    const hidden = seen.filter((k) => k.endsWith(` -> ${service}`));
    expect(hidden.length).toBeGreaterThan(0);
    for (const k of hidden) expect(calls.has(k)).toBe(false);
    for (const k of seen.filter((x) => !hidden.includes(x) && !x.startsWith(`${service} -> `))) expect(calls.has(k)).toBe(true);
    expect(spansOf(c, podsOfService(c, service), c.isAfterOnset).errorRate).toBeGreaterThan(0.2);
  });

  it('feature_flag: a flag switched on in a ConfigMap mounted into one service multiplies its calls into a callee that saturates and fails', async () => {
    const c = await generate('feature_flag', seed);
    const configMap = c.incident.rootCause;
    const change = c.bundle.records.changes.find((x) => x.entity === configMap);
    expect(change?.kind).toBe('feature_flag');
    expect(change?.diff?.[0]?.path).toContain(change?.summary.split(' flag ')[1]?.split(' ')[0] ?? '?');
    const onset = Date.parse(c.incident.onset);
    expect(onset - time(change ?? {})).toBeGreaterThan(0);
    expect(onset - time(change ?? {})).toBeLessThanOrEqual(150_000);
    // Mounted through the Deployment's pod template: ConfigMap → Deployment, then Deployment → ReplicaSet → Pod.
    const deployment = c.bundle.topology.edges.find((e) => e.source === configMap && e.relation === 'configures')?.target ?? '';
    expect(deployment).toMatch(/\/Deployment\//);
    const processor = deployment.replace('/Deployment/', '/Service/');
    const before = edgeStats(c.bundle, c.isBaseline, c.service);
    const after = edgeStats(c.bundle, c.isAfterOnset, c.service);
    const rate = (m: Map<string, { calls: number }>, k: string, minutes: number): number => (m.get(k)?.calls ?? 0) / minutes;
    const ratio = (k: string): number => rate(after, k, c.afterMinutes) / Math.max(1e-9, rate(before, k, c.baselineMinutes));
    const surging = [...after.keys()].filter((k) => k.startsWith(`${processor} -> `) && ratio(k) >= 1.8);
    expect(surging.length).toBe(1);
    for (const k of [...after.keys()].filter((x) => x.endsWith(` -> ${processor}`))) expect(ratio(k)).toBeLessThan(1.3);
    const database = (surging[0] ?? '').split(' -> ')[1] ?? '';
    const pods = podsOfService(c, database);
    for (const pod of pods)
      expect(median(metric(c, pod, 'cpu_usage_cores', c.isAfterOnset))).toBeGreaterThan(
        1.5 * median(metric(c, pod, 'cpu_usage_cores', c.isBaseline)),
      );
    expect(spansOf(c, pods, c.isAfterOnset).errorRate).toBeGreaterThan(0.08);
    // Nothing but ground_truth.yaml names the injected ConfigMap as the answer.
    expect(JSON.stringify(c.bundle.manifest)).not.toContain('flag');
  });

  it('autoscaler_limit: an autoscaler maximum lowered below the pods running stops the others, and the pod left saturates', async () => {
    const c = await generate('autoscaler_limit', seed);
    const hpa = c.incident.rootCause;
    expect(hpa).toMatch(/^shop\/HorizontalPodAutoscaler\//);
    // Every service with two pods or more has an autoscaler that configures its Deployment.
    const entities = new Set(c.bundle.topology.entities.map((e) => e.id));
    const configures = new Set(c.bundle.topology.edges.filter((e) => e.relation === 'configures').map((e) => `${e.source} -> ${e.target}`));
    for (const service of c.bundle.topology.entities.filter((e) => e.kind === 'Service' && e.namespace === 'shop')) {
      const scaler = `shop/HorizontalPodAutoscaler/${service.name}`;
      expect(entities.has(scaler)).toBe(podsOfService(c, service.id).size >= 2);
      if (entities.has(scaler)) expect(configures.has(`${scaler} -> shop/Deployment/${service.name}`)).toBe(true);
    }
    const name = hpa.split('/')[2] ?? '';
    const service = `shop/Service/${name}`;
    const pods = podsOfService(c, service);
    const change = c.bundle.records.changes.find((x) => x.entity === hpa);
    expect(change?.kind).toBe('scale');
    const diff = change?.diff?.[0];
    expect(diff?.path).toBe('spec.maxReplicas');
    expect(Number(diff?.to)).toBeLessThan(pods.size);
    expect(Number(diff?.to)).toBeLessThan(Number(diff?.from));
    expect(change?.summary).toBe(`HorizontalPodAutoscaler ${name} updated: spec.maxReplicas ${String(diff?.from)} → ${String(diff?.to)}`);
    const onset = Date.parse(c.incident.onset);
    expect(onset - time(change ?? {})).toBeGreaterThan(0);
    expect(onset - time(change ?? {})).toBeLessThanOrEqual(30_000);
    // The cluster's record of the scale-down: the Deployment scaled, each removed pod stopped.
    const events = c.bundle.records.events;
    const scaled = events.find((e) => e.entity === `shop/Deployment/${name}` && e.reason === 'ScalingReplicaSet');
    expect(scaled?.message).toMatch(new RegExp(`^Scaled down replica set ${name}-[a-z0-9]+ to ${String(diff?.to)} from ${pods.size}$`));
    const removed = new Set(events.filter((e) => e.reason === 'Killing' && pods.has(e.entity)).map((e) => e.entity));
    const remaining = new Set([...pods].filter((p) => !removed.has(p)));
    expect(removed.size).toBe(pods.size - Number(diff?.to));
    expect(remaining.size).toBe(Number(diff?.to));
    // Removed pods serve, report and log nothing after the onset (beyond draining what was in flight).
    expect(c.bundle.records.spans.filter((x) => removed.has(x.entity) && time(x) >= onset)).toEqual([]);
    expect(c.bundle.records.metrics.filter((x) => removed.has(x.entity) && time(x) >= onset)).toEqual([]);
    expect(c.bundle.records.logs.filter((x) => removed.has(x.entity) && time(x) >= onset + 10_000)).toEqual([]);
    for (const p of removed) expect(metric(c, p, 'cpu_usage_cores', c.isBaseline).length).toBe(c.baselineMinutes);
    // What is left carries the whole load: CPU at its limit, slower, dropping requests; the callers see it.
    for (const p of remaining) {
      const limit = Number(c.bundle.topology.entities.find((e) => e.id === p)?.attrs.cpuLimitCores);
      expect(median(metric(c, p, 'cpu_usage_cores', c.isAfterOnset))).toBeGreaterThan(0.9 * limit);
      expect(median(metric(c, p, 'http_requests_per_minute', c.isAfterOnset))).toBeGreaterThan(
        1.5 * median(metric(c, p, 'http_requests_per_minute', c.isBaseline)),
      );
    }
    const after = spansOf(c, remaining, c.isAfterOnset);
    expect(after.p95).toBeGreaterThan(1.5 * spansOf(c, pods, c.isBaseline).p95);
    expect(after.errorRate).toBeGreaterThan(0.05);
    const inbound = [...edgeStats(c.bundle, c.isAfterOnset, c.service)].filter(([k, v]) => k.endsWith(` -> ${service}`) && v.calls >= 20);
    expect(inbound.length).toBeGreaterThan(0);
    for (const [, v] of inbound) expect(v.errors / v.calls).toBeGreaterThan(0.04);
    // A red herring: another change earlier in the window, on something else.
    const windowStart = Date.parse(String(c.bundle.manifest.window?.start));
    const others = c.bundle.records.changes.filter((x) => x.entity !== hpa && time(x) >= windowStart);
    expect(others.length).toBe(1);
    expect(time(others[0] ?? {})).toBeLessThan(time(change ?? {}) - 3 * 60_000);
    // Ground truth names the autoscaler alone: finding only the service does not count.
    const gt = parseGroundTruth(readFileSync(join(c.incident.dir, 'ground_truth.yaml'), 'utf8'));
    expect(matchEntity(gt, hpa)?.isRootCause).toBe(true);
    for (const alias of [service, `shop/Deployment/${name}`, ...pods]) expect(matchEntity(gt, alias)?.isRootCause ?? false).toBe(false);
    expect(gt.faults[0]?.category).toBe('Change');
  });

  it('feature_flag variants carry their red herring', async () => {
    const deploy = await generate('feature_flag_deploy', seed);
    const flag = deploy.bundle.records.changes.find((x) => x.entity === deploy.incident.rootCause);
    const windowStart = Date.parse(String(deploy.bundle.manifest.window?.start));
    const early = deploy.bundle.records.changes.filter((x) => x.kind === 'image' && time(x) >= windowStart);
    expect(early.length).toBe(1);
    expect(time(early[0] ?? {})).toBeLessThan(time(flag ?? {}) - 3 * 60_000);
    const noise = await generate('feature_flag_noise', seed);
    const monitoring = noise.bundle.records.alerts.filter(
      (a) => a.entity === 'monitoring/Service/prometheus' && Date.parse(String(a.startsAt)) >= windowStart,
    );
    expect(monitoring.map((a) => a.name)).toEqual(['CPUThrottlingHigh']);
    const hidden = await generate('feature_flag_hidden_edge', seed);
    expect(hidden.incident.hiddenEdges.length).toBeGreaterThan(0);
    const calls = new Set(hidden.bundle.topology.edges.filter((e) => e.relation === 'calls').map((e) => `${e.source} -> ${e.target}`));
    const seen = new Set(edgeStats(hidden.bundle, hidden.isBaseline, hidden.service).keys());
    for (const [from, to] of hidden.incident.hiddenEdges) {
      expect(seen.has(`${from} -> ${to}`)).toBe(true);
      expect(calls.has(`${from} -> ${to}`)).toBe(false);
    }
  });
});
