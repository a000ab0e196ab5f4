import { describe, expect, it } from 'vitest';
import type { Entity, Topology } from '../model/index.js';
import { changeSources, changeTargets } from './change-reach.js';
import { OperationalGraph } from './operational-graph.js';

const entity = (kind: string, name: string, namespace: string | null = 'shop'): Entity => ({
  id: namespace === null ? `${kind}/${name}` : `${namespace}/${kind}/${name}`,
  kind,
  name,
  namespace,
  labels: {},
  attrs: {},
});

// Service → Deployment → ReplicaSet → Pod (the alias group); the flags ConfigMap is mounted through
// the Deployment's pod template, the config ConfigMap per Pod, a Secret referenced from env, a Node.
const topology: Topology = {
  entities: [
    entity('Service', 'checkout'),
    entity('Deployment', 'checkout'),
    entity('ReplicaSet', 'checkout-7f9c8d6b5'),
    entity('Pod', 'checkout-7f9c8d6b5-abcde'),
    entity('ConfigMap', 'checkout-flags'),
    entity('ConfigMap', 'checkout-config'),
    entity('Secret', 'db-credentials'),
    entity('Node', 'node-001', null),
    entity('Service', 'cart'),
  ],
  edges: [
    { source: 'shop/Service/checkout', target: 'shop/Pod/checkout-7f9c8d6b5-abcde', relation: 'contains' },
    { source: 'shop/Deployment/checkout', target: 'shop/ReplicaSet/checkout-7f9c8d6b5', relation: 'contains' },
    { source: 'shop/ReplicaSet/checkout-7f9c8d6b5', target: 'shop/Pod/checkout-7f9c8d6b5-abcde', relation: 'contains' },
    { source: 'shop/ConfigMap/checkout-flags', target: 'shop/Deployment/checkout', relation: 'configures' },
    { source: 'shop/ConfigMap/checkout-config', target: 'shop/Pod/checkout-7f9c8d6b5-abcde', relation: 'configures' },
    { source: 'shop/Pod/checkout-7f9c8d6b5-abcde', target: 'shop/Secret/db-credentials', relation: 'depends_on' },
    { source: 'shop/Pod/checkout-7f9c8d6b5-abcde', target: 'Node/node-001', relation: 'runs_on' },
    { source: 'shop/Service/checkout', target: 'shop/Service/cart', relation: 'calls' },
  ],
};

describe('changes reach workloads through the topology', () => {
  const graph = OperationalGraph.fromTopology(topology);

  it('finds what configures or hosts a service, through its Deployment and Pods', () => {
    expect(changeSources(graph, 'shop/Service/checkout')).toEqual([
      'Node/node-001',
      'shop/ConfigMap/checkout-config',
      'shop/ConfigMap/checkout-flags',
      'shop/Secret/db-credentials',
    ]);
    // A callee is not something a change travels through.
    expect(changeSources(graph, 'shop/Service/cart')).toEqual([]);
  });

  it('finds the whole alias group a ConfigMap, a Secret or a Node acts on', () => {
    const group = [
      'shop/Deployment/checkout',
      'shop/Pod/checkout-7f9c8d6b5-abcde',
      'shop/ReplicaSet/checkout-7f9c8d6b5',
      'shop/Service/checkout',
    ];
    expect(changeTargets(graph, 'shop/ConfigMap/checkout-flags')).toEqual(['shop/ConfigMap/checkout-flags', ...group]);
    expect(changeTargets(graph, 'shop/Secret/db-credentials')).toEqual(['shop/Secret/db-credentials', ...group]);
    expect(changeTargets(graph, 'Node/node-001')).toEqual(['Node/node-001', ...group]);
    expect(changeTargets(graph, 'shop/Service/cart')).toEqual(['shop/Service/cart']);
  });
});
