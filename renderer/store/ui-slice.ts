import type { StateCreator } from 'zustand/vanilla';
import { clampSideWidth, defaultPreferences } from './preferences.js';
import type { SideTab, UiSlice, WorkbenchState } from './types.js';

export type { LayoutStatus, RendererMode, SideTab, UiSlice } from './types.js';

export const sideTabs: readonly SideTab[] = ['diagnosis', 'node', 'hypotheses', 'causal', 'scopes', 'settings'];

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
  sideTab: 'diagnosis',
  setSideTab: (sideTab) => set({ sideTab }),
  isTrainerOpen: false,
  setTrainerOpen: (isTrainerOpen) => set({ isTrainerOpen }),
  sideWidth: defaultPreferences.sideWidth,
  setSideWidth: (width) => set({ sideWidth: clampSideWidth(width) }),
  selectNode: (id) => set({ selectedNode: id, sideTab: 'node' }),
  toggleSelectedNode: (id) =>
    set((s) => (s.selectedNode === id && s.sideTab === 'node' ? { selectedNode: null } : { selectedNode: id, sideTab: 'node' })),
  clearSelection: () => set({ selectedNode: null, selectedEvidence: null }),
  selectEvidence: (node, id) => set((s) => ({ selectedNode: node ?? s.selectedNode, selectedEvidence: id, sideTab: 'node' })),
  setSearch: (search) => set({ search }),
  setRendererMode: (rendererMode) => set({ rendererMode }),
  setLayout: (layout) => set({ layout }),
});
