import { describe, expect, it } from 'vitest';
import { classStatements } from '../hypotheses/statements.js';
import { runRoot, runWeight } from './root.js';

const graph = {
  nodes: [
    { id: 'n1', type: 'latency', entity: 'ns/Service/front', alerts: [] },
    { id: 'n2', type: 'config_change', entity: 'ns/Service/cart' },
    { id: 'n3', type: 'saturation', entity: 'ns/Service/db' },
  ],
  edges: [{ from: 'n2', to: 'n1', rationale: 'x' }],
  violations: [],
  metrics: { SC: 0.1, TC: 1, KC: 1, score: 0.75 },
};

describe('runRoot and runWeight', () => {
  it('read the causal graph when there is one: a node no edge enters, the frontier ranking first', () => {
    const d = { frontier: ['ns/Service/db', 'ns/Service/cart'], causal_graph: graph };
    expect(runRoot(d)).toEqual({ entity: 'ns/Service/db', type: 'saturation' });
    expect(runRoot({ ...d, frontier: ['ns/Service/cart'] })).toEqual({ entity: 'ns/Service/cart', type: 'config_change' });
    // Neither root on the frontier: the first listed.
    expect(runRoot({ ...d, frontier: [] })).toEqual({ entity: 'ns/Service/cart', type: 'config_change' });
    expect(runWeight(d)).toBe(0.75);
  });

  it('fall back to the frontier and equal weights without a causal graph (or with one of another shape)', () => {
    expect(runRoot({ frontier: ['ns/Service/a', 'ns/Service/b'] })).toEqual({ entity: 'ns/Service/a', type: 'origin' });
    expect(runWeight({ frontier: ['ns/Service/a'] })).toBe(1);
    expect(runWeight({ frontier: [], causal_graph: { nodes: 'bad' } })).toBe(1);
    expect(runRoot({ frontier: [] })).toBeNull();
  });

  it('type the frontier root by the cause class of its accepted level-1 hypothesis', () => {
    const hypotheses = [
      { id: 'h1', level: 1, parent: null, entity: null, status: 'accepted', statement: classStatements.change },
      { id: 'h2', level: 2, parent: 'h1', entity: 'ns/Service/a', status: 'accepted', statement: 'ns/Service/a is the origin' },
      { id: 'h3', level: 1, parent: null, entity: null, status: 'refuted', statement: classStatements.load },
      { id: 'h4', level: 2, parent: 'h3', entity: 'ns/Service/b', status: 'accepted', statement: 'ns/Service/b is the origin' },
    ];
    expect(runRoot({ frontier: ['ns/Service/a'], hypotheses })).toEqual({ entity: 'ns/Service/a', type: 'change' });
    // The level-1 hypothesis above b was refuted: no class to read.
    expect(runRoot({ frontier: ['ns/Service/b'], hypotheses })).toEqual({ entity: 'ns/Service/b', type: 'origin' });
  });
});
