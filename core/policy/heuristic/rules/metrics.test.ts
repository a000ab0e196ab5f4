import { describe, expect, it } from 'vitest';
import type { EvidenceDetail, EvidenceItem, MetricMeaning } from '../../../model/evidence.js';
import { metricMeaning } from '../../../signals/metrics/meaning.js';
import { testPacket } from '../test-support.js';
import { buildRuleContext } from './context.js';
import { metricRule, saturationRule } from './metrics.js';

type Anomaly = Extract<EvidenceDetail, { type: 'metric_anomaly' }>;

function anomaly(entity: string, metric: string, meaning: MetricMeaning | null, values: Partial<Anomaly> = {}): EvidenceItem {
  return {
    id: `m:${metric}`,
    entity,
    kind: 'metric',
    time: 500,
    summary: metric,
    score: 1,
    detail: {
      type: 'metric_anomaly',
      metric,
      windowValue: 0.93,
      baselineMedian: 0.4,
      baselineMad: 0.02,
      z: 20,
      direction: 'up',
      change: 1.3,
      ...(meaning === null ? {} : { meaning }),
      ...values,
    },
    provenance: { file: 'metrics.jsonl', line: 1, sha256: 'h', extractor: 'metric_anomaly' },
  };
}

const pod = 'shop/Pod/cart-1';
const saturation = (node: string, items: EvidenceItem[]) => saturationRule.match(buildRuleContext(testPacket(node, items)));

describe('the metric rules read what a metric measures, never its name', () => {
  it('takes a share near its whole as saturation whatever the metric is called, and a CPU-named metric of unknown meaning not at all', () => {
    expect(saturation(pod, [anomaly(pod, 'widgets', { quantity: 'cpu', measure: 'share', scale: 1 })])).toHaveLength(1);
    expect(saturation(pod, [anomaly(pod, 'container_cpu_utilisation', null)])).toHaveLength(0);
  });

  it('reads a share in the scale its unit states: 0.93 % of a CPU is not near full, 0.93 of one is', () => {
    const share = (scale: 1 | 100) => anomaly(pod, 'cpu', { quantity: 'cpu', measure: 'share', scale }, { baselineMedian: 0.5 });
    // ×1.9 is short of the fold: only a share near full makes it saturation.
    expect(saturation(pod, [share(1)])).toHaveLength(1);
    expect(saturation(pod, [share(100)])).toHaveLength(0);
  });

  it('counts a machine’s metric on the machine and not on the pods it carries', () => {
    const host = metricMeaning('instance:node_cpu_utilisation:rate1m', null);
    expect(host?.scope).toBe('host');
    expect(saturation(pod, [anomaly(pod, 'node_cpu', host)])).toHaveLength(0);
    expect(saturation('lab/Node/box', [anomaly('lab/Node/box', 'node_cpu', host)])).toHaveLength(1);
  });

  it('leaves out what is left of memory, its capacity, and a running total', () => {
    for (const name of ['node_memory_MemAvailable_bytes', 'kube_pod_container_resource_limits_memory_bytes', 'process_cpu_seconds_total']) {
      const big = { windowValue: 4e9, baselineMedian: 1e9 };
      expect(saturation(pod, [anomaly(pod, name, metricMeaning(name, 'By'), big)]), name).toHaveLength(0);
    }
    const use = metricMeaning('container_memory_working_set_bytes', 'By');
    expect(
      saturation(pod, [anomaly(pod, 'container_memory_working_set_bytes', use, { windowValue: 4e9, baselineMedian: 1e9 })]),
    ).toHaveLength(1);
  });

  it('takes latencies and errors as symptoms by their meaning', () => {
    const ctx = buildRuleContext(
      testPacket(pod, [
        anomaly(pod, 'a', { quantity: 'latency', measure: 'duration' }),
        anomaly(pod, 'b', { quantity: 'errors', measure: 'share' }),
        anomaly(pod, 'request_latency_p95', null),
        anomaly(pod, 'c', { quantity: 'requests', measure: 'rate' }),
      ]),
    );
    expect(metricRule.match(ctx).map((m) => m.evidence[0])).toEqual(['m:a', 'm:b']);
  });
});
