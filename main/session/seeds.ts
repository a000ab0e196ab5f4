import { bootstrap, ONSET_LEAD_MS, type BootstrapInput, type BootstrapResult } from '../../core/bootstrap/index.js';
import { changeTargets, entryServices, type OperationalGraph } from '../../core/graph/index.js';
import { NORMAL_SERIES_PREFIX } from '../../core/model/evidence.js';
import type { TimeWindow } from '../../core/model/packet.js';
import type { EvidenceStore } from '../store/index.js';
import { orderSeedsByScopes } from '../../core/scopes/index.js';
import { scopeStore, type StoreScoping } from './scopes.js';
import { storeAlerts } from '../store/store-alerts.js';

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

/** Queued at most: a cause and the two loudest of what it drags along, not half the system. */
const FALLBACK_SEEDS = 3;

/**
 * Where a walk that found no Origin looks before it concludes (core/controller fallbackSeeds):
 * only when no golden-signal alert fired (the bootstrap then seeded the entry points, which
 * are where users feel an incident, not where it starts), the entities whose own metrics
 * departed furthest from their normal (the store's anomaly score), furthest first; a pod
 * stands for its service. A series the detector found normal does not count.
 */
export function fallbackSeeds(
  store: EvidenceStore,
  graph: OperationalGraph,
  result: BootstrapResult,
): Array<{ node: string; note: string }> {
  if (!result.seeds.some((s) => s.strength === 'entry_point')) return [];
  const strongest = new Map<string, number>();
  for (const id of graph.ids()) {
    if (!store.hasEntity(id)) continue;
    for (const item of store.evidenceFor(id, result.window, { limit: 5, kinds: ['metric'] }).items) {
      if (item.detail.type !== 'metric_anomaly' || item.id.startsWith(NORMAL_SERIES_PREFIX)) continue;
      const node = graph.aliasService(id) ?? id;
      strongest.set(node, Math.max(strongest.get(node) ?? -Infinity, item.score));
    }
  }
  return [...strongest.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, FALLBACK_SEEDS)
    .map(([node]) => ({ node, note: 'the walk found no origin: its own metrics departed furthest from their normal' }));
}
