import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Client } from '../../core/ipc/index.js';
import { createInvestigationSlice } from './investigation-slice.js';
import { createSessionSlice } from './session-slice.js';
import { createSettingsSlice } from './settings-slice.js';
import { createTimelineSlice } from './timeline-slice.js';
import { loadPreferences, savePreferences, type PreferenceStorage } from './preferences.js';
import type { WorkbenchState } from './types.js';
import { createUiSlice } from './ui-slice.js';

export type { WorkbenchState } from './types.js';
export type WorkbenchStore = StoreApi<WorkbenchState>;

/**
 * A vanilla store (usable without React, e.g. in tests) made of slices. The preferences
 * (time zone, side width, case library) start from `storage` and are written back whenever they change.
 */
export function createWorkbenchStore(client: Client, storage: PreferenceStorage | null = null): WorkbenchStore {
  const store = createStore<WorkbenchState>()((...a) => ({
    ...createSessionSlice(client)(...a),
    ...createInvestigationSlice(client)(...a),
    ...createUiSlice(...a),
    ...createTimelineSlice(client)(...a),
    ...createSettingsSlice(client)(...a),
  }));
  store.setState(loadPreferences(storage));
  store.subscribe((s, prev) => {
    if (s.timeZone !== prev.timeZone || s.sideWidth !== prev.sideWidth || s.cases !== prev.cases)
      savePreferences(storage, { timeZone: s.timeZone, sideWidth: s.sideWidth, cases: s.cases });
  });
  return store;
}

/** Which controls are usable, derived from capabilities and state — never guessed. */
export function selectControls(s: WorkbenchState): {
  canRun: boolean;
  canPause: boolean;
  canStep: boolean;
  canStepBack: boolean;
  canReset: boolean;
} {
  const enabled = s.connection === 'ready' && !!s.info?.capabilities.investigation && !!s.info.snapshot;
  const status = s.investigation?.status ?? 'new';
  const busy = s.pending !== null;
  return {
    canRun: enabled && !busy && status !== 'running' && status !== 'finished',
    canPause: enabled && (status === 'running' || s.pending === 'run'),
    canStep: enabled && !busy && status !== 'running' && status !== 'finished',
    canStepBack: enabled && !busy && status !== 'running' && (s.investigation?.evaluations ?? 0) > 0,
    canReset: enabled && !busy && s.investigation !== null,
  };
}
