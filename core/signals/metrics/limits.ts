import type { Entity } from '../../model/topology.js';
import type { MetricAnomalyDetail } from './anomaly.js';

/**
 * Topology attributes holding an entity's resource limits (docs/formats.md §2): CPU in cores,
 * memory in bytes, the sum over the pod's containers.
 */
export const LIMIT_ATTRS = { cpu: 'cpuLimitCores', memory: 'memoryLimitBytes' } as const;

/**
 * Usage the kernel holds at the limit: the CPU quota throttles a container at it and the OOM
 * killer stops one past it. A metric above its limit by more than half is in another unit
 * (millicores, mebibytes, a cumulative counter), not over the limit.
 */
const MAX_PLAUSIBLE_UTILISATION = 1.5;

/** Metrics that are not usage in the limit's unit: shares, throttling, fault counts, the limits and requests themselves. */
const NOT_USAGE = /percent|util|ratio|%|throttl|fault|oom|limit|request|pressure|heap/i;
const USAGE = { cpu: /cpu/i, memory: /mem|rss|working.?set/i } as const;

/**
 * The limit a usage metric runs against, when the entity declares one and the metric's values
 * are plausibly in its unit (baseline and window both at most 1.5× the limit); otherwise
 * undefined. Names are free text across exporters, so the unit is judged by the values.
 */
export function usageLimit(
  entity: Pick<Entity, 'attrs'>,
  detail: Pick<MetricAnomalyDetail, 'metric' | 'windowValue' | 'baselineMedian'>,
): number | undefined {
  if (NOT_USAGE.test(detail.metric)) return undefined;
  const resource = (['cpu', 'memory'] as const).find((r) => USAGE[r].test(detail.metric));
  if (!resource) return undefined;
  const limit = entity.attrs[LIMIT_ATTRS[resource]];
  if (typeof limit !== 'number' || !Number.isFinite(limit) || limit <= 0) return undefined;
  const isPlausible = [detail.windowValue, detail.baselineMedian].every((v) => v >= 0 && v <= MAX_PLAUSIBLE_UTILISATION * limit);
  return isPlausible ? limit : undefined;
}
