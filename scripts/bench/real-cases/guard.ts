/**
 * The regression guard's comparison (CONTRIBUTING.md, "Accuracy protocol"): where the injected
 * service ranks in each real case now, against the ranks recorded in guard.json. Only
 * development cases gate: a validation case that ranks worse is reported, never a failure, so
 * the validation part is not tuned to by way of the guard. Pure.
 */
import { SYSTEMS, type SystemId } from './split.js';

/** How the case was converted: with its incident time (the default, no field) or from its window alone (`--no-time`). */
export type GuardMode = 'time-given' | 'window-only';

export interface GuardEntry {
  /** Absent: time given. The two ways are recorded and compared apart. */
  mode?: 'window-only';
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
  'recorded by `npm run bench:guard -- --update` (entries with "mode": "window-only" by `--no-time --update`). ' +
  '`npm run bench:guard` fails when the rank of a development case gets worse; validation cases are reported only.';

export interface RankChange {
  entry: GuardEntry;
  was: number | null;
}

export interface GuardVerdict {
  /** Development cases (and cases the split does not list) that rank worse: these fail the guard. */
  worse: RankChange[];
  /** Validation cases that rank worse: printed, never a failure. */
  worseReported: RankChange[];
  better: RankChange[];
  /** Recorded cases of a system that was run but not among its cases now. */
  missing: GuardEntry[];
  /** Cases whose expected services differ from the recorded ones (the ground truth or its converter changed). */
  retruthed: Array<{ entry: GuardEntry; was: string[] }>;
  /** Cases run now that guard.json does not hold yet (`--update` records them). */
  unrecorded: GuardEntry[];
  /** Recorded cases of systems (or of the other way) not run this time: not compared. */
  skipped: number;
  ok: boolean;
}

export const modeOf = (e: Pick<GuardEntry, 'mode'>): GuardMode => e.mode ?? 'time-given';
const run = (e: Pick<GuardEntry, 'mode' | 'system'>): string => `${modeOf(e)}:${e.system}`;
const key = (e: Pick<GuardEntry, 'mode' | 'system' | 'case'>): string => `${e.system}/${e.case}${e.mode ? ` (${e.mode})` : ''}`;

/** A rank is worse when the truth moved down the ranking or out of it. */
export function isWorse(was: number | null, now: number | null): boolean {
  return was !== null && (now === null || now > was);
}

/**
 * `gates` says whether a worse rank of a case fails the guard: the development cases and any
 * case the split does not list; a validation case's is only reported. By default every case gates.
 */
export function compareGuard(
  recorded: readonly GuardEntry[],
  current: readonly GuardEntry[],
  gates: (entry: GuardEntry) => boolean = () => true,
): GuardVerdict {
  const ran = new Set(current.map(run));
  const now = new Map(current.map((e) => [key(e), e]));
  const before = new Map(recorded.map((e) => [key(e), e]));
  const verdict: GuardVerdict = {
    worse: [],
    worseReported: [],
    better: [],
    missing: [],
    retruthed: [],
    unrecorded: [],
    skipped: 0,
    ok: true,
  };
  for (const old of recorded) {
    if (!ran.has(run(old))) {
      verdict.skipped++;
      continue;
    }
    const entry = now.get(key(old));
    if (entry === undefined) verdict.missing.push(old);
    else if (entry.expected.join(',') !== old.expected.join(',')) verdict.retruthed.push({ entry, was: old.expected });
    else if (isWorse(old.rank, entry.rank)) (gates(entry) ? verdict.worse : verdict.worseReported).push({ entry, was: old.rank });
    else if (entry.rank !== old.rank) verdict.better.push({ entry, was: old.rank });
  }
  verdict.unrecorded = current.filter((e) => !before.has(key(e)));
  verdict.ok = verdict.worse.length === 0 && verdict.missing.length === 0 && verdict.retruthed.length === 0;
  return verdict;
}

/** guard.json after `--update`: the cases run now replace the entries of their systems in the way run; others stay. */
export function updatedGuard(recorded: readonly GuardEntry[], current: readonly GuardEntry[]): GuardFile {
  const ran = new Set(current.map(run));
  const modes: readonly GuardMode[] = ['time-given', 'window-only'];
  const cases = [...recorded.filter((e) => !ran.has(run(e))), ...current].sort(
    (a, b) =>
      modes.indexOf(modeOf(a)) - modes.indexOf(modeOf(b)) ||
      SYSTEMS.indexOf(a.system) - SYSTEMS.indexOf(b.system) ||
      a.case.localeCompare(b.case),
  );
  return { about: GUARD_ABOUT, cases };
}

const rank = (r: number | null): string => (r === null ? 'not ranked' : `rank ${r}`);

/** One line per finding, failures first; a passing guard says so. */
export function formatVerdict(v: GuardVerdict): string[] {
  const truth = (e: GuardEntry): string => `(expected ${e.expected.join(', ') || 'nothing'})`;
  const reported = v.worseReported.length ? `; ${v.worseReported.length} validation case(s) worse, reported only` : '';
  return [
    ...v.worse.map((c) => `WORSE    ${key(c.entry)}: ${rank(c.was)} → ${rank(c.entry.rank)} ${truth(c.entry)}`),
    ...v.missing.map((e) => `MISSING  ${key(e)}: recorded (${rank(e.rank)}) but not run; is its bundle gone?`),
    ...v.retruthed.map(
      (r) => `TRUTH    ${key(r.entry)}: expected ${r.was.join(', ')} → ${r.entry.expected.join(', ')}; check, then --update`,
    ),
    ...v.worseReported.map(
      (c) => `worse    ${key(c.entry)}: ${rank(c.was)} → ${rank(c.entry.rank)} ${truth(c.entry)}; validation, reported only`,
    ),
    ...v.better.map((c) => `better   ${key(c.entry)}: ${rank(c.was)} → ${rank(c.entry.rank)} ${truth(c.entry)}`),
    ...v.unrecorded.map((e) => `new      ${key(e)}: ${rank(e.rank)}, not in guard.json yet (--update records it)`),
    ...(v.skipped ? [`skipped  ${v.skipped} recorded case(s) of systems or ways not run`] : []),
    v.ok
      ? `guard passed: no development rank got worse (${v.better.length} better${reported})`
      : `guard FAILED: ${v.worse.length} worse, ${v.missing.length} missing, ${v.retruthed.length} with changed ground truth${reported}`,
  ];
}
