import type { StateCreator } from 'zustand/vanilla';
import type { Client, InvestigationState } from '../../core/ipc/index.js';
import { errorMessage } from './session-slice.js';
import { casesChoice, parseWindowText } from './settings-slice.js';
import type { InvestigationCommand, InvestigationSlice, WorkbenchState } from './types.js';
import { DEFAULT_ALERT_WINDOW_SECONDS } from './settings-slice.js';

export type { InvestigationCommand, InvestigationSlice } from './types.js';

function isCancelledImport(error: unknown): boolean {
  return error instanceof Error && error.name === 'ImportCancelledError';
}

/** Replies and pushes race; an older state must never overwrite a newer one. */
export function isNewer(next: InvestigationState, current: InvestigationState | null): boolean {
  return current === null || next.revision > current.revision;
}

/**
 * Budgets outside 1..100000 or non-integers are clamped rather than sent; an empty field (not
 * a number) is null: the engine sizes the budget to the system (three per service, from 50 to 150).
 */
export function clampBudget(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.min(100_000, Math.max(1, Math.round(value)));
}

export const createInvestigationSlice =
  (client: Client): StateCreator<WorkbenchState, [], [], InvestigationSlice> =>
  (set, get) => {
    /** Starts the investigation first when there is none yet, with the chosen budget. */
    async function ensureStarted(): Promise<void> {
      const current = get().investigation;
      if (current && current.seq >= 0) return;
      const {
        budget,
        policy,
        maxVisits,
        kFlips,
        llm,
        windowText,
        hypotheses,
        runs,
        alertWindowSeconds,
        storeText,
        cases: casesPreference,
        causalGraph: causal,
      } = get();
      // Off: no `hypotheses` key at all, so the recorded settings are those of a run without the layer.
      const layer = hypotheses.isOn ? { hypotheses: { delta: hypotheses.delta, eta: hypotheses.eta } } : {};
      const file = causal.file.trim();
      const causalGraph = { enabled: causal.isOn, enforce: causal.enforce, files: file ? [file] : [] };
      // One run: no `runs` key, so the settings are those of a run without voting.
      const voting = runs > 1 ? { runs } : {};
      // The default window: no `alertWindowMs` key, so a Start sends what it sent before the setting existed.
      const scoping = alertWindowSeconds !== DEFAULT_ALERT_WINDOW_SECONDS ? { alertWindowMs: alertWindowSeconds * 1000 } : {};
      const settings = {
        // None chosen: no `budget` key, and the engine sizes it to the system.
        ...(budget === null ? {} : { budget }),
        policy,
        maxVisits,
        kFlips,
        window: parseWindowText(windowText),
        ...layer,
        ...voting,
        ...scoping,
        causalGraph,
      };
      const store = storeText.trim() ? { store: storeText.trim() } : {};
      // The host's library: no `cases` key, so a Start sends what it sent before the setting existed.
      const chosen = casesChoice(casesPreference);
      const cases = chosen ? { cases: chosen } : {};
      accept(
        await client.invoke(
          'investigation.start',
          policy === 'llm' ? { settings, llm, ...store, ...cases } : { settings, ...store, ...cases },
        ),
      );
    }

    function accept(next: InvestigationState): void {
      if (isNewer(next, get().investigation)) set({ investigation: next });
    }

    async function send(command: InvestigationCommand): Promise<InvestigationState> {
      switch (command) {
        case 'run':
          await ensureStarted();
          return client.invoke('investigation.run', {});
        case 'step':
          await ensureStarted();
          return client.invoke('investigation.step', {});
        case 'pause':
          return client.invoke('investigation.pause', {});
        case 'stepBack':
          return client.invoke('investigation.stepBack', {});
        case 'reset':
          return client.invoke('investigation.reset', {});
      }
    }

    return {
      budget: null,
      investigation: null,
      pending: null,
      setBudget: (budget) => set({ budget: clampBudget(budget) }),
      setInvestigation: accept,
      async exportReport(format, graphPng) {
        try {
          return await client.invoke('export.render', graphPng ? { format, graphPng } : { format });
        } catch (error) {
          set({ error: errorMessage(error) });
          return null;
        }
      },
      async runCommand(command) {
        // Pause must get through while a long run is in flight; everything else waits its turn.
        const isPause = command === 'pause';
        if (get().pending && !isPause) return;
        if (!isPause) set({ pending: command, error: null });
        try {
          accept(await send(command));
        } catch (error) {
          // A cancelled import is what the analyst asked for: the status bar says so, no error.
          set({ error: isCancelledImport(error) ? null : errorMessage(error) });
        } finally {
          if (!isPause) set({ pending: null });
        }
      },
    };
  };
