import type { AlertRecord, ChangeRecord, EventRecord } from '../../core/snapshot/schema.js';
import { MONITORING_ID } from './monitoring.js';
import type { FaultPlan } from './plan-base.js';
import type { Rng } from './prng.js';
import type { SystemModel } from './system.js';
import { iso, MINUTE_MS, type Timeline } from './timeline.js';

const DAY_MS = 24 * 60 * MINUTE_MS;

/** What a real cluster shows besides the incident: chronic errors, old changes, flapping pods. */
export interface NoisePlan {
  flappingPod: number | null;
  /** Pods whose periodic job fails every few minutes, in the baseline as in the window. */
  chronicErrorPods: number[];
  changes: ChangeRecord[];
  alerts: AlertRecord[];
  events: EventRecord[];
}

/** Services the fault touches (the root, its callers up to the entries, the surge's path). */
export function affectedServices(system: SystemModel, plan: FaultPlan): Set<number> {
  const out = new Set<number>();
  const up = (s: number): void => {
    if (out.has(s)) return;
    out.add(s);
    for (const c of system.services[s]?.callers ?? []) up(c);
  };
  // Downstream of the surge target only: the services its extra calls reach, not their other callers.
  const down = (s: number): void => {
    for (const e of system.services[s]?.callees ?? []) {
      if (out.has(e.to)) continue;
      out.add(e.to);
      down(e.to);
    }
  };
  up(plan.service);
  if (plan.surge) {
    up(plan.surge.to);
    down(plan.surge.to);
  }
  return out;
}

export function planNoise(rng: Rng, system: SystemModel, plan: FaultPlan, timeline: Timeline): NoisePlan {
  const affected = affectedServices(system, plan);
  const spared = system.services.filter((s) => !affected.has(s.index));
  // In a small, densely connected system everything is affected; then any service off the fault itself will do.
  const bystanders =
    spared.length > 0 ? spared : system.services.filter((s) => !s.isEntry && s.index !== plan.service && s.index !== plan.surge?.to);
  const others = system.services.filter((s) => s.index !== plan.service);
  const noise: NoisePlan = { flappingPod: null, chronicErrorPods: [], changes: [], alerts: [], events: [] };

  for (const s of system.services) if (s.index !== plan.service && rng.chance(0.2)) noise.chronicErrorPods.push(s.pods[0] as number);

  for (const daysAgo of [6, 3]) {
    const s = rng.pick(others.length > 0 ? others : system.services);
    const minor = rng.int(1, 9);
    noise.changes.push({
      time: iso(timeline.baselineStart - daysAgo * DAY_MS + rng.int(0, 8 * 60) * MINUTE_MS),
      entity: s.deploymentId,
      kind: 'image',
      summary: `Deployment ${s.name} image updated to registry.example.com/shop/${s.name}:1.${minor}.${rng.int(1, 9)}`,
      diff: [
        {
          path: 'spec.template.spec.containers[0].image',
          from: `registry.example.com/shop/${s.name}:1.${minor - 1}.0`,
          to: `registry.example.com/shop/${s.name}:1.${minor}.0`,
        },
      ],
      actor: 'argocd',
    });
  }

  noise.alerts.push({
    name: 'Watchdog',
    entity: MONITORING_ID,
    severity: 'none',
    startsAt: iso(timeline.baselineStart - 7 * DAY_MS),
    summary: 'An alert that should always be firing to certify that Alertmanager is working properly.',
  });
  if (bystanders.length > 0) {
    const s = rng.pick(bystanders);
    noise.alerts.push({
      name: 'TLSCertificateExpiringSoon',
      entity: s.id,
      severity: 'warning',
      startsAt: iso(timeline.baselineStart - rng.int(1, 3) * DAY_MS),
      summary: `The TLS certificate of ${s.name} expires in ${rng.int(5, 13)} days.`,
      labels: { service: s.name, namespace: system.namespace },
    });
    const pod = system.pods[rng.pick(s.pods)];
    if (pod) {
      noise.flappingPod = pod.index;
      let count = rng.int(20, 60);
      for (let t = timeline.baselineStart + rng.int(0, 4) * MINUTE_MS; t < timeline.windowEnd; t += rng.int(4, 7) * MINUTE_MS) {
        count += 1;
        noise.events.push({
          time: iso(t + rng.int(0, 59) * 1000),
          entity: pod.id,
          type: 'Warning',
          reason: 'BackOff',
          message: `Back-off restarting failed container log-shipper in pod ${pod.name}_${system.namespace}`,
          count,
        });
      }
    }
  }
  return noise;
}
