import { OperationalGraph } from '../graph/index.js';
import type { EvidenceItem } from '../model/index.js';
import { compileKnowledge, type CompiledKnowledge } from './compile.js';
import { parseKnowledge } from './knowledge-parse.js';

/** A chain of services a → b → c → d → e (a calls b, …), plus a lone service z. */
export function chainGraph(): OperationalGraph {
  const names = ['a', 'b', 'c', 'd', 'e', 'z'];
  return OperationalGraph.fromTopology({
    entities: names.map((n) => ({ id: `service/${n}`, kind: 'service', name: n, namespace: null, labels: {}, attrs: {} })),
    edges: ['a', 'b', 'c', 'd'].map((n, i) => ({
      source: `service/${n}`,
      target: `service/${names[i + 1] as string}`,
      relation: 'calls' as const,
    })),
  });
}

export const SMALL_KNOWLEDGE = `format: 1
name: small
version: '1'
types:
  - id: config_change
    indicators: [{ source: change, pattern: config }]
  - id: error_rate
    indicators: [{ source: log, error: true }, { source: alert, pattern: error }]
  - id: latency
    indicators: [{ source: trace, pattern: latency }, { source: alert, pattern: slow }]
  - id: cpu
    indicators: [{ source: metric, direction: up, pattern: cpu }]
relations:
  - { from: config_change, to: error_rate, scope: same, why: 'bad config fails requests' }
  - { from: error_rate, to: error_rate, scope: adjacent, why: 'errors propagate to callers' }
  - { from: cpu, to: latency, scope: same, why: 'saturated CPU queues requests' }
  - { from: latency, to: error_rate, scope: any, why: 'slow calls time out' }
`;

export function smallKnowledge(): CompiledKnowledge {
  return compileKnowledge([{ document: parseKnowledge(SMALL_KNOWLEDGE, 'small.yaml'), file: 'small.yaml' }]);
}

const provenance = { file: 'x.jsonl', line: 1, sha256: 'h', extractor: 'raw' as const };

export function alertItem(id: string, entity: string, name: string): EvidenceItem {
  return {
    id,
    entity,
    kind: 'alert',
    time: 0,
    summary: name,
    score: 1,
    detail: { type: 'alert', name, severity: 'critical', startsAt: 0, endsAt: null },
    provenance,
  };
}

export function changeItem(id: string, entity: string, changeKind: string): EvidenceItem {
  return {
    id,
    entity,
    kind: 'change',
    time: 0,
    summary: changeKind,
    score: 1,
    detail: { type: 'change', changeKind, diff: [], actor: null },
    provenance,
  };
}

export function errorLogItem(id: string, entity: string): EvidenceItem {
  return {
    id,
    entity,
    kind: 'log',
    time: 0,
    summary: 'ERROR failed',
    score: 1,
    detail: {
      type: 'log_template',
      template: 'ERROR failed <*>',
      windowCount: 9,
      baselineCount: 0,
      rateRatio: null,
      isNew: true,
      isGone: false,
      isError: true,
    },
    provenance: { ...provenance, extractor: 'log_template' },
  };
}
