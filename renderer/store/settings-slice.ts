import type { StateCreator } from 'zustand/vanilla';
import type { Client, LlmEndpoint, SnapshotSummary } from '../../core/ipc/index.js';
import { errorMessage } from './session-slice.js';
import type { WorkbenchState } from './store.js';

export type PolicyChoice = 'heuristic' | 'llm';

export interface SettingsSlice {
  policy: PolicyChoice;
  /** Where the llm policy sends requests; the key stays with the backend. */
  llm: LlmEndpoint;
  maxVisits: number;
  kFlips: number;
  isOpening: boolean;
  setPolicy(policy: PolicyChoice): void;
  setLlm(llm: Partial<LlmEndpoint>): void;
  setMaxVisits(value: number): void;
  setKFlips(value: number): void;
  /** Opens a snapshot bundle folder on the backend; the graph reloads on snapshot.changed. */
  openSnapshot(path: string): Promise<SnapshotSummary | null>;
}

export const DEFAULT_LLM: LlmEndpoint = { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b-instruct' };

function clampInt(value: number, min: number, max: number, fallback: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
}

export const createSettingsSlice =
  (client: Client): StateCreator<WorkbenchState, [], [], SettingsSlice> =>
  (set, get) => ({
    policy: 'heuristic',
    llm: DEFAULT_LLM,
    maxVisits: 5,
    kFlips: 3,
    isOpening: false,
    setPolicy: (policy) => set({ policy }),
    setLlm: (llm) => set((s) => ({ llm: { ...s.llm, ...llm } })),
    setMaxVisits: (value) => set({ maxVisits: clampInt(value, 1, 100, 5) }),
    setKFlips: (value) => set({ kFlips: clampInt(value, 0, 100, 3) }),
    async openSnapshot(path) {
      if (get().isOpening) return null;
      set({ isOpening: true, error: null });
      try {
        const summary = await client.invoke('snapshot.open', { path });
        set({ ledger: [], selectedNode: null });
        return summary;
      } catch (error) {
        set({ error: errorMessage(error) });
        return null;
      } finally {
        set({ isOpening: false });
      }
    },
  });
