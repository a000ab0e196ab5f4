import { describe, expect, it } from 'vitest';
import { buildReportGraph } from './graph.js';
import { layoutReportGraph, layoutSizes } from './layout.js';
import { hostileDiagnosis, hostileState } from './test-support.js';

describe('buildReportGraph', () => {
  it('takes the frontier, the chain and every visited node, frontier first', () => {
    const d = hostileDiagnosis();
    const graph = buildReportGraph(d);
    expect(graph.nodes.map((n) => n.id)).toEqual(d.ranking.map((r) => r.entity));
    expect(graph.nodes.map((n) => n.isFrontier)).toEqual([true, false, false, false]);
    expect(graph.nodes.map((n) => n.isOnChain)).toEqual([true, true, true, false]);
    expect(graph.edges.map((e) => e.isDiscovered)).toEqual([null, null]);
  });

  it('adds labels, visits and discovered flags from the state, and claimed edges off the chain', () => {
    const d = hostileDiagnosis();
    const state = hostileState();
    const extra = d.ranking[3]?.entity ?? '';
    state.edges.set(`${extra}\u0000shop/Service/gateway`, {
      from: extra,
      to: 'shop/Service/gateway',
      by: extra,
      evidence: [],
      condition: 'c',
      effect: 'e',
      isDiscovered: false,
      seq: 9,
    });
    const graph = buildReportGraph(d, state);
    expect(graph.nodes.map((n) => n.label)).toEqual(['Origin', 'Symptom', 'Symptom', 'Healthy']);
    expect(graph.edges.map((e) => [e.isDiscovered, e.isOnChain])).toEqual([
      [false, true],
      [true, true],
      [false, false],
    ]);
  });
});

describe('layoutReportGraph', () => {
  it('puts root causes first, each propagation one column further, unlinked nodes last', () => {
    const d = hostileDiagnosis();
    const layout = layoutReportGraph(buildReportGraph(d));
    const layers = d.ranking.map((r) => layout.positions.get(r.entity)?.layer);
    expect(layers).toEqual([0, 1, 2, 3]);
    expect(layout.width).toBe(2 * layoutSizes.margin + 4 * layoutSizes.nodeWidth + 3 * layoutSizes.columnGap);
  });

  it('never places two nodes on the same spot and handles cycles without a root', () => {
    const d = hostileDiagnosis();
    const [a, b, c] = d.ranking.map((r) => r.entity);
    const graph = buildReportGraph({
      ...d,
      frontier: [],
      propagations: [
        { source: a ?? '', target: b ?? '', condition: '', effect: '' },
        { source: b ?? '', target: a ?? '', condition: '', effect: '' },
        { source: c ?? '', target: b ?? '', condition: '', effect: '' },
      ],
    });
    const layout = layoutReportGraph(graph);
    const spots = [...layout.positions.values()].map((p) => `${p.x},${p.y}`);
    expect(new Set(spots).size).toBe(graph.nodes.length);
    expect(layout.positions.get(c ?? '')?.layer).toBe(0);
  });
});
