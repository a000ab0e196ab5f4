import { describe, expect, it } from 'vitest';
import { computeLayout, seedSpread } from './layout.js';
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
    const first = computeLayout({ nodes, edges, iterations: 50 });
    const shuffled = computeLayout({ nodes: [...nodes].reverse(), edges: [...edges].reverse(), iterations: 50 });
    expect(shuffled).toEqual(first);
    expect(Object.keys(first).sort()).toEqual([...nodes].sort());
  });

  it('moves nodes away from their seeds and keeps them finite and distinct', () => {
    const positions = computeLayout({ nodes, edges, iterations: 50 });
    expect(positions['a/Service/x']).not.toEqual(seedPosition('a/Service/x', seedSpread(nodes.length)));
    const points = Object.values(positions);
    for (const p of points) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
    expect(new Set(points.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`)).size).toBe(points.length);
  });

  it('ignores edges to unknown nodes and self loops', () => {
    const positions = computeLayout({ nodes: ['a', 'b'], edges: [['a', 'zzz'], ['a', 'a'], ['a', 'b']], iterations: 10 });
    expect(Object.keys(positions).sort()).toEqual(['a', 'b']);
  });
});
