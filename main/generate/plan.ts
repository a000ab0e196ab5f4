import type { FaultType } from './faults.js';
import { base, candidateServices, type FaultPlan } from './plan-base.js';
import type { Rng } from './prng.js';
import { edgeRate, serviceRates } from './rates.js';
import type { ServiceModel, SystemModel } from './system.js';
import { planAutoscalerLimit } from './plan-autoscaler.js';
import { planFeatureFlag } from './plan-flag.js';
import { iso, type Timeline } from './timeline.js';

export type { AutoscalerPlan, FaultPlan, FlagConfigMap, ScaleDownPlan, SpanFault, SurgePlan } from './plan-base.js';

export function planFault(rng: Rng, system: SystemModel, fault: FaultType, timeline: Timeline): FaultPlan {
  switch (fault) {
    case 'config_change':
      return planConfigChange(rng, system, timeline);
    case 'resource_saturation':
      return planSaturation(rng, system);
    case 'network_delay':
      return planNetworkDelay(rng, system);
    case 'code_error':
      return planCodeError(rng, system);
    case 'traffic_surge':
      return planSurge(rng, system, timeline);
    case 'hidden_dependency':
      return planHiddenDependency(rng, system);
    case 'untraced_dependency':
      return planUntracedDependency(rng, system);
    case 'feature_flag':
    case 'feature_flag_deploy':
    case 'feature_flag_noise':
    case 'feature_flag_hidden_edge':
      return planFeatureFlag(rng, system, fault, timeline);
    case 'autoscaler_limit':
      return planAutoscalerLimit(rng, system, timeline);
  }
}

function planConfigChange(rng: Rng, system: SystemModel, timeline: Timeline): FaultPlan {
  const s = rng.pick(candidateServices(system, false));
  const plan = base('config_change', s, s.configMapId);
  const callee = s.callees[0] ? system.services[s.callees[0].to] : undefined;
  const at = timeline.onset - rng.int(45, 150) * 1000;
  const actor = rng.pick(['deploy-bot', 'jane.doe@example.com', 'argocd']);
  if (callee) {
    const timeout = rng.pick([20, 25, 30]);
    plan.changes.push({
      time: iso(at),
      entity: s.configMapId,
      kind: 'config',
      summary: `ConfigMap ${s.name}-config updated: data.UPSTREAM_TIMEOUT_MS 2000 → ${timeout}`,
      diff: [{ path: 'data.UPSTREAM_TIMEOUT_MS', from: '2000', to: String(timeout) }],
      actor,
    });
    plan.spans = {
      pods: new Set(s.pods),
      errorProbability: rng.uniform(0.35, 0.55),
      errorStatus: `call to ${callee.name} aborted: context deadline exceeded`,
      errorLog: `call to ${callee.name} aborted: context deadline exceeded (timeout ${timeout}ms)`,
      extraMs: 0,
      perCallDelayMs: 0,
    };
    plan.condition = `UPSTREAM_TIMEOUT_MS of ${s.name} lowered to ${timeout} ms`;
  } else {
    const size = rng.pick([1, 2]);
    plan.changes.push({
      time: iso(at),
      entity: s.configMapId,
      kind: 'config',
      summary: `ConfigMap ${s.name}-config updated: data.DB_POOL_MAX 50 → ${size}`,
      diff: [{ path: 'data.DB_POOL_MAX', from: '50', to: String(size) }],
      actor,
    });
    plan.spans = {
      pods: new Set(s.pods),
      errorProbability: rng.uniform(0.3, 0.45),
      errorStatus: 'timed out acquiring a database connection',
      errorLog: `timed out acquiring connection from pool (max=${size}, waiting=${rng.int(12, 40)})`,
      extraMs: rng.uniform(150, 350),
      perCallDelayMs: 0,
    };
    plan.condition = `DB_POOL_MAX of ${s.name} lowered to ${size}`;
  }
  plan.onsetLogs = [`configuration reloaded from /etc/${s.name}/config.yaml (checksum ${rng.hex(12)})`];
  plan.mechanism = 'misconfiguration';
  return plan;
}

function planSaturation(rng: Rng, system: SystemModel): FaultPlan {
  const s = rng.pick(candidateServices(system, false));
  const podIndex = rng.pick(s.pods);
  const pod = system.pods[podIndex];
  if (!pod) throw new RangeError(`pod ${podIndex} missing`);
  const plan = base('resource_saturation', s, pod.id);
  plan.pod = podIndex;
  if (rng.chance(0.5)) {
    // What is left must not carry the pod's normal load: it runs at or past its limit.
    plan.capacityFactor = pod.baselineUtilisation / rng.uniform(0.92, 1);
    plan.mechanism = 'cpu_saturation';
    plan.condition = `a runaway thread in ${pod.name} consumes its CPU limit`;
  } else {
    plan.leakBytesPerMinute = (pod.memoryLimitBytes - pod.memoryBaseBytes) / rng.uniform(10, 13);
    plan.mechanism = 'memory_leak';
    plan.condition = `${pod.name} leaks memory until it is OOM-killed`;
  }
  return plan;
}

function planNetworkDelay(rng: Rng, system: SystemModel): FaultPlan {
  const s = rng.pick(candidateServices(system, false));
  const podIndex = rng.pick(s.pods);
  const pod = system.pods[podIndex];
  if (!pod) throw new RangeError(`pod ${podIndex} missing`);
  const plan = base('network_delay', s, pod.id);
  plan.pod = podIndex;
  const delay = rng.uniform(120, 260);
  // The pod works as fast as before: the delay is on the wire (docs/heuristic.md, Network delays).
  plan.spans = { pods: new Set([podIndex]), errorProbability: 0, errorStatus: '', errorLog: '', extraMs: 0, perCallDelayMs: delay };
  plan.mechanism = 'network_delay';
  plan.condition = `${Math.round(delay)} ms delay on every packet leaving ${pod.name}`;
  return plan;
}

function planCodeError(rng: Rng, system: SystemModel): FaultPlan {
  const s = rng.pick(candidateServices(system, false));
  const plan = base('code_error', s, s.deploymentId);
  const type = rng.pick(['Item', 'Order', 'Quote', 'Account']);
  const line = rng.int(80, 400);
  const cls = `${s.name.replace(/(^|-)(\w)/g, (_m, _d: string, c: string) => c.toUpperCase()).replace(/\d+$/, '')}Handler`;
  plan.spans = {
    pods: new Set(s.pods),
    errorProbability: rng.uniform(0.3, 0.5),
    errorStatus: 'NullPointerException',
    errorLog: `Unhandled exception in ${s.operations[1]}: java.lang.NullPointerException: Cannot invoke "${type}.getId()" because "${type.toLowerCase()}" is null at ${cls}.handle(${cls}.java:${line})`,
    extraMs: 0,
    perCallDelayMs: 0,
  };
  plan.mechanism = 'code_error';
  plan.condition = `a null dereference in ${cls}.handle fails requests to ${s.name}`;
  return plan;
}

function planSurge(rng: Rng, system: SystemModel, timeline: Timeline): FaultPlan {
  const rates = serviceRates(system, 1);
  const pairs = system.edges
    .map((e) => ({ edge: e, share: edgeRate(system, rates, e.from, e.to) / Math.max(1e-9, rates[e.to] ?? 0) }))
    .filter((p) => p.share > 0);
  if (pairs.length === 0) throw new RangeError('traffic_surge needs at least two services that call each other (--services 2 or more)');
  const best = Math.max(...pairs.map((p) => p.share));
  const chosen = rng.pick(pairs.filter((p) => p.share >= Math.min(0.5, best)));
  const from = system.services[chosen.edge.from] as ServiceModel;
  const to = system.services[chosen.edge.to] as ServiceModel;
  const plan = base('traffic_surge', from, from.id);
  // The callee runs close to its limit already, as services that saturate under a surge do.
  for (const p of to.pods) {
    const pod = system.pods[p];
    if (pod) pod.baselineUtilisation = rng.uniform(0.36, 0.4);
  }
  const job = rng.pick(['reindex-all', 'resync-orders', 'backfill-prices']);
  plan.surge = { from: from.index, to: to.index, pod: from.pods[0] ?? 0, loadFactor: rng.uniform(2.6, 3.2), job, callsPerRequest: null };
  plan.onsetLogs = [
    `scheduled job ${job} started: ${rng.int(20_000, 90_000)} items queued (triggered ${iso(timeline.onset - rng.int(1, 5) * 1000)})`,
  ];
  plan.mechanism = 'traffic_surge';
  plan.condition = `job ${job} in ${from.name} floods ${to.name} with calls`;
  return plan;
}

function planHiddenDependency(rng: Rng, system: SystemModel): FaultPlan {
  const s = rng.pick(candidateServices(system, false));
  const plan = base('hidden_dependency', s, s.id);
  plan.hiddenEdges = s.callers.map((c) => [c, s.index]);
  plan.spans = {
    pods: new Set(s.pods),
    errorProbability: rng.uniform(0.35, 0.55),
    errorStatus: 'too many open files',
    errorLog: `accept tcp [::]:8080: accept4: too many open files; retrying in ${rng.int(5, 20)}ms`,
    extraMs: rng.uniform(60, 160),
    perCallDelayMs: 0,
  };
  plan.mechanism = 'file_descriptor_exhaustion';
  plan.condition = `${s.name}, called by services whose dependency is not declared, runs out of file descriptors`;
  return plan;
}

/**
 * A dependency nothing observes but its own logs: no tracing, no declared edge. Its callers fail
 * with an anonymous upstream error, so telemetry points at them; only their code names it.
 */
function planUntracedDependency(rng: Rng, system: SystemModel): FaultPlan {
  const pool = candidateServices(system, false).filter((s) => s.callers.length > 0);
  const leaves = pool.filter((s) => s.callees.length === 0);
  const s = rng.pick(leaves.length > 0 ? leaves : pool.length > 0 ? pool : candidateServices(system, false));
  const plan = base('untraced_dependency', s, s.id);
  plan.hiddenEdges = s.callers.map((c) => [c, s.index]);
  plan.untraced = [s.index];
  const max = rng.pick([100, 200, 500]);
  plan.spans = {
    pods: new Set(s.pods),
    errorProbability: rng.uniform(0.4, 0.6),
    errorStatus: 'too many connections',
    errorLog: `FATAL: remaining connection slots are reserved (max_connections=${max}); rejecting client`,
    extraMs: rng.uniform(40, 120),
    perCallDelayMs: 0,
  };
  plan.mechanism = 'connection_exhaustion';
  plan.condition = `${s.name}, an untraced dependency no topology declares, runs out of connection slots`;
  return plan;
}
