import { describe, expect, it } from 'vitest';
import type { Entity, Topology } from '../model/index.js';
import { OperationalGraph, UnknownEntityError } from './operational-graph.js';

function entity(namespace: string, kind: string, name: string): Entity {
  return { id: `${namespace}/${kind}/${name}`, kind, name, namespace, labels: {}, attrs: {} };
}

const topology: Topology = {
  entities: [
    entity('shop', 'Service', 'cart'),
    entity('shop', 'Deployment', 'cart'),
    entity('shop', 'ReplicaSet', 'cart-5d8f7b6c9'),
    entity('shop', 'Pod', 'cart-5d8f7b6c9-abcde'),
    entity('shop', 'Service', 'frontend'),
    entity('other', 'Service', 'cart'),
  ],
  edges: [
    { source: 'shop/Service/frontend', target: 'shop/Service/cart', relation: 'calls' },
    { source: 'shop/Service/frontend', target: 'shop/Service/cart', relation: 'calls' },
    { source: 'shop/Deployment/cart', target: 'shop/ReplicaSet/cart-5d8f7b6c9', relation: 'contains' },
    { source: 'shop/Service/cart', target: 'shop/ConfigMap/cart-config', relation: 'depends_on' },
  ],
};

describe('OperationalGraph', () => {
  it('collapses repeated edges and creates entities that only edges name', () => {
    const graph = OperationalGraph.fromTopology(topology);
    expect(graph.size).toBe(3);
    expect(graph.order).toBe(7);
    expect(graph.implicitEntities).toEqual(['shop/ConfigMap/cart-config']);
    expect(graph.entity('shop/ConfigMap/cart-config')).toMatchObject({ kind: 'ConfigMap', name: 'cart-config', namespace: 'shop' });
  });

  it('lists neighbours in both directions in sorted order', () => {
    const graph = OperationalGraph.fromTopology(topology);
    expect(graph.neighbours('shop/Service/cart')).toEqual([
      { id: 'shop/ConfigMap/cart-config', relation: 'depends_on', direction: 'out' },
      { id: 'shop/Service/frontend', relation: 'calls', direction: 'in' },
    ]);
    expect(graph.isAdjacent('shop/Service/cart', 'shop/Service/frontend')).toBe(true);
    expect(graph.isAdjacent('shop/Service/cart', 'shop/Pod/cart-5d8f7b6c9-abcde')).toBe(false);
  });

  it('sees a new edge after neighbours were cached', () => {
    const graph = OperationalGraph.fromTopology(topology);
    expect(graph.neighbours('shop/Service/frontend')).toHaveLength(1);
    graph.addEdge({ source: 'shop/Service/frontend', target: 'shop/Pod/cart-5d8f7b6c9-abcde', relation: 'calls' });
    expect(graph.neighbours('shop/Service/frontend')).toHaveLength(2);
  });

  it('groups the service, deployment, replica set and pods of one app per namespace', () => {
    const graph = OperationalGraph.fromTopology(topology);
    const group = ['shop/Deployment/cart', 'shop/Pod/cart-5d8f7b6c9-abcde', 'shop/ReplicaSet/cart-5d8f7b6c9', 'shop/Service/cart'];
    expect(graph.aliases('shop/Pod/cart-5d8f7b6c9-abcde')).toEqual(group);
    expect(graph.aliases('other/Service/cart')).toEqual(['other/Service/cart']);
    expect(graph.aliases('shop/ConfigMap/cart-config')).toEqual(['shop/ConfigMap/cart-config']);
  });

  it('names the missing entity in its error', () => {
    const graph = OperationalGraph.fromTopology(topology);
    expect(() => graph.neighbours('shop/Service/nope')).toThrow(UnknownEntityError);
    expect(() => graph.entity('shop/Service/nope')).toThrow(/shop\/Service\/nope/);
  });
});
