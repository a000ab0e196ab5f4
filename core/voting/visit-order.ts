import { hashString, seededShuffle } from '../random/index.js';

/**
 * A run's visit order (docs/voting.md): run 0 keeps the bootstrap's order; run r > 0 shuffles,
 * with a generator seeded from r, the seeds that share a priority (the bootstrap's evidence
 * strength), keeping the priorities themselves in order. The controller's queue is a FIFO that
 * starts with these seeds; the nodes a broadcast wakes together are shuffled by the controller
 * (settings.visitSeed, core/controller/evaluate.ts).
 */
export function varyVisitOrder<S extends { strength: string }>(seeds: readonly S[], run: number): S[] {
  if (run === 0) return [...seeds];
  const out: S[] = [];
  for (let start = 0; start < seeds.length;) {
    let end = start + 1;
    while (end < seeds.length && seeds[end]?.strength === seeds[start]?.strength) end++;
    // Hashed: consecutive small seeds would start mulberry32 on correlated first draws.
    out.push(...seededShuffle(seeds.slice(start, end), hashString(`visit-order/${run}/${start}`)));
    start = end;
  }
  return out;
}
