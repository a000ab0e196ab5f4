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
  /** Entity pairs (`from\u0000to`) whose causality was decided (added or violated): never proposed twice. */
  decidedPairs: Set<string>;
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
    decidedPairs: new Set(),
    decidedAlerts: new Set(),
    refusedAnomalies: new Set(),
    calls: new Map(),
  };
}

export function anomalyId(anomalyType: string, entity: string): string {
  return `${anomalyType}@${entity}`;
}

function pairKey(layer: CausalLayerState, from: string | null, to: string | null): string | null {
  const a = from === null ? undefined : layer.anomalies.get(from);
  const b = to === null ? undefined : layer.anomalies.get(to);
  return a && b ? `${a.entity}\u0000${b.entity}` : null;
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
      const key = pairKey(layer, from, to);
      if (key) layer.decidedPairs.add(key);
      return;
    }
    case 'CausalViolation': {
      layer.violations.push(event);
      if (event.operation === 'add_causality') {
        const key = pairKey(layer, event.from, event.to);
        if (key) layer.decidedPairs.add(key);
      } else if (event.operation === 'link_alert' && event.alert !== null) layer.decidedAlerts.add(event.alert);
      else if (event.operation === 'create_anomaly' && event.anomalyType !== null && event.entity !== null)
        layer.refusedAnomalies.add(anomalyId(event.anomalyType, event.entity));
      return;
    }
  }
}
