import { describe, expect, it } from 'vitest';
import {
  computeMetrics,
  interpretability,
  kHopNeighbours,
  knowledgeConsistency,
  structuralConsistency,
  topologicalConsistency,
} from './metrics.js';
import { postProcess, pruneOrphans, transitiveReduction, type PlainGraph, type PlainNode } from './post.js';

const node = (id: string, alerts: string[] = []): PlainNode => ({ id, entity: id.toLowerCase(), alerts });

/** A→B, A→C, B→D; entities a, b, c, d with topology pairs a–b, b–d, c–d. */
const tree: PlainGraph = {
  nodes: [node('A'), node('B'), node('C'), node('D')],
  edges: [
    { from: 'A', to: 'B' },
    { from: 'A', to: 'C' },
    { from: 'B', to: 'D' },
  ],
};
const topologyPairs = new Set(['a|b', 'b|d', 'c|d']);
const adjacent = (x: PlainNode, y: PlainNode): boolean =>
  topologyPairs.has(`${x.entity}|${y.entity}`) || topologyPairs.has(`${y.entity}|${x.entity}`);

describe('post-processing', () => {
  it('prunes anomalies with neither alerts nor edges', () => {
    const g = pruneOrphans({ nodes: [node('A'), node('B'), node('E'), node('F', ['al1'])], edges: [{ from: 'A', to: 'B' }] });
    expect(g.nodes.map((n) => n.id)).toEqual(['A', 'B', 'F']);
  });

  it('drops A→C when A→B→C exists, keeping reachability', () => {
    const g = transitiveReduction({
      nodes: [node('A'), node('B'), node('C')],
      edges: [
        { from: 'A', to: 'C' },
        { from: 'A', to: 'B' },
        { from: 'B', to: 'C' },
      ],
    });
    expect(g.edges).toEqual([
      { from: 'A', to: 'B' },
      { from: 'B', to: 'C' },
    ]);
  });

  it('keeps one edge of a two-cycle plus its other paths (reachability kept)', () => {
    const g = transitiveReduction({
      nodes: [node('A'), node('B')],
      edges: [
        { from: 'A', to: 'B' },
        { from: 'B', to: 'A' },
      ],
    });
    expect(g.edges).toHaveLength(2);
    const p = postProcess({
      nodes: [node('A'), node('B'), node('X')],
      edges: [
        { from: 'A', to: 'B' },
        { from: 'A', to: 'Q' },
      ],
    });
    expect(p.nodes.map((n) => n.id)).toEqual(['A', 'B']);
    expect(p.edges).toEqual([{ from: 'A', to: 'B' }]);
  });
});

describe('metrics (hand-computed)', () => {
  it('k-hop neighbourhoods ignore direction and exclude the node', () => {
    expect(kHopNeighbours(tree, 'A', 2)).toEqual(['B', 'C', 'D']);
    expect(kHopNeighbours(tree, 'C', 1)).toEqual(['A']);
    expect(kHopNeighbours(tree, 'C', 2)).toEqual(['A', 'B']);
  });

  it('SC_2 of A→B, A→C, B→D is std([2, 1, −1.5, −1.5]) / 2', () => {
    // R = A 2, B 1, C 0, D 0. B_2: A median(1,0,0)=0; B median(2,0,0)=0; C median(2,1)=1.5; D median(1,2)=1.5.
    // Deviations 2, 1, −1.5, −1.5: mean 0, variance 9.5/4 = 2.375, std 1.5411035; range 2.
    expect(structuralConsistency(tree, 2, 1e-9)).toBeCloseTo(Math.sqrt(2.375) / 2, 8);
    // k = 1: A median(1,0)=0.5 → 1.5; B median(2,0)=1 → 0; C median(2) → −2; D median(1) → −1. Mean −0.375.
    const devs = [1.5, 0, -2, -1];
    const mean = devs.reduce((a, b) => a + b) / 4;
    const std = Math.sqrt(devs.reduce((a, d) => a + (d - mean) ** 2, 0) / 4);
    expect(structuralConsistency(tree, 1, 1e-9)).toBeCloseTo(std / 2, 8);
  });

  it('SC is 0 when every out-degree equals its neighbourhood (a chain has a single leaf)', () => {
    expect(structuralConsistency({ nodes: [node('A'), node('B')], edges: [] }, 2, 1e-9)).toBe(0);
    expect(structuralConsistency({ nodes: [], edges: [] }, 2, 1e-9)).toBe(0);
  });

  it('TC counts topology-adjacent pairs joined by a directed path', () => {
    // Pairs a–b (A→B), b–d (B→D) joined; c–d not: 2/3.
    expect(topologicalConsistency(tree, adjacent)).toBeCloseTo(2 / 3, 10);
    expect(topologicalConsistency({ nodes: [node('A')], edges: [] }, adjacent)).toBe(1);
  });

  it('KC = 1 − violating / proposed; the score combines all three', () => {
    expect(knowledgeConsistency(4, 1)).toBe(0.75);
    expect(knowledgeConsistency(0, 0)).toBe(1);
    const m = computeMetrics(tree, { k: 2, epsilon: 1e-9, isAdjacent: adjacent, proposed: 4, violating: 1 });
    expect(m).toEqual({ SC: 0.770552, TC: 0.666667, KC: 0.75, score: 0.548705 });
    expect(interpretability({ SC: 0, TC: 1, KC: 1 }, 3)).toBe(1);
    expect(interpretability({ SC: 2, TC: 0, KC: 0 }, 3)).toBe(0);
    expect(interpretability({ SC: 0, TC: 1, KC: 1 }, 0)).toBe(0);
  });
});
