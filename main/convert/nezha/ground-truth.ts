import { stringify } from 'yaml';
import { serviceOfPod } from './names.js';
import type { NezhaFault } from './layout.js';

const CATEGORY: Record<string, string> = {
  return: 'Code',
  exception: 'Code',
  cpu_contention: 'Resource Saturation',
  cpu_consumed: 'Resource Saturation',
  network_delay: 'Network',
};

function exact(name: string): string {
  return `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
}

/**
 * ITBench ground-truth v1 (design.md §8) for one injected fault: the pod is the root-cause
 * group and its service an alias, so a diagnosis naming either counts.
 */
export function nezhaGroundTruthYaml(fault: NezhaFault, bundleName: string, namespace: string): string {
  const service = serviceOfPod(fault.injectPod);
  const document = {
    metadata: { name: bundleName, version: 'v1' },
    groups: [
      {
        id: 'injected-pod',
        kind: 'Pod',
        namespace,
        name: fault.injectPod,
        filter: [exact(fault.injectPod)],
        root_cause: true,
      },
      { id: 'injected-service', kind: 'Service', namespace, name: service, filter: [exact(service)], root_cause: false },
    ],
    aliases: [['injected-pod', 'injected-service']],
    propagations: [],
    alerts: [],
    fault: [
      {
        category: CATEGORY[fault.injectType] ?? 'Other',
        condition: `${fault.injectType} fault injected into ${fault.injectPod} at ${new Date(fault.injectTime).toISOString()}`,
        entity: { group_id: 'injected-pod', kind: 'Pod', name: fault.injectPod },
        fault_mechanism: fault.injectType,
      },
    ],
  };
  return stringify(document);
}
