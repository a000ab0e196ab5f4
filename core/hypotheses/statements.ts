import type { CauseClass } from '../ledger/index.js';

/** Level-1 statements: what an SRE would say first when guessing the kind of cause. */
export const classStatements: Readonly<Record<CauseClass, string>> = {
  change: 'A change (deploy, configuration, Secret, feature flag, scaling) caused the incident',
  load: 'A surge of load caused the incident',
  resource: 'A resource ran out (CPU, memory, disk, connections) or a component became slow on its own',
  network: 'The network delayed or dropped traffic',
  code: 'Faulty code failed requests',
  dependency: 'A dependency failed',
  infrastructure: 'Infrastructure failed (a crash, an eviction, a node)',
  unknown: 'A fault the evidence does not classify',
};

/** Level-2 statements: the entity and what its cause class says about it (no policy prose, which can go stale). */
const entityPhrases: Readonly<Record<CauseClass, string>> = {
  change: 'a change to it',
  load: 'a surge of load it sends',
  resource: 'it ran out of a resource or slowed on its own',
  network: 'its network delays or drops traffic',
  code: 'its code fails requests',
  dependency: 'a dependency of it failed',
  infrastructure: 'its infrastructure failed',
  unknown: 'an unclassified fault',
};

export function entityStatement(entity: string, cause: CauseClass): string {
  return `${entity} is the origin: ${entityPhrases[cause]}`;
}
