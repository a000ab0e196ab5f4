import { describe, expect, it } from 'vitest';
import { usageLimit } from './limits.js';
import { metricMeaning } from './meaning.js';

const pod = { attrs: { cpuLimitCores: 0.5, memoryLimitBytes: 512 * 1024 ** 2 } };
const detail = (metric: string, windowValue: number, baselineMedian: number) => {
  const meaning = metricMeaning(metric, null);
  return { windowValue, baselineMedian, ...(meaning === null ? {} : { meaning }) };
};

describe('usageLimit', () => {
  it('gives the CPU limit to a usage in cores and the memory limit to a usage in bytes', () => {
    expect(usageLimit(pod, detail('container_cpu_usage_seconds_rate', 0.45, 0.2))).toBe(0.5);
    expect(usageLimit(pod, detail('memory_working_set_bytes', 500e6, 300e6))).toBe(512 * 1024 ** 2);
  });

  it('gives none where the values are in another unit than the limit', () => {
    // Millicores against a limit in cores, a cumulative counter against it.
    expect(usageLimit(pod, detail('cpu_usage_millicores', 450, 200))).toBeUndefined();
    expect(usageLimit(pod, detail('container_cpu_usage_seconds_total', 1840, 1700))).toBeUndefined();
  });

  it('gives none to shares, throttling and the limits themselves, or without a declared limit', () => {
    expect(usageLimit(pod, detail('cpu_utilisation_percent', 0.45, 0.2))).toBeUndefined();
    expect(usageLimit(pod, detail('cpu_cfs_throttled_ratio', 0.45, 0.2))).toBeUndefined();
    expect(usageLimit(pod, detail('kube_pod_container_resource_limits_cpu', 0.5, 0.5))).toBeUndefined();
    expect(usageLimit({ attrs: {} }, detail('cpu_usage_cores', 0.45, 0.2))).toBeUndefined();
    expect(usageLimit({ attrs: { cpuLimitCores: '500m' } }, detail('cpu_usage_cores', 0.45, 0.2))).toBeUndefined();
  });
});
