import type { StateCreator } from 'zustand/vanilla';
import type { WorkbenchState } from './store.js';

export type RendererMode = 'detecting' | 'webgl' | 'list';
/** running: fetching and placing; refining: drawn, ForceAtlas2 still working in the worker. */
export type LayoutStatus = 'idle' | 'running' | 'refining' | 'done';

export interface UiSlice {
  hoveredNode: string | null;
  selectedNode: string | null;
  search: string;
  rendererMode: RendererMode;
  layout: LayoutStatus;
  setHoveredNode(id: string | null): void;
  /** Selecting the selected node again clears the selection. */
  toggleSelectedNode(id: string): void;
  clearSelection(): void;
  setSearch(text: string): void;
  setRendererMode(mode: RendererMode): void;
  setLayout(status: LayoutStatus): void;
}

export const createUiSlice: StateCreator<WorkbenchState, [], [], UiSlice> = (set) => ({
  hoveredNode: null,
  selectedNode: null,
  search: '',
  rendererMode: 'detecting',
  layout: 'idle',
  setHoveredNode: (hoveredNode) => set({ hoveredNode }),
  toggleSelectedNode: (id) => set((s) => ({ selectedNode: s.selectedNode === id ? null : id })),
  clearSelection: () => set({ selectedNode: null }),
  setSearch: (search) => set({ search }),
  setRendererMode: (rendererMode) => set({ rendererMode }),
  setLayout: (layout) => set({ layout }),
});
