import { buildFingerprint, type Fingerprint } from '../../core/cases/index.js';
import { OperationalGraph } from '../../core/graph/index.js';
import type { EvidenceItem } from '../../core/model/evidence.js';
import { normaliseAlerts, scopeTopology } from '../../core/scopes/index.js';
import { storeAlertItems } from '../store/store-alerts.js';
import type { EvidenceStore } from '../store/index.js';

/** Evidence read per entity: the ranked head (changes and derived signals come first, store/query.ts). */
const itemsPerEntity = 60;

/**
 * An entity's role in the call graph: `entry` (calls others, called by none: where users'
 * requests come in), `backend` (called, calls none), `inner` (both), `other` (no calls: a Node,
 * a ConfigMap). A Pod or Deployment takes its Service's role through its alias group.
 */
function roleOf(graph: OperationalGraph, entity: string): string {
  if (!graph.has(entity)) return 'other';
  let callsOut = false;
  let callsIn = false;
  for (const member of graph.aliases(entity)) {
    if (!graph.has(member)) continue;
    for (const n of graph.neighbours(member)) {
      if (n.relation !== 'calls') continue;
      if (n.direction === 'out') callsOut = true;
      else callsIn = true;
    }
  }
  if (callsOut && !callsIn) return 'entry';
  if (callsIn && !callsOut) return 'backend';
  return callsIn ? 'inner' : 'other';
}

/**
 * The fingerprint of the incident a store holds (docs/cases.md §2), read before any diagnosis:
 * its alerts normalised as the scopes normalise them, and the abnormal evidence of every entity
 * in the investigation window.
 */
export function fingerprintFromStore(store: EvidenceStore): Fingerprint {
  const graph = OperationalGraph.fromTopology(store.topology());
  const labels = store.alertLabels();
  const topology = scopeTopology(graph);
  const alerts = normaliseAlerts(
    storeAlertItems(store).map(({ alert }) => ({ ...alert, labels: labels.get(alert.id) ?? {}, source: 'bundle' })),
    topology.resolve,
    topology.nameOf,
  );
  const window = store.window();
  const evidence: EvidenceItem[] = [];
  for (const id of graph.ids()) evidence.push(...store.evidenceFor(id, window, { limit: itemsPerEntity }).items);
  return buildFingerprint({
    alerts,
    evidence,
    kindOf: (e) => (graph.has(e) ? graph.entity(e).kind : 'unknown'),
    roleOf: (e) => roleOf(graph, e),
  });
}
