import type { StateCreator } from 'zustand/vanilla';
import type { Client } from '../../core/ipc/index.js';
import type { SessionSlice, WorkbenchState } from './types.js';

export type { ConnectionStatus, SessionSlice } from './types.js';

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const createSessionSlice =
  (client: Client): StateCreator<WorkbenchState, [], [], SessionSlice> =>
  (set) => ({
    connection: 'connecting',
    info: null,
    error: null,
    graphVersion: 0,
    nodeCount: 0,
    edgeCount: 0,
    importProgress: null,
    async loadSession() {
      try {
        const info = await client.invoke('app.info', {});
        const graph = info.snapshot ? await client.invoke('graph.get', {}) : null;
        // A reload (or another window) may join an investigation already under way.
        const investigation = info.capabilities.investigation && info.snapshot ? await client.invoke('investigation.state', {}) : null;
        set({ connection: 'ready', info, error: null, investigation });
        return graph;
      } catch (error) {
        set({ connection: 'error', error: errorMessage(error) });
        return null;
      }
    },
    setGraphLoaded: (view) =>
      set((s) => ({ graphVersion: s.graphVersion + 1, nodeCount: view.nodes.length, edgeCount: view.edges.length })),
    setDisconnected: () => set({ connection: 'disconnected' }),
    setImportProgress: (importProgress) => set({ importProgress }),
    async cancelImport() {
      try {
        await client.invoke('import.cancel', {});
      } catch (error) {
        set({ error: errorMessage(error) });
      }
    },
    setError: (error) => set({ error: errorMessage(error) }),
    clearError: () => set({ error: null }),
  });
