import type { ContextPacket, EntityId, EvidenceDetail, EvidenceItem, Extractor, PolicyOutput, TimeWindow } from '../model/index.js';
import { OperationalGraph as OperationalGraphCtor } from '../graph/index.js';
import type { OperationalGraph } from '../graph/index.js';
import type { BeliefView, PacketBuilder, Policy, PolicyResult } from './types.js';

/**
 * Test and benchmark doubles: an in-memory packet builder and scripted policies. Not used by
 * the product; main builds packets from the evidence store.
 */

export const testWindow: TimeWindow = { start: 1_000_000, end: 2_000_000 };

export interface EvidenceSpec {
  id: string;
  entity: EntityId;
  detail: EvidenceDetail;
  extractor?: Extractor;
  time?: number;
  summary?: string;
}

export function makeEvidence(spec: EvidenceSpec): EvidenceItem {
  const kind =
    spec.detail.type === 'log_template'
      ? 'log'
      : spec.detail.type === 'metric_anomaly' || spec.detail.type === 'metric'
        ? 'metric'
        : spec.detail.type === 'trace_edge' || spec.detail.type === 'fan_out'
          ? 'span'
          : spec.detail.type;
  return {
    id: spec.id,
    entity: spec.entity,
    kind,
    time: spec.time ?? testWindow.start + 1000,
    summary: spec.summary ?? spec.id,
    score: 1,
    detail: spec.detail,
    provenance: { file: 'test.jsonl', line: 1, sha256: 'test', extractor: spec.extractor ?? 'raw' },
  };
}

/** Packets straight from an evidence map: all of the node's evidence, every neighbour. */
export function createMemoryPacketBuilder(
  graph: OperationalGraph,
  evidence: ReadonlyMap<EntityId, readonly EvidenceItem[]>,
): PacketBuilder {
  return {
    build(node: EntityId, view: BeliefView): ContextPacket {
      const items = [...(evidence.get(node) ?? [])];
      return {
        node,
        entity: graph.entity(node),
        window: testWindow,
        incidentTime: null,
        neighbours: [...view.neighbours(node)],
        omittedNeighbours: 0,
        inbox: [...view.inbox(node)],
        evidence: items,
        omitted: [],
        tokenCount: 100 + 10 * items.length,
        tokenBudget: 4000,
      };
    },
  };
}

export function result(output: PolicyOutput, ms = 1): PolicyResult {
  return { output, tokensIn: 100, tokensOut: 20, cached: false, error: null, ms };
}

export function output(partial: Partial<PolicyOutput> & Pick<PolicyOutput, 'label'>): PolicyOutput {
  return { confidence: 0.5, evidence: [], summary: partial.label, reasoning: [], claims: [], proposals: [], ...partial };
}

/** A policy computed synchronously from the packet; `delay` lets tests scramble arrival order. */
export function scriptedPolicy(decide: (packet: ContextPacket) => PolicyOutput, delay?: (packet: ContextPacket) => number): Policy {
  return {
    name: 'scripted',
    model: null,
    async evaluate(packet) {
      const wait = delay?.(packet) ?? 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return result(decide(packet), wait);
    },
  };
}

/** A graph of Services `ns/Service/<name>` with `calls` edges given as [source, target] names. */
export function servicesGraph(names: readonly string[], calls: readonly (readonly [string, string])[] = []): OperationalGraph {
  const id = (name: string): EntityId => `ns/Service/${name}`;
  return OperationalGraphCtor.fromTopology({
    entities: names.map((name) => ({ id: id(name), kind: 'Service', name, namespace: 'ns', labels: {}, attrs: {} })),
    edges: calls.map(([source, target]) => ({ source: id(source), target: id(target), relation: 'calls' as const })),
  });
}

export const svc = (name: string): EntityId => `ns/Service/${name}`;

/** Reproducible "random" test policies draw from the shared seeded generator. */
export { seededRandom } from '../random/index.js';
