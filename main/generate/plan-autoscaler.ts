import { makeEntityId } from '../../core/model/ids.js';
import type { ChangeRecord } from '../../core/snapshot/schema.js';
import { base, candidateServices, imageRollout, type AutoscalerPlan, type FaultPlan } from './plan-base.js';
import type { Rng } from './prng.js';
import type { ServiceModel, SystemModel } from './system.js';
import { iso, type Timeline } from './timeline.js';

const ACTORS = ['deploy-bot', 'jane.doe@example.com', 'argocd'] as const;
const MAX_REPLICAS = [4, 5, 6, 8, 10] as const;
/** Utilisation target of every generated autoscaler (cosmetic: the load model sets the pods' load). */
const TARGET_CPU_PERCENT = 70;
/** Worker threads of a generated server (the saturation logs name them). */
export const WORKERS = 64;

export class AutoscalerPlanError extends RangeError {
  override name = 'AutoscalerPlanError';
}

/** Services that can lose pods: candidates with two pods or more; else any non-entry service, else an entry, with two or more. */
function scalable(system: SystemModel): ServiceModel[] {
  const many = (s: ServiceModel): boolean => s.pods.length >= 2;
  const candidates = candidateServices(system, false).filter(many);
  if (candidates.length > 0) return candidates;
  const inner = system.services.filter((s) => !s.isEntry && many(s));
  if (inner.length > 0) return inner;
  const any = system.services.filter(many);
  if (any.length > 0) return any;
  throw new AutoscalerPlanError('autoscaler_limit needs a service with at least two pods (--services 3 or more)');
}

/**
 * Every service with two pods or more runs under a HorizontalPodAutoscaler (`configures` its
 * Deployment). Someone lowers one autoscaler's maxReplicas below the pods it runs; the
 * controller, seeing more replicas than the maximum, scales the Deployment down at its next sync
 * (no stabilisation window applies to a maximum), the removed pods stop, and what is left —
 * which the autoscaler had kept near its CPU target — must carry the whole load: it runs past
 * its CPU limit, queues, and drops the requests it cannot serve in time. The errors travel up
 * to the callers. Ground truth: the autoscaler alone (naming the service does not find it).
 * Red herring: an unrelated change earlier in the window that nothing abnormal follows.
 */
export function planAutoscalerLimit(rng: Rng, system: SystemModel, timeline: Timeline): FaultPlan {
  const autoscalers: AutoscalerPlan[] = system.services
    .filter((s) => s.pods.length >= 2)
    .map((s) => ({
      service: s.index,
      id: makeEntityId('HorizontalPodAutoscaler', s.name, system.namespace),
      name: s.name,
      minReplicas: 1,
      maxReplicas: rng.pick(MAX_REPLICAS),
      targetCpuPercent: TARGET_CPU_PERCENT,
    }));
  const s = rng.pick(scalable(system));
  const hpa = autoscalers.find((a) => a.service === s.index) as AutoscalerPlan;
  const plan = base('autoscaler_limit', s, hpa.id);
  plan.autoscalers = autoscalers;
  plan.aliasService = false;

  const before = s.pods.length;
  const from = hpa.maxReplicas;
  const to = 1;
  hpa.maxReplicas = to;
  // The autoscaler kept the pods near its target; one pod must now carry `before` pods' load.
  const overload = rng.uniform(1.15, 1.4);
  for (const p of s.pods) {
    const pod = system.pods[p];
    if (pod) pod.baselineUtilisation = (overload * to) / before;
  }
  const remaining = s.pods.slice(0, to);
  const removed = s.pods.slice(to);
  // The controller syncs every 15 s: it scales down within seconds of the edit, and the removed pods leave the endpoints at once.
  const rescaledAt = timeline.onset - rng.int(500, 1500);
  const changedAt = rescaledAt - rng.int(3, 15) * 1000;
  plan.scaleDown = { service: s.index, remaining, removed, rescaledAt };
  const actor = rng.pick(ACTORS);
  plan.changes.push({
    time: iso(changedAt),
    entity: hpa.id,
    kind: 'scale',
    summary: `HorizontalPodAutoscaler ${hpa.name} updated: spec.maxReplicas ${from} → ${to}`,
    diff: [{ path: 'spec.maxReplicas', from, to }],
    actor,
  });
  const wait = rng.pick([2000, 3000, 5000]);
  plan.spans = {
    pods: new Set(remaining),
    // What arrives beyond capacity waits past its deadline and is dropped.
    errorProbability: 1 - 1 / overload,
    errorStatus: 'request timed out in queue: server overloaded',
    errorLog: `dropping request after ${wait}ms in queue: all ${WORKERS} workers busy`,
    extraMs: 0,
    perCallDelayMs: 0,
  };
  plan.mechanism = 'capacity_removed';
  plan.condition = `maxReplicas of HorizontalPodAutoscaler ${hpa.name} lowered from ${from} to ${to}: ${removed.length} of the ${before} pods of ${s.name} removed, the one left runs at ${Math.round(overload * 100)}% of its CPU`;
  plan.changes.push(redHerring(rng, system, timeline, s, autoscalers));
  return plan;
}

/** An unrelated change early in the window, on another service: a rollout, a config edit, or another autoscaler's maximum raised. */
function redHerring(rng: Rng, system: SystemModel, timeline: Timeline, scaled: ServiceModel, autoscalers: AutoscalerPlan[]): ChangeRecord {
  const time = iso(timeline.windowStart + rng.int(60, 240) * 1000);
  const others = system.services.filter((x) => x.index !== scaled.index);
  const s = rng.pick(others.length > 0 ? others : system.services);
  const otherScalers = autoscalers.filter((a) => a.service !== scaled.index);
  const kind = rng.pick(otherScalers.length > 0 ? (['image', 'config', 'scale'] as const) : (['image', 'config'] as const));
  if (kind === 'scale') {
    const a = rng.pick(otherScalers);
    const before = a.maxReplicas;
    a.maxReplicas = before + rng.int(2, 4);
    return {
      time,
      entity: a.id,
      kind: 'scale',
      summary: `HorizontalPodAutoscaler ${a.name} updated: spec.maxReplicas ${before} → ${a.maxReplicas}`,
      diff: [{ path: 'spec.maxReplicas', from: before, to: a.maxReplicas }],
      actor: rng.pick(ACTORS),
    };
  }
  if (kind === 'config') {
    const ttl = rng.pick([300, 600, 900]);
    return {
      time,
      entity: s.configMapId,
      kind: 'config',
      summary: `ConfigMap ${s.name}-config updated: data.CACHE_TTL_SECONDS ${ttl} → ${ttl * 2}`,
      diff: [{ path: 'data.CACHE_TTL_SECONDS', from: String(ttl), to: String(ttl * 2) }],
      actor: rng.pick(ACTORS),
    };
  }
  return imageRollout(rng, s, () => time);
}
