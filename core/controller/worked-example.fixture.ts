import type { ContextPacket, Entity, EntityId, EvidenceItem, PolicyOutput } from '../model/index.js';
import { OperationalGraph } from '../graph/index.js';
import { makeEvidence, output } from './test-support.js';

/**
 * The paper's worked example: frontend → gateway → processor → database, with the
 * gateway → processor dependency missing from the topology. A flash sale on the frontend
 * pushes +30 % traffic down the chain; the database runs out of memory and first looks like
 * the origin.
 */
export const ids = {
  frontend: 'shop/Service/frontend',
  gateway: 'shop/Service/gateway',
  processor: 'shop/Service/processor',
  database: 'shop/Service/database',
} as const;

function service(name: string): Entity {
  return { id: `shop/Service/${name}`, kind: 'Service', name, namespace: 'shop', labels: {}, attrs: {} };
}

export function workedExampleGraph(): OperationalGraph {
  return OperationalGraph.fromTopology({
    entities: ['frontend', 'gateway', 'processor', 'database'].map(service),
    edges: [
      { source: ids.frontend, target: ids.gateway, relation: 'calls' },
      { source: ids.processor, target: ids.database, relation: 'calls' },
    ],
  });
}

function traffic(id: string, entity: EntityId): EvidenceItem {
  return makeEvidence({
    id,
    entity,
    extractor: 'metric_anomaly',
    detail: {
      type: 'metric_anomaly',
      metric: 'requests_per_second',
      meaning: { quantity: 'requests', measure: 'rate' },
      windowValue: 130,
      baselineMedian: 100,
      baselineMad: 3,
      z: 10,
      direction: 'up',
      change: 0.3,
    },
  });
}

export function workedExampleEvidence(): Map<EntityId, EvidenceItem[]> {
  return new Map([
    [
      ids.frontend,
      [
        makeEvidence({
          id: 'fe-flash-sale',
          entity: ids.frontend,
          detail: { type: 'change', changeKind: 'feature_flag', diff: [{ path: 'flashSale', from: false, to: true }], actor: 'marketing' },
        }),
        traffic('fe-traffic', ids.frontend),
      ],
    ],
    [
      ids.gateway,
      [
        makeEvidence({
          id: 'gw-alert',
          entity: ids.gateway,
          detail: { type: 'alert', name: 'HighErrorRate', severity: 'critical', startsAt: 1_001_000, endsAt: null },
        }),
        makeEvidence({
          id: 'gw-trace',
          entity: ids.gateway,
          extractor: 'trace_edge',
          detail: {
            type: 'trace_edge',
            caller: ids.gateway,
            callee: ids.processor,
            windowCalls: 1300,
            baselineCalls: 1000,
            windowErrorRate: 0.2,
            baselineErrorRate: 0,
            windowP95Ms: 900,
            baselineP95Ms: 80,
            isDiscovered: true,
          },
        }),
        traffic('gw-traffic', ids.gateway),
      ],
    ],
    [
      ids.processor,
      [
        makeEvidence({
          id: 'proc-latency',
          entity: ids.processor,
          extractor: 'metric_anomaly',
          detail: {
            type: 'metric_anomaly',
            metric: 'db_call_latency_p95',
            meaning: { quantity: 'latency', measure: 'duration' },
            windowValue: 800,
            baselineMedian: 40,
            baselineMad: 5,
            z: 40,
            direction: 'up',
            change: 19,
          },
        }),
        traffic('proc-traffic', ids.processor),
      ],
    ],
    [
      ids.database,
      [
        makeEvidence({
          id: 'db-oom',
          entity: ids.database,
          extractor: 'log_template',
          detail: {
            type: 'log_template',
            template: 'java.lang.OutOfMemoryError: Java heap space',
            windowCount: 12,
            baselineCount: 0,
            rateRatio: null,
            isNew: true,
            isGone: false,
            isError: true,
          },
        }),
        traffic('db-traffic', ids.database),
      ],
    ],
  ]);
}

function heard(packet: ContextPacket, from: EntityId): PolicyOutput['evidence'] | null {
  return packet.inbox.find((m) => m.from === from)?.belief.evidence ?? null;
}

/** The scripted policy: answers depend only on what is in the packet (evidence and inbox). */
export function workedExamplePolicy(packet: ContextPacket): PolicyOutput {
  switch (packet.node) {
    case ids.frontend:
      return output({ label: 'Origin', confidence: 0.9, evidence: ['fe-flash-sale', 'fe-traffic'], summary: 'flash sale: +30 % traffic' });
    case ids.gateway:
      if (heard(packet, ids.processor)?.includes('proc-traffic')) {
        return output({
          label: 'Symptom',
          confidence: 0.7,
          evidence: ['gw-traffic', 'gw-trace'],
          claims: [{ from: ids.frontend, to: ids.gateway, evidence: ['gw-traffic'], condition: '+30 % requests', effect: 'load' }],
          proposals: [ids.frontend],
        });
      }
      return output({ label: 'Symptom', confidence: 0.6, evidence: ['gw-alert', 'gw-trace'], proposals: [ids.processor] });
    case ids.processor:
      if (heard(packet, ids.database) !== null) {
        return output({
          label: 'Symptom',
          confidence: 0.7,
          evidence: ['proc-latency', 'proc-traffic'],
          claims: [
            { from: ids.gateway, to: ids.processor, evidence: ['proc-traffic'], condition: '+30 % requests from gateway', effect: 'load' },
            { from: ids.processor, to: ids.database, evidence: ['proc-traffic'], condition: '+30 % queries', effect: 'memory pressure' },
          ],
        });
      }
      return output({
        label: 'Symptom',
        confidence: 0.6,
        evidence: ['proc-latency'],
        claims: [{ from: ids.database, to: ids.processor, evidence: ['proc-latency'], condition: 'slow queries', effect: 'latency' }],
        proposals: [ids.database],
      });
    case ids.database:
      if (heard(packet, ids.processor)?.includes('proc-traffic')) {
        return output({
          label: 'Symptom',
          confidence: 0.7,
          evidence: ['db-oom', 'db-traffic'],
          claims: [
            { from: ids.processor, to: ids.database, evidence: ['db-traffic'], condition: '+30 % queries', effect: 'heap exhausted' },
          ],
        });
      }
      return output({ label: 'Origin', confidence: 0.8, evidence: ['db-oom'], summary: 'OutOfMemoryError' });
    default:
      return output({ label: 'Healthy', confidence: 0.5 });
  }
}
