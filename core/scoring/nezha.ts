import type { EntityId } from '../model/ids.js';
import { ScoringInputError } from './errors.js';
import { checkK } from './metrics.js';
import { tryParseEntityId } from './match.js';
import { serviceOfPod } from '../graph/names.js';

/** Service of a pod: one rule for the whole workbench (core/graph). */
export { serviceOfPod };

/**
 * Service an entity stands for in Nezha's service-level accuracy: a Pod by its name, a Service
 * (and a Deployment, named after its service in TrainTicket) as itself; other kinds and
 * unparseable ids stand for no service.
 */
export function serviceOfEntity(entityId: EntityId): string | null {
  const entity = tryParseEntityId(entityId);
  if (entity === null) return null;
  switch (entity.kind.toLowerCase()) {
    case 'pod':
      return serviceOfPod(entity.name);
    case 'service':
    case 'deployment':
      return entity.name;
    default:
      return null;
  }
}

/** AC@k for one case: the injected service is among the services of the first k entries. */
export function nezhaAcAtK(expectedService: string, rankedEntities: readonly EntityId[], k: number): boolean {
  checkK(k);
  return rankedEntities.slice(0, k).some((id) => serviceOfEntity(id) === expectedService);
}

export interface NezhaCase {
  expectedService: string;
  ranked: readonly EntityId[];
}

/** AC@k averaged over cases, in [0, 1]. */
export function meanNezhaAcAtK(cases: readonly NezhaCase[], k: number): number {
  if (cases.length === 0) throw new ScoringInputError('AC@k needs at least one case');
  return cases.filter((c) => nezhaAcAtK(c.expectedService, c.ranked, k)).length / cases.length;
}
