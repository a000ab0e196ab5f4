import { describe, expect, it } from 'vitest';
import { computeLayout, MAX_REFINED_NODES, planLayout, seedSpread, SMALL_GRAPH_NODES, startPositions } from './layout.js';
import { layeredPositions } from './layered.js';
import { hashString, seededRandom } from '../../core/random/index.js';
import { seedPosition } from './seed.js';

const nodes = ['a/Service/x', 'a/Service/y', 'a/Pod/x-1', 'a/Pod/y-1', 'Node/n1'];
const edges: [string, string][] = [
  ['a/Service/x', 'a/Service/y'],
  ['a/Service/x', 'a/Pod/x-1'],
  ['a/Service/y', 'a/Pod/y-1'],
  ['a/Pod/x-1', 'Node/n1'],
  ['a/Pod/y-1', 'Node/n1'],
];

describe('seeded layout', () => {
  it('hashes and draws deterministically', () => {
    expect(hashString('abc')).toBe(hashString('abc'));
    expect(hashString('abc')).not.toBe(hashString('abd'));
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(seedPosition('a/Service/x', 10)).toEqual(seedPosition('a/Service/x', 10));
  });

  it('gives the same positions for the same graph whatever the input order', () => {
    const first = computeLayout({ nodes, edges, iterations: 50, start: 'seeded' });
    const shuffled = computeLayout({ nodes: [...nodes].reverse(), edges: [...edges].reverse(), iterations: 50, start: 'seeded' });
    expect(shuffled).toEqual(first);
    expect(Object.keys(first).sort()).toEqual([...nodes].sort());
  });

  it('moves nodes away from their seeds and keeps them finite and distinct', () => {
    const positions = computeLayout({ nodes, edges, iterations: 50, start: 'seeded' });
    expect(positions['a/Service/x']).not.toEqual(seedPosition('a/Service/x', seedSpread(nodes.length)));
    const points = Object.values(positions);
    for (const p of points) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
    expect(new Set(points.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`)).size).toBe(points.length);
  });

  it('ignores edges to unknown nodes and self loops', () => {
    const positions = computeLayout({
      nodes: ['a', 'b'],
      edges: [
        ['a', 'zzz'],
        ['a', 'a'],
        ['a', 'b'],
      ],
      iterations: 10,
      start: 'seeded',
    });
    expect(Object.keys(positions).sort()).toEqual(['a', 'b']);
  });
});

describe('layout plan by graph size', () => {
  it('keeps the fixed seeded 300 iterations for small graphs and scales down for large ones', () => {
    expect(planLayout(20)).toEqual({ start: 'seeded', iterations: 300 });
    expect(planLayout(SMALL_GRAPH_NODES)).toEqual({ start: 'seeded', iterations: 300 });
    const medium = planLayout(10_000);
    expect(medium.start).toBe('layered');
    expect(medium.iterations).toBeLessThanOrEqual(60);
    expect(medium.iterations).toBeGreaterThan(0);
    expect(planLayout(MAX_REFINED_NODES + 1)).toEqual({ start: 'layered', iterations: 0 });
  });

  it('returns the start positions untouched when there is nothing to refine', () => {
    const request = { nodes, edges, start: 'layered' as const, iterations: 0 };
    expect(computeLayout(request)).toEqual(startPositions(request));
  });
});

/** A tree: node i hangs under (i - 1) / 2, like the benchmark's service mesh. */
function tree(n: number): { nodes: string[]; edges: [string, string][] } {
  const id = (i: number) => `s${String(i).padStart(6, '0')}`;
  const treeNodes = Array.from({ length: n }, (_, i) => id(i));
  const treeEdges = treeNodes.slice(1).map((v, i): [string, string] => [v, id(Math.floor(i / 2))]);
  return { nodes: treeNodes, edges: treeEdges };
}

describe('layered start layout', () => {
  it('is deterministic whatever the input order', () => {
    const { nodes: n, edges: e } = tree(500);
    expect(layeredPositions([...n].reverse(), [...e].reverse())).toEqual(layeredPositions(n, e));
  });

  it('puts the best-connected node at the centre and each hop on a wider ring', () => {
    const { nodes: n, edges: e } = tree(63);
    const p = layeredPositions(n, e);
    // The root has two children; s000001 has its parent and two children: the hub (lowest id of degree 3).
    const centre = p['s000001'] as { x: number; y: number };
    const distance = (id: string) => Math.hypot((p[id]?.x ?? 0) - centre.x, (p[id]?.y ?? 0) - centre.y);
    for (const id of Object.keys(p)) if (id !== 's000001') expect(distance(id)).toBeGreaterThan(0);
    // s000000 is one hop from the hub; s000062 six (62 → 30 → 14 → 6 → 2 → 0 → 1).
    expect(distance('s000062')).toBeGreaterThan(distance('s000000') + 1);
  });

  it('gives every node a distinct finite position, isolated nodes included', () => {
    const { nodes: n, edges: e } = tree(2000);
    const p = layeredPositions([...n, 'lonely-a', 'lonely-b'], e);
    const points = Object.values(p);
    expect(points).toHaveLength(2002);
    for (const q of points) expect(Number.isFinite(q.x) && Number.isFinite(q.y)).toBe(true);
    expect(new Set(points.map((q) => `${q.x.toFixed(4)},${q.y.toFixed(4)}`)).size).toBe(points.length);
  });

  it('lays out 50k nodes quickly', () => {
    const { nodes: n, edges: e } = tree(50_000);
    const started = performance.now();
    const p = layeredPositions(n, e);
    expect(Object.keys(p)).toHaveLength(50_000);
    // Generous bound: this is what lets a 50k graph draw at once instead of after minutes of FA2.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
