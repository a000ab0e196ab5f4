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
  fingerprint: Fingerprint,
});
export type CaseRecord = z.infer<typeof CaseRecord>;

/**
 * The one line a policy packet may carry (docs/cases.md §4): what the similar cases found, as a
 * prior to look at first, never as evidence. Null when fewer than two similar cases agree on a
 * first root and cause, since one case is an anecdote.
 */
export function priorLine(similar: readonly SimilarCase[]): string | null {
  const counts = new Map<string, { root: string; cause: string; n: number }>();
  for (const s of similar) {
    const root = s.frontier[0];
    if (root === undefined) continue;
    const key = `${root}\0${s.cause}`;
    const entry = counts.get(key) ?? { root, cause: s.cause, n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n)[0];
  if (!best || best.n < 2) return null;
  return `${best.n} of ${similar.length} similar past cases found a ${best.cause} cause at ${best.root} (a prior, not evidence).`;
}
