import type { EventOf } from './events.js';

/** One anomaly node of the causal graph, as the fold built it. */
export interface AnomalyNode {
  id: string;
  anomalyType: string;
  entity: string;
  evidence: string[];
  /** Anomalies on the same or a topology-adjacent entity, either way round. */
  adjacent: string[];
  /** Alert ids linked to it, in link order. */
  alerts: string[];
  by: string;
  source: EventOf<'AnomalyCreated'>['source'];
  seq: number;
}

export interface CausalEdge {
  from: string;
  to: string;
  rationale: string;
  evidence: readonly string[];
  via: readonly string[];
  by: string;
  source: EventOf<'CausalityAdded'>['source'];
  violation: string | null;
  seq: number;
}

export interface CausalLayerState {
  anomalies: Map<string, AnomalyNode>;
  /** Keyed `from\u0000to` (anomaly ids). */
  edges: Map<string, CausalEdge>;
  violations: EventOf<'CausalViolation'>[];
  /** Alert id → its name, for every linked alert. */
  alertNames: Map<string, string>;
  /** Entity pairs (`from\u0000to`) with a causal edge the check accepted: never proposed again. */
  settledPairs: Set<string>;
  /**
   * Entity pairs whose causality was refused (a violation, enforced or not), with how many
   * anomalies their two ends had then: the pair is checked again once either end has more.
   */
  refusedPairs: Map<string, number>;
  /** Alert ids whose link was decided. */
  decidedAlerts: Set<string>;
  /** Anomaly ids whose creation was refused (never proposed twice). */
  refusedAnomalies: Set<string>;
  /** Span-discovered calls, caller → callees. */
  calls: Map<string, Set<string>>;
}

export type CausalLayerEvent = EventOf<'CallsDiscovered' | 'AnomalyCreated' | 'AlertLinked' | 'CausalityAdded' | 'CausalViolation'>;

export function createCausalLayer(): CausalLayerState {
  return {
    anomalies: new Map(),
    edges: new Map(),
    violations: [],
    alertNames: new Map(),
    settledPairs: new Set(),
    refusedPairs: new Map(),
    decidedAlerts: new Set(),
    refusedAnomalies: new Set(),
    calls: new Map(),
  };
}

export function anomalyId(anomalyType: string, entity: string): string {
  return `${anomalyType}@${entity}`;
}

function pairOf(layer: CausalLayerState, from: string | null, to: string | null): { key: string; anomalies: number } | null {
  const a = from === null ? undefined : layer.anomalies.get(from);
  const b = to === null ? undefined : layer.anomalies.get(to);
  return a && b ? { key: `${a.entity}\u0000${b.entity}`, anomalies: anomaliesOn(layer, a.entity, b.entity) } : null;
}

/** Anomalies on either of two entities (they only ever grow). */
function anomaliesOn(layer: CausalLayerState, from: string, to: string): number {
  let n = 0;
  for (const a of layer.anomalies.values()) if (a.entity === from || a.entity === to) n++;
  return n;
}

/**
 * Whether the causality between two entities needs no new proposal: an accepted edge joins
 * them, or it was refused and neither end has gained an anomaly since (a new one may give the
 * knowledge a chain the old ones lacked).
 */
export function isPairDecided(layer: CausalLayerState, from: string, to: string): boolean {
  const key = `${from}\u0000${to}`;
  if (layer.settledPairs.has(key)) return true;
  const refusedWith = layer.refusedPairs.get(key);
  return refusedWith !== undefined && refusedWith === anomaliesOn(layer, from, to);
}

/** Applies one causal-layer event (core/ledger/apply.ts delegates here). */
export function applyCausalEvent(layer: CausalLayerState, event: CausalLayerEvent): void {
  switch (event.type) {
    case 'CallsDiscovered':
      for (const { caller, callee } of event.calls) {
        const set = layer.calls.get(caller) ?? new Set();
        set.add(callee);
        layer.calls.set(caller, set);
      }
      return;
    case 'AnomalyCreated':
      layer.anomalies.set(event.anomaly, {
        id: event.anomaly,
        anomalyType: event.anomalyType,
        entity: event.entity,
        evidence: [...event.evidence],
        adjacent: [...event.adjacent],
        alerts: [],
        by: event.by,
        source: event.source,
        seq: event.seq,
      });
      for (const other of event.adjacent) layer.anomalies.get(other)?.adjacent.push(event.anomaly);
      return;
    case 'AlertLinked': {
      const node = layer.anomalies.get(event.anomaly);
      if (node && !node.alerts.includes(event.alert)) node.alerts.push(event.alert);
      layer.alertNames.set(event.alert, event.name);
      layer.decidedAlerts.add(event.alert);
      return;
    }
    case 'CausalityAdded': {
      const { seq, from, to, rationale, evidence, via, by, source, violation } = event;
      layer.edges.set(`${from}\u0000${to}`, { from, to, rationale, evidence, via, by, source, violation, seq });
      const pair = pairOf(layer, from, to);
      if (pair && violation === null) layer.settledPairs.add(pair.key);
      else if (pair) layer.refusedPairs.set(pair.key, pair.anomalies);
      return;
    }
    case 'CausalViolation': {
      layer.violations.push(event);
      if (event.operation === 'add_causality') {
        const pair = pairOf(layer, event.from, event.to);
        if (pair) layer.refusedPairs.set(pair.key, pair.anomalies);
      } else if (event.operation === 'link_alert' && event.alert !== null) layer.decidedAlerts.add(event.alert);
      else if (event.operation === 'create_anomaly' && event.anomalyType !== null && event.entity !== null)
        layer.refusedAnomalies.add(anomalyId(event.anomalyType, event.entity));
      return;
    }
  }
}
