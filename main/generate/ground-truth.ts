import { stringify } from 'yaml';
import { parseEntityId, type EntityId } from '../../core/model/ids.js';
import type { AlertRecord } from '../../core/snapshot/schema.js';
import { faultCategory } from './faults.js';
import type { FaultPlan } from './plan.js';
import type { ServiceModel, SystemModel } from './system.js';

interface Group {
  id: string;
  kind: string;
  namespace: string;
  name?: string;
  filter: string[];
  root_cause: boolean;
}

const exact = (name: string): string => `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

function entityGroup(id: string, entity: EntityId, rootCause: boolean): Group {
  const p = parseEntityId(entity);
  return { id, kind: p.kind, namespace: p.namespace ?? '', name: p.name, filter: [exact(p.name)], root_cause: rootCause };
}

/** Shortest caller chain from `from` up to a service that alerted (BFS; callers include hidden edges). */
function pathToAlert(system: SystemModel, from: number, alerted: ReadonlySet<EntityId>): ServiceModel[] {
  const previous = new Map<number, number>([[from, -1]]);
  const queue = [from];
  while (queue.length > 0) {
    const s = queue.shift() as number;
    const svc = system.services[s];
    if (!svc) continue;
    if (alerted.has(svc.id)) {
      // Walking back from the alerting service gives the chain top-down: [alerted, ..., from].
      const path: ServiceModel[] = [];
      for (let at = s; at !== -1; at = previous.get(at) ?? -1) path.push(model(system, at));
      return path;
    }
    for (const c of svc.callers) {
      if (previous.has(c)) continue;
      previous.set(c, s);
      queue.push(c);
    }
  }
  return [model(system, from)];
}

const model = (system: SystemModel, index: number): ServiceModel => system.services[index] as ServiceModel;

/**
 * ITBench ground-truth v1 (design.md §8): the injected entity is the root-cause group; its
 * service, deployment (and, for service-wide faults, its pods) are aliases, so a diagnosis
 * naming any of them counts — unless the plan says the root cause stands alone (an autoscaler). Propagations follow the calls from the fault up to the alerts.
 */
export function groundTruthYaml(system: SystemModel, plan: FaultPlan, alerts: readonly AlertRecord[], name: string): string {
  const groups = new Map<string, Group>();
  const add = (g: Group): void => {
    if (!groups.has(g.id)) groups.set(g.id, g);
  };
  const s = model(system, plan.service);
  const serviceGroup = (m: ServiceModel): string => {
    add(entityGroup(`service-${m.name}`, m.id, false));
    return `service-${m.name}`;
  };
  add(entityGroup('root-cause', plan.rootCause, true));
  const alias = ['root-cause'];
  if (plan.aliasService && plan.rootCause !== s.id) alias.push(serviceGroup(s));
  if (plan.aliasService && plan.rootCause !== s.deploymentId) {
    add(entityGroup(`deployment-${s.name}`, s.deploymentId, false));
    alias.push(`deployment-${s.name}`);
  }
  if (plan.aliasService && plan.pod === null) {
    add({
      id: `pods-${s.name}`,
      kind: 'Pod',
      namespace: system.namespace,
      filter: [`^${exact(s.name).slice(1, -1)}-[a-z0-9]+-[a-z0-9]+$`],
      root_cause: false,
    });
    alias.push(`pods-${s.name}`);
  }

  const alerted = new Set(alerts.map((a) => a.entity));
  const propagations: Array<{ source: string; target: string; condition: string; effect: string }> = [];
  let source = 'root-cause';
  let start = plan.service;
  if (plan.surge) {
    const target = model(system, plan.surge.to);
    propagations.push({
      source,
      target: serviceGroup(target),
      condition: plan.condition,
      effect: `${target.name} saturates under the extra load`,
    });
    source = serviceGroup(target);
    start = target.index;
  }
  if (!plan.aliasService && !plan.surge) {
    // The root cause is an object of its own (an autoscaler): its first effect is on the service.
    propagations.push({ source, target: serviceGroup(s), condition: plan.condition, effect: `${s.name} saturates on the pods left` });
    source = serviceGroup(s);
  }
  const path = pathToAlert(system, start, alerted);
  for (let i = path.length - 2; i >= 0; i--) {
    const callee = path[i + 1] as ServiceModel;
    const caller = path[i] as ServiceModel;
    propagations.push({
      source,
      target: serviceGroup(caller),
      condition: `${callee.name} is degraded`,
      effect: `requests of ${caller.name} that call ${callee.name} are slow or fail`,
    });
    source = serviceGroup(caller);
  }
  const gtAlerts = alerts.map((a) => {
    const m = system.services.find((x) => x.id === a.entity);
    return {
      id: `${a.name}-${m?.name ?? 'unknown'}`,
      group_id: m ? serviceGroup(m) : null,
      metadata: { description: a.summary ?? a.name },
    };
  });
  const root = parseEntityId(plan.rootCause);
  const document = {
    metadata: { name, version: 'v1', generator: 'eog generate' },
    groups: [...groups.values()],
    aliases: [alias],
    propagations,
    alerts: gtAlerts,
    fault: [
      {
        category: faultCategory[plan.fault],
        condition: plan.condition,
        entity: { group_id: 'root-cause', kind: root.kind, name: root.name },
        fault_mechanism: plan.mechanism,
      },
    ],
  };
  return stringify(document);
}
