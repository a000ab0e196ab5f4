import type { StateCreator } from 'zustand/vanilla';
import type { Client } from '../../core/ipc/index.js';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { errorMessage } from './session-slice.js';
import type { TimelineSlice, WorkbenchState } from './types.js';

export type { TimelineSlice } from './types.js';

const PAGE = 5000;

/** The node a ledger position is "about": the node of the last step started at or before it. */
export function focusNodeAt(ledger: readonly LedgerEvent[], seq: number): string | null {
  let focus: string | null = null;
  for (const e of ledger) {
    if (e.seq > seq) break;
    if (e.type === 'StepStarted' || e.type === 'AnalystOverride') focus = e.node;
  }
  return focus;
}

export const createTimelineSlice =
  (client: Client): StateCreator<WorkbenchState, [], [], TimelineSlice> =>
  (set, get) => {
    let loading: Promise<void> | null = null;

    async function fetchFrom(afterSeq: number, target: number): Promise<void> {
      let after = afterSeq;
      while (after < target) {
        const page = await client.invoke('ledger.events', { afterSeq: after, limit: PAGE });
        if (page.events.length === 0) return;
        const known = get().ledger;
        const head = known.length > 0 ? (known[known.length - 1] as LedgerEvent).seq : -1;
        set({ ledger: [...known, ...page.events.filter((e) => e.seq > head)] });
        after = (page.events[page.events.length - 1] as LedgerEvent).seq;
        if (!page.hasMore) return;
      }
    }

    /** One fetch at a time: once the one in flight is done, `range` says what to fetch (null: nothing). */
    async function fetchAlone(range: () => { after: number; target: number } | null): Promise<void> {
      while (loading) await loading;
      const next = range();
      if (!next) return;
      loading = fetchFrom(next.after, next.target)
        .catch((error: unknown) => set({ error: errorMessage(error) }))
        .finally(() => {
          loading = null;
        });
      await loading;
    }

    return {
      ledger: [],
      async syncLedger(state) {
        if (!state || state.seq < 0) {
          if (get().ledger.length > 0) set({ ledger: [] });
          return;
        }
        // A later state asks again once the fetch in flight is done.
        await fetchAlone(() => {
          const known = get().ledger;
          const head = known.length > 0 ? (known[known.length - 1] as LedgerEvent).seq : -1;
          return state.seq <= head ? null : { after: head, target: state.seq };
        });
      },
      async reloadInvestigation() {
        try {
          const state = await client.invoke('investigation.state', {});
          // The whole ledger, not only up to the state's seq: a view stepped back shows the head beyond it.
          await fetchAlone(() => {
            set({ ledger: [] });
            return { after: -1, target: Number.POSITIVE_INFINITY };
          });
          get().setInvestigation(state);
        } catch (error) {
          set({ error: errorMessage(error) });
        }
      },
      async seek(seq) {
        try {
          get().setInvestigation(await client.invoke('investigation.seek', { seq }));
        } catch (error) {
          set({ error: errorMessage(error) });
        }
      },
      async overrideLabel(node, label, note) {
        try {
          get().setInvestigation(await client.invoke('investigation.override', { node, label, note }));
          return true;
        } catch (error) {
          set({ error: errorMessage(error) });
          return false;
        }
      },
      async judgeHypothesis(id, action, note) {
        try {
          get().setInvestigation(await client.invoke('investigation.judgeHypothesis', { id, action, note }));
          return true;
        } catch (error) {
          set({ error: errorMessage(error) });
          return false;
        }
      },
    };
  };
