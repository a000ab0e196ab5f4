import type { StateCreator } from 'zustand/vanilla';
import type { UiSlice, WorkbenchState } from './types.js';

export type { LayoutStatus, RendererMode, UiSlice } from './types.js';

export const createUiSlice: StateCreator<WorkbenchState, [], [], UiSlice> = (set) => ({
  hoveredNode: null,
  selectedNode: null,
  selectedEvidence: null,
  search: '',
  rendererMode: 'detecting',
  layout: 'idle',
  graphView: 'operational',
  setGraphView: (graphView) => set({ graphView }),
  setHoveredNode: (hoveredNode) => set({ hoveredNode }),
  toggleSelectedNode: (id) => set((s) => ({ selectedNode: s.selectedNode === id ? null : id })),
  clearSelection: () => set({ selectedNode: null, selectedEvidence: null }),
  selectEvidence: (node, id) => set((s) => ({ selectedNode: node ?? s.selectedNode, selectedEvidence: id })),
  setSearch: (search) => set({ search }),
  setRendererMode: (rendererMode) => set({ rendererMode }),
  setLayout: (layout) => set({ layout }),
});
