import type { OperationalGraph } from '../../core/graph/index.js';
import type { ScopeRecord } from '../../core/ledger/index.js';
import type { TimeWindow } from '../../core/model/packet.js';
import { formScopes, normaliseAlerts, scopeTopology, type RawAlert, type Scoping } from '../../core/scopes/index.js';
import type { EvidenceStore } from '../store/index.js';
import { storeAlertItems } from '../store/store-alerts.js';

export interface StoreScoping extends Scoping {
  /** Each scoped alert's signature, by evidence id: a packet shows one alert per signature. */
  signatureOf: ReadonlyMap<string, string>;
  /** The representative an entity's alerts are scoped under (its Service, or itself). */
  representative: (entity: string) => string;
}

/**
 * Normalises every alert of the store (bundle, synthesised or converted: the manifest's source
 * names the converter) and forms the scopes of the investigation window (docs/scopes.md).
 */
export function scopeStore(store: EvidenceStore, graph: OperationalGraph, window: TimeWindow, windowMs?: number): StoreScoping {
  const labels = store.alertLabels();
  const converted = store.manifest().source?.kind;
  const origin = converted && converted !== 'generated' ? converted : 'bundle';
  const raw: RawAlert[] = storeAlertItems(store).map(({ alert, item }) => ({
    ...alert,
    labels: labels.get(alert.id) ?? {},
    source: item.provenance.extractor === 'synthesised_alert' ? 'synthesised' : origin,
  }));
  const topology = scopeTopology(graph);
  const alerts = normaliseAlerts(raw, topology.resolve, topology.nameOf);
  const scoping = formScopes(alerts, topology, { window, baseline: store.windowInfo().baseline, ...(windowMs ? { windowMs } : {}) });
  return { ...scoping, signatureOf: new Map(alerts.map((a) => [a.id, a.signature])), representative: topology.representative };
}

/** The scope holding an entity's own alerts (entity-bound), if any. */
export function entityScope(scopes: readonly ScopeRecord[], entity: string): ScopeRecord | undefined {
  return scopes.find((s) => s.kind === 'entity' && s.entities.includes(entity));
}
