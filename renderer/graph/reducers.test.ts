import { describe, expect, it } from 'vitest';
import type { GraphView } from '../../core/ipc/index.js';
import { applyInvestigation, createWorkbenchGraph, loadGraphView } from './model.js';
import { DISCOVERED_EDGE_TYPE, fade, labelColors, reduceEdge, reduceNode, type HighlightState } from './reducers.js';

const view: GraphView = {
  nodes: [
    { id: 's/Service/front', kind: 'Service', name: 'front', namespace: 's', alertCount: 2, label: null, isFrontier: false },
    { id: 's/Service/back', kind: 'Service', name: 'back', namespace: 's', alertCount: 0, label: null, isFrontier: false },
    { id: 's/Service/other', kind: 'Service', name: 'other', namespace: 's', alertCount: 0, label: null, isFrontier: false },
  ],
  edges: [{ id: 'e1', source: 's/Service/front', target: 's/Service/back', relation: 'calls', isDiscovered: false }],
};
const none: HighlightState = { hovered: null, selected: null, search: '' };

function setup() {
  const graph = createWorkbenchGraph();
  loadGraphView(graph, view);
  const node = (id: string, h: HighlightState = none) => reduceNode(graph, id, graph.getNodeAttributes(id), h);
  return { graph, node };
}

describe('node and edge reducers', () => {
  it('colours unvisited nodes grey and marks alerting ones', () => {
    const { node } = setup();
    expect(node('s/Service/back')).toMatchObject({ color: labelColors.unvisited, label: 'Service/back', forceLabel: false });
    expect(node('s/Service/front')).toMatchObject({ label: '▲ Service/front', forceLabel: true });
    expect(node('s/Service/front').size).toBeGreaterThan(node('s/Service/back').size ?? 0);
  });

  it('colours by belief label after an investigation state is applied, and back when cleared', () => {
    const { graph, node } = setup();
    const belief = (label: 'Origin' | 'Symptom') => ({ label, evidence: [], summary: '', confidence: 0.5 });
    const nodeState = (id: string, label: 'Origin' | 'Symptom') => ({
      node: id,
      belief: belief(label),
      beliefSource: 'policy' as const,
      visits: 1,
      flips: 0,
      isDamped: false,
      isPinned: false,
    });
    applyInvestigation(graph, {
      revision: 1,
      status: 'finished',
      seq: 9,
      evaluations: 2,
      settings: null,
      budgetLeft: 0,
      activeSet: [],
      nodes: [nodeState('s/Service/back', 'Origin'), nodeState('s/Service/front', 'Symptom')],
      edges: [],
      frontier: ['s/Service/back'],
      outcome: 'confident',
      confidence: null,
      ranking: [],
      tokensIn: 0,
      tokensOut: 0,
      lastError: null,
    });
    expect(node('s/Service/back')).toMatchObject({ color: labelColors.Origin, forceLabel: true });
    expect(node('s/Service/front').color).toBe(labelColors.Symptom);
    applyInvestigation(graph, null);
    expect(node('s/Service/back').color).toBe(labelColors.unvisited);
  });

  it('adds discovered edges from the investigation and removes them when they go', () => {
    const { graph } = setup();
    const edge = {
      from: 's/Service/other',
      to: 's/Service/front',
      by: 's/Service/front',
      evidence: [],
      condition: '',
      effect: '',
      isDiscovered: true,
    };
    const base = {
      revision: 1,
      status: 'paused' as const,
      seq: 3,
      evaluations: 1,
      settings: null,
      budgetLeft: 1,
      activeSet: [],
      nodes: [],
      frontier: [],
      outcome: null,
      confidence: null,
      ranking: [],
      tokensIn: 0,
      tokensOut: 0,
      lastError: null,
    };
    applyInvestigation(graph, { ...base, edges: [edge, { ...edge, from: 's/Service/back', isDiscovered: false }] });
    expect(graph.hasEdge('es:s/Service/other->s/Service/front')).toBe(true);
    expect(graph.size).toBe(2);
    const discovered = reduceEdge(
      graph,
      'es:s/Service/other->s/Service/front',
      graph.getEdgeAttributes('es:s/Service/other->s/Service/front'),
      none,
    );
    const topology = reduceEdge(graph, 'e1', graph.getEdgeAttributes('e1'), none);
    // Dashed (our edge program), and a distinct colour, width and label as well.
    expect(discovered.type).toBe(DISCOVERED_EDGE_TYPE);
    expect(topology.type).toBeUndefined();
    expect(discovered.size).toBeGreaterThan(topology.size ?? 0);
    expect(discovered.color).not.toBe(topology.color);
    expect(discovered.label).toBe('explains (discovered)');
    applyInvestigation(graph, { ...base, edges: [] });
    expect(graph.size).toBe(1);
  });

  it('dims everything outside the hovered node neighbourhood', () => {
    const { graph, node } = setup();
    const hover = { ...none, hovered: 's/Service/front' };
    expect(node('s/Service/front', hover)).toMatchObject({ highlighted: true });
    expect(node('s/Service/back', hover).color).toBe(labelColors.unvisited);
    expect(node('s/Service/other', hover)).toMatchObject({ label: '', forceLabel: false });
    expect(node('s/Service/other', hover).color).not.toBe(labelColors.unvisited);
    expect(reduceEdge(graph, 'e1', graph.getEdgeAttributes('e1'), { ...none, hovered: 's/Service/other' }).hidden).toBe(true);
    expect(reduceEdge(graph, 'e1', graph.getEdgeAttributes('e1'), hover).hidden).toBeUndefined();
  });

  it('highlights search hits case-insensitively', () => {
    const { node } = setup();
    const search = { ...none, search: 'back' };
    expect(node('s/Service/back', search)).toMatchObject({ highlighted: true });
    expect(node('s/Service/front', search).label).toBe('');
  });
});

describe('timeline focus', () => {
  it('rings the node the viewed ledger position is about without dimming the others', () => {
    const { node } = setup();
    const current = { ...none, current: 's/Service/back' };
    expect(node('s/Service/back', current)).toMatchObject({ highlighted: true, forceLabel: true, zIndex: 3 });
    expect(node('s/Service/other', current).color).toBe(labelColors.unvisited);
    expect(node('s/Service/other', current).highlighted).toBeUndefined();
  });
});

describe('selection', () => {
  it('keeps the rest of the graph in faded label colours instead of hiding it', () => {
    const { graph, node } = setup();
    const selected = { ...none, selected: 's/Service/front' };
    expect(node('s/Service/back', selected)).toMatchObject({ color: labelColors.unvisited, forceLabel: true });
    expect(node('s/Service/other', selected).color).toBe(fade(labelColors.unvisited, 0.6));
    expect(reduceEdge(graph, 'e1', graph.getEdgeAttributes('e1'), { ...none, selected: 's/Service/other' }).hidden).toBeUndefined();
  });

  it('keeps the labels of Origins and alerting nodes drawn whatever else is chosen (never lost to collision)', () => {
    const { graph, node } = setup();
    graph.mergeNodeAttributes('s/Service/other', { beliefLabel: 'Origin' });
    // A selection elsewhere: the origin and the alerting node are faded but keep their forced labels.
    const selected = { ...none, selected: 's/Service/back' };
    expect(node('s/Service/other')).toMatchObject({ forceLabel: true });
    expect(node('s/Service/other', { ...none, selected: 's/Service/gone' })).toMatchObject({ forceLabel: true });
    graph.addNode('s/Service/far', { ...graph.getNodeAttributes('s/Service/back'), alertCount: 1 });
    expect(node('s/Service/far', selected)).toMatchObject({ forceLabel: true, label: '▲ Service/back' });
    expect(node('s/Service/other', selected)).toMatchObject({ forceLabel: true });
  });

  it('fades towards white', () => {
    expect(fade('#000000', 0.5)).toBe('#808080');
    expect(fade('#d6336c', 0)).toBe('#d6336c');
    expect(fade('#d6336c', 1)).toBe('#ffffff');
  });
});
