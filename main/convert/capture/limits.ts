import { parseEntityId } from '../../../core/model/ids.js';
import { limitSeriesResource, podLimitAttrs, type ContainerLimit } from '../../../core/signals/index.js';
import type { CaptureRecords } from './records.js';

/**
 * Pods' limits from the metrics that state them (the latest value of each container's series,
 * summed over the pod's containers) as the topology attributes the investigation reads
 * (docs/formats.md §1). The series stay metrics as well. A kubectl dump read afterwards states
 * the limits from the pod spec and has the last word.
 */
export function limitsFromMetrics(capture: CaptureRecords): void {
  const latest = new Map<string, ContainerLimit & { time: number }>();
  for (const m of capture.metrics) {
    const resource = limitSeriesResource(m.name, m.labels ?? {});
    if (resource === null || parseEntityId(m.entity).kind !== 'Pod' || !(m.value > 0)) continue;
    const key = `${m.entity}\u0000${resource}\u0000${m.labels?.container ?? ''}`;
    const time = typeof m.time === 'number' ? m.time : Date.parse(m.time);
    const seen = latest.get(key);
    if (!seen || time > seen.time) latest.set(key, { entity: m.entity, resource, time, value: m.value });
  }
  for (const [entity, attrs] of podLimitAttrs(latest.values())) {
    const { kind, name, namespace } = parseEntityId(entity);
    capture.topology.addEntity(kind, name, namespace, attrs);
  }
}
