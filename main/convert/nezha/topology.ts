import type { Topology } from '../../../core/model/topology.js';
import { TopologyBuilder } from '../topology-builder.js';
import { parseEntityId } from '../../../core/model/ids.js';
import { nodeId, podId, serviceId, serviceOfPod } from './names.js';
import { CALL_SEPARATOR } from './traces.js';

export interface NezhaTopologyInput {
  /** Every pod the day's telemetry names (metric files, spans, logs). */
  pods: Iterable<string>;
  podNodes: ReadonlyMap<string, string>;
  /** Caller/callee service pairs from the baseline traces only (window only without baseline traces: the window's). */
  baselineCalls: Iterable<string>;
  /** Entity ids records refer to that must exist (e.g. the alerting entry service). */
  referenced: Iterable<string>;
  /** The system's namespace (system.ts). */
  namespace: string;
}

/**
 * Services contain pods, pods run on nodes, services call services. Calls come from the
 * fault-free period only, so the topology is what a healthy system shows and call edges that
 * appear only during the incident are left for the evidence store to discover.
 */
export function buildNezhaTopology(input: NezhaTopologyInput): Topology {
  const builder = new TopologyBuilder();
  const ns = input.namespace;
  const addPod = (pod: string): void => {
    const service = serviceOfPod(pod);
    builder.addEntity('Service', service, ns);
    builder.addEntity('Pod', pod, ns, { service });
    builder.addEdge(serviceId(service, ns), podId(pod, ns), 'contains');
  };
  for (const pod of input.pods) addPod(pod);
  for (const [pod, node] of input.podNodes) {
    addPod(pod);
    builder.addEntity('Node', node, null);
    builder.addEdge(podId(pod, ns), nodeId(node), 'runs_on');
  }
  for (const call of input.baselineCalls) {
    const [caller, callee] = call.split(CALL_SEPARATOR);
    if (caller && callee) {
      builder.addEntity('Service', caller, ns);
      builder.addEntity('Service', callee, ns);
      builder.addEdge(serviceId(caller, ns), serviceId(callee, ns), 'calls');
    }
  }
  for (const id of input.referenced) {
    const parsed = parseEntityId(id);
    if (parsed.kind === 'Pod') addPod(parsed.name);
    else builder.ensure(id);
  }
  return builder.build();
}
