import type { OperationalGraph } from './operational-graph.js';

/** Services that call others but are called by none: where users' requests enter. */
export function entryServices(graph: OperationalGraph): string[] {
  return graph.ids().filter((id) => {
    if (graph.entity(id).kind !== 'Service') return false;
    const calls = graph.neighbours(id).filter((n) => n.relation === 'calls');
    return calls.some((n) => n.direction === 'out') && !calls.some((n) => n.direction === 'in');
  });
}
