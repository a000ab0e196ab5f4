/**
 * The fixed development/validation split of the real cases (CONTRIBUTING.md, "Accuracy
 * protocol"). Rules are chosen on the development part only; the validation part says how far
 * they carry. The split is a rule over the injection order, written down as data
 * (split.json) before any result was looked at, so no case can drift between parts later.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The real systems: the two Nezha datasets and the lab (../shared/lab, recorded OpenTelemetry/Prometheus captures). */
export const SYSTEMS = ['tt', 'ob', 'lab'] as const;
export type SystemId = (typeof SYSTEMS)[number];
export type Part = 'dev' | 'val';

export const SYSTEM_NAMES: Readonly<Record<SystemId, string>> = { tt: 'TrainTicket', ob: 'OnlineBoutique', lab: 'Lab' };

export const SPLIT_RULE =
  'Within each dataset the faults are sorted by injection time (days in order; the case ids f01, f02, … follow injection time within a day; ' +
  "the lab's injection time is its truth.json start). Every third fault (1-based positions 3, 6, 9, …) is validation, the rest development.";

/** One fault of a dataset: its case id (the bundle's name: `<day>-fNN` for Nezha, the incident folder's for the lab) and when it was injected. */
export interface FaultOrder {
  case: string;
  injected: string;
}

export interface SystemSplit {
  /** Every fault in injection order: what the rule is applied to. */
  order: FaultOrder[];
  dev: string[];
  val: string[];
}

export interface SplitFile {
  rule: string;
  systems: Record<SystemId, SystemSplit>;
}

export const SPLIT_FILE = fileURLToPath(new URL('split.json', import.meta.url));

/** The rule itself: sorted by injection time (ties by case id), every third is validation. */
export function splitSystem(faults: readonly FaultOrder[]): SystemSplit {
  const order = [...faults].sort((a, b) => Date.parse(a.injected) - Date.parse(b.injected) || a.case.localeCompare(b.case));
  const isVal = (i: number): boolean => (i + 1) % 3 === 0;
  return {
    order,
    dev: order.filter((_, i) => !isVal(i)).map((f) => f.case),
    val: order.filter((_, i) => isVal(i)).map((f) => f.case),
  };
}

export function buildSplit(faults: Readonly<Record<SystemId, readonly FaultOrder[]>>): SplitFile {
  return { rule: SPLIT_RULE, systems: { tt: splitSystem(faults.tt), ob: splitSystem(faults.ob), lab: splitSystem(faults.lab) } };
}

export function readSplit(file: string = SPLIT_FILE): SplitFile {
  return JSON.parse(readFileSync(file, 'utf8')) as SplitFile;
}

/** The part a case belongs to; null for a case the split does not list (a fixture, another dataset). */
export function partOf(split: SplitFile, system: SystemId, caseId: string): Part | null {
  const s = split.systems[system];
  if (s.dev.includes(caseId)) return 'dev';
  if (s.val.includes(caseId)) return 'val';
  return null;
}
