/**
 * The regression guard's comparison (CONTRIBUTING.md, "Accuracy protocol"): where the injected
 * service ranks in each real case now, against the ranks recorded in guard.json. Pure.
 */
import { SYSTEMS, type SystemId } from './split.js';

export interface GuardEntry {
  system: SystemId;
  case: string;
  /** The ground truth's root-cause services. */
  expected: string[];
  /** 1-based position of the first expected service in the ranked services; null when not ranked. */
  rank: number | null;
}

export interface GuardFile {
  about: string;
  cases: GuardEntry[];
}

export const GUARD_ABOUT =
  'Rank of the injected service in each real case (1-based, in the ranked services eog bench scores; null = not ranked), ' +
  'recorded by `npm run bench:guard -- --update`. `npm run bench:guard` fails when any rank gets worse.';

export interface RankChange {
  entry: GuardEntry;
  was: number | null;
}

export interface GuardVerdict {
  worse: RankChange[];
  better: RankChange[];
  /** Recorded cases of a system that was run but not among its cases now. */
  missing: GuardEntry[];
  /** Cases whose expected services differ from the recorded ones (the ground truth or its converter changed). */
  retruthed: Array<{ entry: GuardEntry; was: string[] }>;
  /** Cases run now that guard.json does not hold yet (`--update` records them). */
  unrecorded: GuardEntry[];
  /** Recorded cases of systems not run this time: not compared. */
  skipped: number;
  ok: boolean;
}

const key = (e: Pick<GuardEntry, 'system' | 'case'>): string => `${e.system}/${e.case}`;

/** A rank is worse when the truth moved down the ranking or out of it. */
export function isWorse(was: number | null, now: number | null): boolean {
  return was !== null && (now === null || now > was);
}

export function compareGuard(recorded: readonly GuardEntry[], current: readonly GuardEntry[]): GuardVerdict {
  const ran = new Set(current.map((e) => e.system));
  const now = new Map(current.map((e) => [key(e), e]));
  const before = new Map(recorded.map((e) => [key(e), e]));
  const verdict: GuardVerdict = { worse: [], better: [], missing: [], retruthed: [], unrecorded: [], skipped: 0, ok: true };
  for (const old of recorded) {
    if (!ran.has(old.system)) {
      verdict.skipped++;
      continue;
    }
    const entry = now.get(key(old));
    if (entry === undefined) verdict.missing.push(old);
    else if (entry.expected.join(',') !== old.expected.join(',')) verdict.retruthed.push({ entry, was: old.expected });
    else if (isWorse(old.rank, entry.rank)) verdict.worse.push({ entry, was: old.rank });
    else if (entry.rank !== old.rank) verdict.better.push({ entry, was: old.rank });
  }
  verdict.unrecorded = current.filter((e) => !before.has(key(e)));
  verdict.ok = verdict.worse.length === 0 && verdict.missing.length === 0 && verdict.retruthed.length === 0;
  return verdict;
}

/** guard.json after `--update`: the cases run now replace their systems' entries; other systems' stay. */
export function updatedGuard(recorded: readonly GuardEntry[], current: readonly GuardEntry[]): GuardFile {
  const ran = new Set(current.map((e) => e.system));
  const cases = [...recorded.filter((e) => !ran.has(e.system)), ...current].sort(
    (a, b) => SYSTEMS.indexOf(a.system) - SYSTEMS.indexOf(b.system) || a.case.localeCompare(b.case),
  );
  return { about: GUARD_ABOUT, cases };
}

const rank = (r: number | null): string => (r === null ? 'not ranked' : `rank ${r}`);

/** One line per finding, failures first; a passing guard says so. */
export function formatVerdict(v: GuardVerdict): string[] {
  const truth = (e: GuardEntry): string => `(expected ${e.expected.join(', ') || 'nothing'})`;
  return [
    ...v.worse.map((c) => `WORSE    ${key(c.entry)}: ${rank(c.was)} → ${rank(c.entry.rank)} ${truth(c.entry)}`),
    ...v.missing.map((e) => `MISSING  ${key(e)}: recorded (${rank(e.rank)}) but not run; is its bundle gone?`),
    ...v.retruthed.map(
      (r) => `TRUTH    ${key(r.entry)}: expected ${r.was.join(', ')} → ${r.entry.expected.join(', ')}; check, then --update`,
    ),
    ...v.better.map((c) => `better   ${key(c.entry)}: ${rank(c.was)} → ${rank(c.entry.rank)} ${truth(c.entry)}`),
    ...v.unrecorded.map((e) => `new      ${key(e)}: ${rank(e.rank)}, not in guard.json yet (--update records it)`),
    ...(v.skipped ? [`skipped  ${v.skipped} recorded case(s) of systems not run`] : []),
    v.ok
      ? `guard passed: no rank got worse (${v.better.length} better)`
      : `guard FAILED: ${v.worse.length} worse, ${v.missing.length} missing, ${v.retruthed.length} with changed ground truth`,
  ];
}
