import { timeZoneChoices, type TimeZoneChoice } from '../../core/time/index.js';

/**
 * What the workbench remembers between sessions: the analyst's display choices, never an
 * investigation's settings (those belong to the ledger). Kept in the page's localStorage: the
 * Electron shell's origin is fixed, so they persist; the web host's origin carries its port,
 * so they persist for a fixed --port.
 */
export interface Preferences {
  timeZone: TimeZoneChoice;
  /** Width of the side panel in CSS pixels (the split between the graph and the tabs). */
  sideWidth: number;
}

export const SIDE_WIDTH = { min: 320, max: 900, default: 460 } as const;

export const defaultPreferences: Preferences = { timeZone: 'utc', sideWidth: SIDE_WIDTH.default };

/** The part of the Web Storage API the preferences use; tests pass a map. */
export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'eog.preferences.v1';

export function clampSideWidth(width: number): number {
  return Number.isFinite(width) ? Math.min(SIDE_WIDTH.max, Math.max(SIDE_WIDTH.min, Math.round(width))) : SIDE_WIDTH.default;
}

/** The stored preferences, each field checked: a missing, older or hand-edited entry falls back to the default. */
export function loadPreferences(storage: PreferenceStorage | null): Preferences {
  let stored: unknown = null;
  try {
    stored = JSON.parse(storage?.getItem(KEY) ?? 'null');
  } catch {
    stored = null;
  }
  if (typeof stored !== 'object' || stored === null) return defaultPreferences;
  const zone = 'timeZone' in stored ? timeZoneChoices.find((z) => z === stored.timeZone) : undefined;
  const width = 'sideWidth' in stored && typeof stored.sideWidth === 'number' ? clampSideWidth(stored.sideWidth) : SIDE_WIDTH.default;
  return { timeZone: zone ?? defaultPreferences.timeZone, sideWidth: width };
}

export function savePreferences(storage: PreferenceStorage | null, preferences: Preferences): void {
  try {
    storage?.setItem(KEY, JSON.stringify(preferences));
  } catch {
    // Storage full or refused (a private window): the choice holds for this session only.
  }
}

/** The page's localStorage, or null where there is none (tests, a sandbox that refuses it). */
export function browserStorage(): PreferenceStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
