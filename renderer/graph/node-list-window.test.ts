import { describe, expect, it } from 'vitest';
import { createWorkbenchGraph, loadGraphView } from './model.js';
import { OVERSCAN, ROW_HEIGHT, sortedNodeIds, visibleWindow } from './node-list-window.js';

describe('entity list window', () => {
  it('renders only the rows in view plus a margin, however long the list', () => {
    const top = visibleWindow(0, 600, 50_000);
    expect(top).toEqual({ start: 0, end: 600 / ROW_HEIGHT + OVERSCAN });
    const middle = visibleWindow(25_000 * ROW_HEIGHT, 600, 50_000);
    expect(middle.start).toBe(25_000 - OVERSCAN);
    expect(middle.end - middle.start).toBe(600 / ROW_HEIGHT + 2 * OVERSCAN);
  });

  it('stays inside the list at the end and for short lists', () => {
    expect(visibleWindow(1e9, 600, 100)).toEqual({ start: 100, end: 100 });
    expect(visibleWindow(0, 600, 5)).toEqual({ start: 0, end: 5 });
    expect(visibleWindow(0, 0, 5)).toEqual({ start: 0, end: 5 });
  });

  it('orders alerting entities first, then by id', () => {
    const graph = createWorkbenchGraph();
    const node = (id: string, alertCount: number) => ({
      id,
      kind: 'Service',
      name: id,
      namespace: null,
      alertCount,
      label: null,
      isFrontier: false,
    });
    loadGraphView(graph, { nodes: [node('b', 0), node('a', 0), node('z', 2), node('y', 5)], edges: [] });
    expect(sortedNodeIds(graph)).toEqual(['y', 'z', 'a', 'b']);
  });
});
