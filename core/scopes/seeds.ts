import type { ScopeRecord } from '../ledger/events-scopes.js';
import type { EntityId } from '../model/ids.js';

/** How many of the entities a flood reached first still seed the walk on its account. */
export const FLOOD_FIRST_SEEDS = 2;

/**
 * Seeds in scope order (docs/scopes.md §4): a signature firing everywhere at once is a
 * symptom summary, not a root. A seed whose alerts are all part of a flood (it is in no
 * entity-bound scope) waits behind the others, unless it is among the first entities the
 * flood reached, where a propagation starts. Nothing is dropped and the order is otherwise
 * kept, so without a flood the seeds are exactly the bootstrap's.
 */
export function orderSeedsByScopes<S extends { node: EntityId; strength: string }>(
  seeds: readonly S[],
  scopes: readonly ScopeRecord[],
  representative: (entity: EntityId) => EntityId,
): S[] {
  const floods = scopes.filter((s) => s.kind === 'signature');
  if (floods.length === 0) return [...seeds];
  const scoped = new Set(scopes.filter((s) => s.kind === 'entity').flatMap((s) => s.entities));
  const leading = new Set(floods.flatMap((s) => (s.flood?.firstEntities ?? []).slice(0, FLOOD_FIRST_SEEDS)));
  const inFlood = new Set(floods.flatMap((s) => s.entities));
  const isFloodOnly = (seed: S): boolean => {
    const rep = representative(seed.node);
    return inFlood.has(rep) && !scoped.has(rep) && !leading.has(rep) && seed.strength !== 'change_candidate';
  };
  return [...seeds.filter((s) => !isFloodOnly(s)), ...seeds.filter(isFloodOnly)];
}
