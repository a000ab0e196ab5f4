import type { StateCreator } from 'zustand/vanilla';
import type { AppInfo, Client, GraphView, ImportProgress } from '../../core/ipc/index.js';
import type { WorkbenchState } from './store.js';

export type ConnectionStatus = 'connecting' | 'ready' | 'disconnected' | 'error';

export interface SessionSlice {
  connection: ConnectionStatus;
  info: AppInfo | null;
  /** Message of the last failed call, shown in the status bar. */
  error: string | null;
  /** Bumped whenever the graph data is replaced; the graph itself lives outside the store. */
  graphVersion: number;
  nodeCount: number;
  edgeCount: number;
  /** Latest report of the evidence import that the first Start triggers. */
  importProgress: ImportProgress | null;
  /** Fetches app info and, when a snapshot is open, its graph; null on failure or no snapshot. */
  loadSession(): Promise<GraphView | null>;
  /** Call after the graph outside the store has been filled from `view`. */
  setGraphLoaded(view: GraphView): void;
  setDisconnected(): void;
  setImportProgress(progress: ImportProgress): void;
  /** Asks the backend to stop the evidence import in progress. */
  cancelImport(): Promise<void>;
  setError(error: unknown): void;
  clearError(): void;
}

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
