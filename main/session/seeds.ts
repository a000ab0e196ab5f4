import { bootstrap, ONSET_LEAD_MS, type BootstrapInput, type BootstrapResult } from '../../core/bootstrap/index.js';
import { changeTargets, type OperationalGraph } from '../../core/graph/index.js';
import type { TimeWindow } from '../../core/model/packet.js';
import type { EvidenceStore } from '../store/index.js';
import { orderSeedsByScopes } from '../../core/scopes/index.js';
import { scopeStore, type StoreScoping } from './scopes.js';
import { storeAlerts } from './store-alerts.js';

/** Entity relations that make `target` something its source depends on. */
const DEPENDS = new Set(['calls', 'depends_on', 'runs_on']);

/**
 * Runs the bootstrap (design.md §2) over the evidence store: window, noise filter, seed order.
 * An analyst's window replaces the store's derived one, as if the snapshot had named it.
 */
export function bootstrapFromStore(
  store: EvidenceStore,
  graph: OperationalGraph,
  override?: TimeWindow | null,
  alertWindowMs?: number,
): BootstrapResult {
  return bootstrapWithScopes(store, graph, override, alertWindowMs).bootstrap;
}

/** The bootstrap and the alert scopes of its window (a policy's bootstrap phase reads them, one line per scope). */
export function bootstrapWithScopes(
  store: EvidenceStore,
  graph: OperationalGraph,
  override?: TimeWindow | null,
  alertWindowMs?: number,
): { bootstrap: BootstrapResult; scoping: StoreScoping } {
  const result = bootstrapSeeds(store, graph, override);
  // Flood-only seeds wait behind the others (docs/scopes.md §4).
  const scoping = scopeStore(store, graph, result.window, alertWindowMs);
  return { bootstrap: { ...result, seeds: orderSeedsByScopes(result.seeds, scoping.scopes, scoping.representative) }, scoping };
}

function bootstrapSeeds(store: EvidenceStore, graph: OperationalGraph, override?: TimeWindow | null): BootstrapResult {
  const window = override ?? store.window();
  const alerts = storeAlerts(store);
  const lookback = { start: window.start - ONSET_LEAD_MS, end: window.end };
  const changes: Array<{ id: string; entity: string; time: number }> = [];
  const failureEvents: BootstrapInput['failureEvents'][number][] = [];
  for (const id of graph.ids()) {
    if (!store.hasEntity(id)) continue;
    const page = store.evidenceFor(id, lookback, { limit: 50, kinds: ['change', 'event'] });
    for (const item of page.items) {
      if (item.detail.type === 'change') changes.push({ id: item.id, entity: id, time: item.time });
      if (item.detail.type === 'event' && item.detail.isFailure)
        failureEvents.push({ id: item.id, entity: id, time: item.time, reason: item.detail.reason, count: item.detail.count });
    }
  }
  return bootstrap({
    alerts,
    changes,
    failureEvents,
    window,
    incidentTime: store.windowInfo().incidentTime,
    aliasesOf: (e) => (graph.has(e) ? graph.aliases(e) : []),
    entryPoints: () => entryServices(graph),
    changeTargetsOf: (e) => changeTargets(graph, e),
    dependenciesOf: (e) => {
      if (!graph.has(e)) return [];
      const out = graph
        .neighbours(e)
        .filter((n) => n.direction === 'out' && DEPENDS.has(n.relation))
        .map((n) => n.id);
      const configuredBy = graph
        .neighbours(e)
        .filter((n) => n.direction === 'in' && n.relation === 'configures')
        .map((n) => n.id);
      return [...out, ...configuredBy];
    },
  });
}

/** Services that call others but are called by none: where users' requests enter. */
export function entryServices(graph: OperationalGraph): string[] {
  return graph.ids().filter((id) => {
    if (graph.entity(id).kind !== 'Service') return false;
    const calls = graph.neighbours(id).filter((n) => n.relation === 'calls');
    return calls.some((n) => n.direction === 'out') && !calls.some((n) => n.direction === 'in');
  });
}
