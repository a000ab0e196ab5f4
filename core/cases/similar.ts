import { z } from 'zod';
import { fingerprintFacets, type Fingerprint, type FingerprintFacet } from './fingerprint.js';

/** A past case as the library gives it to the comparison: its fingerprint and what was found then. */
export interface PastCase {
  case: string;
  fingerprint: Fingerprint;
  frontier: readonly string[];
  cause: string;
  /** Where its snapshot was opened from (CaseRecord `snapshot`); null or absent: nowhere known. */
  snapshot?: string | null;
}

/** One similar past case in the diagnosis (`similar`), best first. */
export const SimilarCase = z.object({
  case: z.string(),
  /** Cosine similarity of the two fingerprints, each entry weighted by how rare it is in the library (0–1). */
  score: z.number(),
  /** What was found then: its frontier, first root first, and the first root's cause class. */
  frontier: z.array(z.string()),
  cause: z.string(),
  /** What the two incidents share, rarest first: `alert …`, `role …`, `evidence …`, `change …`. */
  why: z.array(z.string()),
  /**
   * The case knows where its snapshot was opened from, so a lesson may start on it (docs/cases.md
   * §1; whether it is still there is known only when it is opened). Absent in older diagnoses.
   */
  hasSnapshot: z.boolean().optional(),
});
export type SimilarCase = z.infer<typeof SimilarCase>;

/** Below this a case shares too little to be called similar (only what nearly every case has). */
export const MIN_SIMILARITY = 0.2;
export const DEFAULT_SIMILAR = 3;
const maxWhy = 6;

const facetWord: Readonly<Record<FingerprintFacet, string>> = {
  signatures: 'alert',
  roles: 'role',
  evidence: 'evidence',
  changes: 'change',
};

/** Facet-qualified entries, so an alert and an evidence kind with the same text stay apart. */
function entries(fp: Fingerprint): string[] {
  return fingerprintFacets.flatMap((facet) => fp[facet].map((value) => `${facetWord[facet]} ${value}`));
}

/**
 * The k past cases most like `target`, best first (docs/cases.md §3). Each entry weighs its
 * inverse document frequency over the library and the target, ln((N+1)/(df+1)) + 1: an entry
 * every incident has (a latency alert on the entry service) says little; one few have (a
 * ConfigMap change, a failing-call shape) says much. Ties keep the library's order.
 */
export function rankSimilar(
  target: Fingerprint,
  library: readonly PastCase[],
  options: { k?: number; minScore?: number } = {},
): SimilarCase[] {
  const k = options.k ?? DEFAULT_SIMILAR;
  const minScore = options.minScore ?? MIN_SIMILARITY;
  const own = new Set(entries(target));
  const others = library.map((c) => new Set(entries(c.fingerprint)));
  const df = new Map<string, number>();
  for (const set of [own, ...others]) for (const e of set) df.set(e, (df.get(e) ?? 0) + 1);
  const n = others.length + 1;
  const idf = (e: string): number => Math.log((n + 1) / ((df.get(e) ?? 0) + 1)) + 1;
  const norm = (set: ReadonlySet<string>): number => Math.sqrt([...set].reduce((s, e) => s + idf(e) ** 2, 0));
  const ownNorm = norm(own);
  const scored = library.map((c, i) => {
    const theirs = others[i] as Set<string>;
    const shared = [...own].filter((e) => theirs.has(e));
    const dot = shared.reduce((s, e) => s + idf(e) ** 2, 0);
    const denominator = ownNorm * norm(theirs);
    const score = denominator > 0 ? dot / denominator : 0;
    const why = shared.sort((a, b) => idf(b) - idf(a) || (a < b ? -1 : 1)).slice(0, maxWhy);
    return {
      case: c.case,
      score: Math.round(score * 1000) / 1000,
      frontier: [...c.frontier],
      cause: c.cause,
      why,
      hasSnapshot: !!c.snapshot,
    };
  });
  return scored
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.score >= minScore)
    .sort((a, b) => b.s.score - a.s.score || a.i - b.i)
    .slice(0, k)
    .map(({ s }) => s);
}
