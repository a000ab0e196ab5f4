import { z } from 'zod';
import { Fingerprint } from './fingerprint.js';
import type { SimilarCase } from './similar.js';

/** An analyst's relabelling of a node, with the note given for it. */
export const CaseOverride = z.object({ node: z.string(), label: z.string(), note: z.string().nullable() });
export type CaseOverride = z.infer<typeof CaseOverride>;

/**
 * One finished investigation in the case library (docs/cases.md §1), named by its snapshot;
 * investigating the same snapshot again updates it. Names, notes and entity ids are the
 * snapshot's and the analyst's text: hostile, shown escaped.
 */
export const CaseRecord = z.object({
  case: z.string().min(1),
  /** When the case was last recorded, ISO 8601 UTC. */
  recordedAt: z.string(),
  /** The snapshot's incident time, ISO 8601 UTC, when it has one. */
  incidentTime: z.string().nullable(),
  snapshotHash: z.string(),
  frontier: z.array(z.string()),
  /** The first root's cause class (core/hypotheses causeClassOf), `unknown` without one. */
  cause: z.string(),
  outcome: z.enum(['confident', 'no_confident_root_cause']),
  /** The diagnosis confidence as reported (calibrated where known). */
  confidence: z.number(),
  overrides: z.array(CaseOverride),
  notes: z.array(z.string()),
  /** A lesson taken on the case: its trainee's score, when one was finished. */
  lesson: z.object({ outcome: z.string() }).nullable(),
  /**
   * Where the investigation's snapshot was opened from, so a lesson can start on it again
   * (docs/cases.md §1): the absolute path of its bundle folder or evidence store file; null
   * when it was a server database or a copy converted for one open. Absent in libraries and
   * exports written before it was kept.
   */
  snapshot: z.string().nullable().default(null),
  fingerprint: Fingerprint,
});
export type CaseRecord = z.infer<typeof CaseRecord>;

/** The case library's prior for one incident (docs/cases.md §4). */
export interface CasePrior {
  /** The one line a policy packet may carry. */
  line: string;
  /** The first root the agreeing cases found. */
  root: string;
  /** The agreeing cases. */
  cases: string[];
}

/**
 * What the similar cases found, as a prior to look at first, never as evidence. Null when fewer
 * than two similar cases agree on a first root and cause, since one case is an anecdote.
 */
export function casePrior(similar: readonly SimilarCase[]): CasePrior | null {
  const groups = new Map<string, { root: string; cause: string; cases: string[] }>();
  for (const s of similar) {
    const root = s.frontier[0];
    if (root === undefined) continue;
    const key = `${root}\0${s.cause}`;
    const group = groups.get(key) ?? { root, cause: s.cause, cases: [] };
    group.cases.push(s.case);
    groups.set(key, group);
  }
  const best = [...groups.values()].sort((a, b) => b.cases.length - a.cases.length)[0];
  if (!best || best.cases.length < 2) return null;
  return {
    line: `${best.cases.length} of ${similar.length} similar past cases found a ${best.cause} cause at ${best.root} (a prior, not evidence).`,
    root: best.root,
    cases: best.cases,
  };
}
