import { makeEntityId } from '../../core/model/ids.js';
import type { FaultType } from './faults.js';
import { MONITORING_ID } from './monitoring.js';
import { base, imageRollout, type FaultPlan, type FlagConfigMap } from './plan-base.js';
import type { Rng } from './prng.js';
import { edgeRate, serviceRates } from './rates.js';
import type { ServiceModel, SystemModel } from './system.js';
import { iso, MINUTE_MS, type Timeline } from './timeline.js';

/** Share of the other services that read a flags ConfigMap of their own (so its presence says nothing). */
const FLAG_READERS = 0.35;
const FLAGS = ['bulkPrefetch', 'eagerLoadRelations', 'perItemPricing', 'inlineRecommendations', 'strictInventorySync'] as const;

/** Calls `from` → `to` that carry at least half of `to`'s traffic: switching them up is what saturates `to`. */
function surgePairs(system: SystemModel, preferEntryCaller: boolean): Array<{ from: ServiceModel; to: ServiceModel; share: number }> {
  const rates = serviceRates(system, 1);
  const all = system.edges
    .map((e) => ({
      from: system.services[e.from] as ServiceModel,
      to: system.services[e.to] as ServiceModel,
      share: edgeRate(system, rates, e.from, e.to) / Math.max(1e-9, rates[e.to] ?? 0),
    }))
    .filter((p) => p.share > 0);
  if (all.length === 0) throw new RangeError('feature_flag needs at least two services that call each other (--services 2 or more)');
  const inner = all.filter((p) => !p.from.isEntry);
  const fed = inner.filter((p) => p.from.callers.some((c) => system.services[c]?.isEntry));
  const pool = preferEntryCaller && fed.length > 0 ? fed : inner.length > 0 ? inner : all;
  const best = Math.max(...pool.map((p) => p.share));
  return pool.filter((p) => p.share >= Math.min(0.5, best));
}

/**
 * A feature flag switched on in a ConfigMap mounted into one service (the processor) turns each
 * of its requests into several calls to the database behind it; the database saturates, fails
 * connections, and the errors travel up to the entry. The database is a symptom: the origin is
 * the flag. Variants add a red herring: an unrelated deploy earlier in the window, a noise alert
 * on the monitoring stack, or an entry service that calls the processor through an edge missing
 * from topology.json (only the spans show it).
 */
export function planFeatureFlag(rng: Rng, system: SystemModel, fault: FaultType, timeline: Timeline): FaultPlan {
  const pair = rng.pick(surgePairs(system, fault === 'feature_flag_hidden_edge'));
  const { from: processor, to: database } = pair;
  const flags: FlagConfigMap[] = system.services
    .filter((s) => s.index === processor.index || (!s.isEntry && rng.chance(FLAG_READERS)))
    .map((s) => ({ service: s.index, id: makeEntityId('ConfigMap', `${s.name}-flags`, system.namespace), name: `${s.name}-flags` }));
  const flagMap = flags.find((f) => f.service === processor.index) as FlagConfigMap;
  const plan = base(fault, processor, flagMap.id);
  plan.flagConfigMaps = flags;
  // The database runs close to its limit already, as databases that fall over under a surge do.
  for (const p of database.pods) {
    const pod = system.pods[p];
    if (pod) pod.baselineUtilisation = rng.uniform(0.36, 0.4);
  }
  const rates = serviceRates(system, 1);
  const loadFactor = rng.uniform(2.6, 3.2);
  const share = edgeRate(system, rates, processor.index, database.index) / Math.max(1e-9, rates[database.index] ?? 0);
  const callsPerRequest = 1 + (loadFactor - 1) / Math.max(1e-9, share);
  const flag = rng.pick(FLAGS);
  plan.surge = { from: processor.index, to: database.index, pod: processor.pods[0] ?? 0, loadFactor, job: flag, callsPerRequest };
  const maxConnections = rng.pick([100, 200, 300]);
  plan.spans = {
    pods: new Set(database.pods),
    errorProbability: rng.uniform(0.15, 0.25),
    errorStatus: 'too many connections',
    errorLog: `FATAL: sorry, too many clients already (max_connections=${maxConnections})`,
    extraMs: 0,
    perCallDelayMs: 0,
  };
  const at = timeline.onset - rng.int(60, 150) * 1000;
  plan.changes.push({
    time: iso(at),
    entity: flagMap.id,
    kind: 'feature_flag',
    summary: `ConfigMap ${flagMap.name} updated: flag ${flag} false → true`,
    diff: [{ path: `data.flags.yaml/${flag}.defaultVariant`, from: 'off', to: 'on' }],
    actor: rng.pick(['jane.doe@example.com', 'flag-rollout-bot', 'argocd']),
  });
  plan.onsetLogs = [`feature flags reloaded from /etc/flags/flags.yaml (checksum ${rng.hex(12)}): ${flag}=on`];
  plan.mechanism = 'feature_flag';
  plan.condition = `flag ${flag} switched on in ConfigMap ${flagMap.name} makes ${processor.name} call ${database.name} ×${callsPerRequest.toFixed(1)} per request`;
  addRedHerring(rng, system, fault, timeline, plan, database);
  return plan;
}

function addRedHerring(rng: Rng, system: SystemModel, fault: FaultType, timeline: Timeline, plan: FaultPlan, database: ServiceModel): void {
  const processor = system.services[plan.service] as ServiceModel;
  if (fault === 'feature_flag_deploy') {
    // A harmless rollout well before the flag: earlier in the window, on another service.
    const others = system.services.filter((s) => s.index !== processor.index && s.index !== database.index);
    const s = rng.pick(others.length > 0 ? others : system.services);
    plan.changes.push(imageRollout(rng, s, () => iso(timeline.windowStart + rng.int(60, 240) * 1000)));
  } else if (fault === 'feature_flag_noise') {
    // The monitoring stack's own trouble, firing in the window: a golden-looking signal on an entity outside the incident.
    plan.alerts.push({
      name: 'CPUThrottlingHigh',
      entity: MONITORING_ID,
      severity: 'warning',
      startsAt: iso(timeline.windowStart + rng.int(2, 20) * MINUTE_MS + rng.int(0, 59) * 1000),
      summary: `${rng.int(26, 60)}% throttling of CPU in namespace monitoring for container prometheus in pod prometheus-k8s-0.`,
      labels: { namespace: 'monitoring', container: 'prometheus' },
    });
  } else if (fault === 'feature_flag_hidden_edge') {
    const entries = processor.callers.filter((c) => system.services[c]?.isEntry);
    plan.hiddenEdges = (entries.length > 0 ? entries : processor.callers).map((c) => [c, processor.index]);
  }
}
