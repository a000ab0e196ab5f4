import type { Topology } from '../../core/model/topology.js';
import { TopologyBuilder } from '../convert/topology-builder.js';
import { MONITORING_ID } from './monitoring.js';
import type { FaultPlan } from './plan.js';
import type { SystemModel } from './system.js';

/**
 * topology.json as a cluster inventory would give it: services contain pods, deployments own
 * replica sets that own pods, config maps configure pods, pods run on nodes, services call
 * services, autoscalers configure the Deployments they scale. Call edges of a hidden dependency
 * are left out: only the spans reveal them.
 */
export function buildTopology(system: SystemModel, plan: FaultPlan): Topology {
  const ns = system.namespace;
  const b = new TopologyBuilder();
  const hidden = new Set(plan.hiddenEdges.map(([from, to]) => `${from}>${to}`));
  for (const node of system.nodes) b.addEntity('Node', node.slice('Node/'.length), null, { cpuCores: 16, memoryBytes: 64 * 1024 ** 3 });
  for (const s of system.services) {
    const labels = { app: s.name };
    b.addEntity('Service', s.name, ns, { port: 8080, entry: s.isEntry }, labels);
    // The inventory is read after the incident: a Deployment an autoscaler scaled down shows what is left.
    const replicas = plan.scaleDown?.service === s.index ? plan.scaleDown.remaining.length : s.pods.length;
    b.addEntity('Deployment', s.name, ns, { replicas }, labels);
    b.addEntity('ReplicaSet', s.replicaSetName, ns, {}, labels);
    b.addEntity('ConfigMap', `${s.name}-config`, ns, {}, labels);
    b.addEdge(s.deploymentId, s.replicaSetId, 'contains');
    for (const p of s.pods) {
      const pod = system.pods[p];
      if (!pod) continue;
      b.addEntity(
        'Pod',
        pod.name,
        ns,
        { service: s.name, cpuLimitCores: pod.cpuLimitCores, memoryLimitBytes: pod.memoryLimitBytes },
        labels,
      );
      b.addEdge(s.id, pod.id, 'contains');
      b.addEdge(s.replicaSetId, pod.id, 'contains');
      b.addEdge(s.configMapId, pod.id, 'configures');
      b.addEdge(pod.id, pod.node, 'runs_on');
    }
  }
  // Feature-flag ConfigMaps are mounted through the Deployment's pod template, not per pod.
  for (const f of plan.flagConfigMaps) {
    const s = system.services[f.service];
    if (!s) continue;
    b.addEntity('ConfigMap', f.name, ns, { mountPath: '/etc/flags' }, { app: s.name });
    b.addEdge(f.id, s.deploymentId, 'configures');
  }
  // An autoscaler's scaleTargetRef names the Deployment it scales.
  for (const a of plan.autoscalers) {
    const s = system.services[a.service];
    if (!s) continue;
    b.addEntity(
      'HorizontalPodAutoscaler',
      a.name,
      ns,
      { minReplicas: a.minReplicas, maxReplicas: a.maxReplicas, targetCPUUtilizationPercentage: a.targetCpuPercent },
      { app: s.name },
    );
    b.addEdge(a.id, s.deploymentId, 'configures');
  }
  for (const e of system.edges) {
    if (hidden.has(`${e.from}>${e.to}`)) continue;
    const from = system.services[e.from];
    const to = system.services[e.to];
    if (from && to) b.addEdge(from.id, to.id, 'calls');
  }
  b.addEntity('Service', 'prometheus', 'monitoring', {}, { app: 'prometheus' });
  if (!b.has(MONITORING_ID)) throw new Error(`monitoring entity id drifted from ${MONITORING_ID}`);
  return b.build();
}
