import { hashString, seededRandom } from '../random/index.js';

/**
 * A run's visit order (docs/voting.md): run 0 keeps the bootstrap's order; run r > 0 shuffles,
 * with a generator seeded from r, the seeds that share a priority (the bootstrap's evidence
 * strength), keeping the priorities themselves in order. The controller's queue is a FIFO of
 * these seeds, so this is the order among equal priorities.
 */
export function varyVisitOrder<S extends { strength: string }>(seeds: readonly S[], run: number): S[] {
  if (run === 0) return [...seeds];
  // Hashed: consecutive small seeds would start mulberry32 on correlated first draws.
  const random = seededRandom(hashString(`visit-order/${run}`));
  const out: S[] = [];
  for (let start = 0; start < seeds.length;) {
    let end = start + 1;
    while (end < seeds.length && seeds[end]?.strength === seeds[start]?.strength) end++;
    const group = seeds.slice(start, end);
    // Fisher–Yates over the group: every order of equal priorities is reachable.
    for (let i = group.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [group[i], group[j]] = [group[j] as S, group[i] as S];
    }
    out.push(...group);
    start = end;
  }
  return out;
}
