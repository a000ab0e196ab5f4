import type { StateCreator } from 'zustand/vanilla';
import type { CasesChoice, Client, LlmEndpoint, SnapshotSummary, WindowOverride } from '../../core/ipc/index.js';
import { errorMessage } from './session-slice.js';
import { captureTimesFromText } from './capture-times.js';
import { defaultPreferences, type CasesPreference } from './preferences.js';
import type { SettingsSlice, WorkbenchState } from './types.js';
import { DEFAULT_ALERT_WINDOW_MS } from '../../core/scopes/index.js';

export type { PolicyChoice, SettingsSlice } from './types.js';

export const DEFAULT_LLM: LlmEndpoint = { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b-instruct' };

export class InvalidWindowError extends Error {
  override name = 'InvalidWindowError';
  constructor(detail: string) {
    super(`Window: ${detail}. Give a start and an end in UTC (e.g. 2026-03-01T10:00), or leave both empty to derive it from the alerts.`);
  }
}

/**
 * The window override from the settings fields (read as UTC); null when both are empty.
 * Throws InvalidWindowError for half-filled, unreadable or backwards windows.
 */
export function parseWindowText(text: { start: string; end: string }): WindowOverride | null {
  const start = text.start.trim();
  const end = text.end.trim();
  if (!start && !end) return null;
  if (!start || !end) throw new InvalidWindowError('both the start and the end are needed');
  const parse = (value: string, which: string): number => {
    const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
    if (!Number.isFinite(ms)) throw new InvalidWindowError(`the ${which} "${value}" is not a date and time`);
    return ms;
  };
  const window = { start: parse(start, 'start'), end: parse(end, 'end') };
  if (window.end <= window.start) throw new InvalidWindowError('the end must come after the start');
  return window;
}

export class NoCaseLibraryFileError extends Error {
  override name = 'NoCaseLibraryFileError';
  constructor() {
    super('Case library: name the file in Settings, or choose the workbench’s library or none.');
  }
}

/** What a Start names of the case library: nothing for the host's, a file, or none (null). */
export function casesChoice(cases: CasesPreference): CasesChoice | undefined {
  switch (cases.use) {
    case 'host':
      return undefined;
    case 'none':
      return { file: null };
    case 'file': {
      const file = cases.file.trim();
      if (!file) throw new NoCaseLibraryFileError();
      return { file };
    }
  }
}

/** The scopes' default sliding window (core/scopes DEFAULT_ALERT_WINDOW_MS), in seconds. */
export const DEFAULT_ALERT_WINDOW_SECONDS = DEFAULT_ALERT_WINDOW_MS / 1000;

function clampInt(value: number, min: number, max: number, fallback: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
}

export const createSettingsSlice =
  (client: Client): StateCreator<WorkbenchState, [], [], SettingsSlice> =>
  (set, get) => {
    /** One open at a time; the timeline and selection start afresh; an error goes to the status bar. */
    const opening = async (open: () => Promise<SnapshotSummary>): Promise<SnapshotSummary | null> => {
      if (get().isOpening) return null;
      set({ isOpening: true, error: null });
      try {
        const summary = await open();
        set({ ledger: [], selectedNode: null });
        return summary;
      } catch (error) {
        set({ error: errorMessage(error) });
        return null;
      } finally {
        set({ isOpening: false });
      }
    };
    return {
      policy: 'heuristic',
      llm: DEFAULT_LLM,
      maxVisits: 5,
      runs: 1,
      alertWindowSeconds: DEFAULT_ALERT_WINDOW_SECONDS,
      kFlips: 3,
      // δ = 0.1 and η = 2 as in core/ledger/settings-hypotheses.ts (their reasons are there).
      hypotheses: { isOn: true, delta: 0.1, eta: 2 },
      windowText: { start: '', end: '' },
      storeText: '',
      causalGraph: { isOn: true, enforce: true, file: '' },
      timeZone: defaultPreferences.timeZone,
      setTimeZone: (timeZone) => set({ timeZone }),
      cases: defaultPreferences.cases,
      setCases: (value) => set((s) => ({ cases: { ...s.cases, ...value } })),
      setCausalGraph: (value) => set((s) => ({ causalGraph: { ...s.causalGraph, ...value } })),
      isOpening: false,
      setPolicy: (policy) => set({ policy }),
      setLlm: (llm) => set((s) => ({ llm: { ...s.llm, ...llm } })),
      setMaxVisits: (value) => set({ maxVisits: clampInt(value, 1, 100, 5) }),
      setRuns: (value) => set({ runs: clampInt(value, 1, 16, 1) }),
      setAlertWindowSeconds: (value) => set({ alertWindowSeconds: clampInt(value, 1, 86_400, DEFAULT_ALERT_WINDOW_SECONDS) }),
      setKFlips: (value) => set({ kFlips: clampInt(value, 0, 100, 3) }),
      setHypotheses: (value) =>
        set((s) => {
          const next = { ...s.hypotheses, ...value };
          const delta = Number.isFinite(next.delta) ? Math.min(1, Math.max(0, next.delta)) : 0.1;
          return { hypotheses: { isOn: next.isOn, delta, eta: clampInt(next.eta, 0, 100, 2) } };
        }),
      setWindowText: (window) => set((s) => ({ windowText: { ...s.windowText, ...window } })),
      setStoreText: (storeText) => set({ storeText }),
      async probeSnapshot(path) {
        try {
          set({ error: null });
          return await client.invoke('snapshot.probe', { path });
        } catch (error) {
          set({ error: errorMessage(error) });
          return null;
        }
      },
      async choosePath(kind) {
        try {
          set({ error: null });
          return (await client.invoke('snapshot.choose', { kind })).path;
        } catch (error) {
          set({ error: errorMessage(error) });
          return null;
        }
      },
      async openSnapshot(path, choice = {}) {
        return opening(() => {
          // Times typed wrong are refused here, as the open's error.
          const times = captureTimesFromText({ incidentTime: choice.incidentTime ?? '', window: choice.window ?? '' });
          return client.invoke('snapshot.open', { path, ...(choice.case ? { case: choice.case } : {}), ...times });
        });
      },
      async openCase(name) {
        return opening(() => client.invoke('cases.open', { case: name }));
      },
      async openCaseLesson(name) {
        const summary = await opening(() => client.invoke('cases.lesson', { case: name }));
        // The trainer's own start form names the trainee and starts the lesson (lesson.start).
        if (summary) set({ isTrainerOpen: true });
        return summary;
      },
    };
  };
