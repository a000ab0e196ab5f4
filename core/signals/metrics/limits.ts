import type { Entity } from '../../model/topology.js';
import type { MetricAnomalyDetail } from './anomaly.js';

/**
 * Topology attributes holding an entity's resource limits (docs/formats.md §2): CPU in cores,
 * memory in bytes, the sum over the pod's containers.
 */
export const LIMIT_ATTRS = { cpu: 'cpuLimitCores', memory: 'memoryLimitBytes' } as const;

/** The OpenTelemetry Collector's Kubernetes cluster receiver's limit gauges (cores, bytes), one per container. */
export const COLLECTOR_LIMIT_METRICS = { cpu: 'k8s.container.cpu_limit', memory: 'k8s.container.memory_limit' } as const;

/**
 * The resource a series states a container's limit of, as the standard exporters name them:
 * kube-state-metrics (`kube_pod_container_resource_limits{resource="cpu"|"memory"}`, and v1's
 * `…_limits_cpu_cores` / `…_limits_memory_bytes`) and the Collector's cluster receiver
 * (COLLECTOR_LIMIT_METRICS). Cores and bytes. Null for any other series.
 */
export function limitSeriesResource(name: string, labels: Readonly<Record<string, string>>): keyof typeof LIMIT_ATTRS | null {
  if (name === 'kube_pod_container_resource_limits')
    return labels.resource === 'cpu' || labels.resource === 'memory' ? labels.resource : null;
  if (name === 'kube_pod_container_resource_limits_cpu_cores' || name === COLLECTOR_LIMIT_METRICS.cpu) return 'cpu';
  if (name === 'kube_pod_container_resource_limits_memory_bytes' || name === COLLECTOR_LIMIT_METRICS.memory) return 'memory';
  return null;
}

/**
 * Usage the kernel holds at the limit: the CPU quota throttles a container at it and the OOM
 * killer stops one past it. A metric above its limit by more than half is in another unit
 * (millicores, mebibytes, a cumulative counter), not over the limit.
 */
const MAX_PLAUSIBLE_UTILISATION = 1.5;

/** One container's limit of one resource, on the pod entity that runs it. */
export interface ContainerLimit {
  entity: string;
  resource: keyof typeof LIMIT_ATTRS;
  value: number;
}

/** Each pod's limits as the attributes the investigation reads: its containers' limits summed per resource. */
export function podLimitAttrs(limits: Iterable<ContainerLimit>): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  for (const { entity, resource, value } of limits) {
    const attrs = out.get(entity) ?? {};
    attrs[LIMIT_ATTRS[resource]] = (attrs[LIMIT_ATTRS[resource]] ?? 0) + value;
    out.set(entity, attrs);
  }
  return out;
}

/**
 * The limit a usage metric runs against, when the entity declares one and the metric's values
 * are plausibly in its unit (baseline and window both at most 1.5× the limit); otherwise
 * undefined. Only a level of the whole use of CPU or memory compares with a limit: not a share,
 * a pressure, a capacity, a part of the process (its heap) or a running total
 * (core/signals/metrics/meaning.ts). Units are free text across exporters, so the unit is
 * judged by the values.
 */
export function usageLimit(
  entity: Pick<Entity, 'attrs'>,
  detail: Pick<MetricAnomalyDetail, 'meaning' | 'windowValue' | 'baselineMedian'>,
): number | undefined {
  const m = detail.meaning;
  if (!m || (m.quantity !== 'cpu' && m.quantity !== 'memory') || m.measure !== 'usage' || m.scope !== undefined || m.cumulative) {
    return undefined;
  }
  const limit = entity.attrs[LIMIT_ATTRS[m.quantity]];
  if (typeof limit !== 'number' || !Number.isFinite(limit) || limit <= 0) return undefined;
  const isPlausible = [detail.windowValue, detail.baselineMedian].every((v) => v >= 0 && v <= MAX_PLAUSIBLE_UTILISATION * limit);
  return isPlausible ? limit : undefined;
}
