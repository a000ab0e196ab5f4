import { timeZoneChoices, type TimeZoneChoice } from '../../core/time/index.js';

/**
 * The case library a Start names (docs/cases.md): the host's (`eog serve --cases`, else the
 * user's default), another file, or none. The file is kept while another choice is shown.
 */
export interface CasesPreference {
  use: 'host' | 'file' | 'none';
  file: string;
}

const casesUses = ['host', 'file', 'none'] as const;

/**
 * What the workbench remembers between sessions: the analyst's display choices and the case
 * library, never an investigation's settings (those belong to the ledger). Kept in the page's localStorage: the
 * Electron shell's origin is fixed, so they persist; the web host's origin carries its port,
 * so they persist for a fixed --port.
 */
export interface Preferences {
  timeZone: TimeZoneChoice;
  /** Width of the side panel in CSS pixels (the split between the graph and the tabs). */
  sideWidth: number;
  cases: CasesPreference;
}

export const SIDE_WIDTH = { min: 320, max: 900, default: 460 } as const;

export const defaultPreferences: Preferences = { timeZone: 'utc', sideWidth: SIDE_WIDTH.default, cases: { use: 'host', file: '' } };

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
  return { timeZone: zone ?? defaultPreferences.timeZone, sideWidth: width, cases: casesFrom('cases' in stored ? stored.cases : null) };
}

function casesFrom(stored: unknown): CasesPreference {
  if (typeof stored !== 'object' || stored === null) return defaultPreferences.cases;
  const use = 'use' in stored ? casesUses.find((u) => u === stored.use) : undefined;
  const file = 'file' in stored && typeof stored.file === 'string' ? stored.file.slice(0, 4096) : '';
  return { use: use ?? 'host', file };
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
