import type { ScopeRecord } from '../ledger/events-scopes.js';
import type { EntityId } from '../model/ids.js';
import { UNALERTED_SEEDS, type SeedStrength } from '../bootstrap/bootstrap.js';

/** How many of the entities a flood reached first still seed the walk on its account. */
export const FLOOD_FIRST_SEEDS = 2;

/**
 * Seeds in scope order (docs/scopes.md §4): a signature firing everywhere at once is a
 * symptom summary, not a root. A seed whose alerts are all part of a flood (it is in no
 * entity-bound scope) is not a seed, unless it is among the first entities the flood reached,
 * where a propagation starts: the walk still reaches it through claims and messages, but the
 * flood no longer decides where the walk starts. The order is otherwise kept, so without a
 * flood the seeds are the bootstrap's; when every seed is flood-only they all stay. Then one
 * seed per alias group.
 */
export function orderSeedsByScopes<S extends { node: EntityId; strength: SeedStrength }>(
  seeds: readonly S[],
  scopes: readonly ScopeRecord[],
  representative: (entity: EntityId) => EntityId,
): S[] {
  const floods = scopes.filter((s) => s.kind === 'signature');
  if (floods.length === 0) return onePerGroup(seeds, representative);
  const scoped = new Set(scopes.filter((s) => s.kind === 'entity').flatMap((s) => s.entities));
  const leading = new Set(floods.flatMap((s) => (s.flood?.firstEntities ?? []).slice(0, FLOOD_FIRST_SEEDS)));
  const inFlood = new Set(floods.flatMap((s) => s.entities));
  const isFloodOnly = (seed: S): boolean => {
    const rep = representative(seed.node);
    return inFlood.has(rep) && !scoped.has(rep) && !leading.has(rep) && !UNALERTED_SEEDS.has(seed.strength);
  };
  const kept = seeds.filter((s) => !isFloodOnly(s));
  return onePerGroup(kept.length > 0 ? kept : seeds, representative);
}

/**
 * One seed per alias group, where its first seed stood: a Service speaks for its Deployment
 * and Pods (their packets are the same evidence), so a storm on a group's pods is one visit,
 * not one per pod. A seed's group is named by its representative; others stay as they are.
 */
function onePerGroup<S extends { node: EntityId }>(seeds: readonly S[], representative: (entity: EntityId) => EntityId): S[] {
  const seen = new Set<EntityId>();
  const out: S[] = [];
  for (const seed of seeds) {
    const rep = representative(seed.node);
    if (seen.has(rep)) continue;
    seen.add(rep);
    out.push({ ...seed, node: rep });
  }
  return out;
}
