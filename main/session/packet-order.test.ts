import { describe, expect, it } from 'vitest';
import type { EvidenceItem } from '../../core/model/evidence.js';
import { steadyTraceEdge } from '../../core/policy/heuristic/test-support.js';
import { eachPairFirst } from './packet-builder.js';

const item = (id: string, detail: EvidenceItem['detail']): EvidenceItem => ({
  id,
  kind: detail.type === 'trace_edge' ? 'span' : 'metric',
  entity: 'shop/Service/db',
  time: 0,
  summary: id,
  score: 0,
  detail,
  provenance: { file: 'spans.jsonl', line: null, sha256: '0'.repeat(64), extractor: 'trace_edge' },
});
const edge = (caller: string, instance: number) =>
  item(`${caller}-${instance}`, steadyTraceEdge(`shop/Service/${caller}`, 'shop/Service/db', { callerInstance: `${caller}-${instance}` }));
const metric = (id: string) =>
  item(id, {
    type: 'metric_anomaly',
    metric: 'cpu',
    windowValue: 2,
    baselineMedian: 1,
    baselineMad: 0.1,
    z: 9,
    direction: 'up',
    change: 1,
  });

describe('the order of a packet’s candidates', () => {
  it('gives its first edges to distinct callers, keeps every other item in its place and sends third instance pairs to the end', () => {
    const ranked = [
      metric('m1'),
      edge('fraud', 1),
      edge('fraud', 2),
      metric('m2'),
      edge('fraud', 3),
      edge('warehouse', 1),
      edge('loyalty', 1),
      edge('warehouse', 2),
    ];
    expect(eachPairFirst(ranked).map((e) => e.id)).toEqual([
      'm1',
      'fraud-1',
      'warehouse-1',
      'm2',
      'loyalty-1',
      'fraud-2',
      'warehouse-2',
      'fraud-3',
    ]);
  });
});
