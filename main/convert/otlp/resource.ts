import type { JSONPath } from 'jsonc-parser';
import { addHintedTopology, entityOf, type EntityHints } from '../capture/entity-map.js';
import type { CaptureRecords } from '../capture/records.js';
import { isObject } from '../capture/values.js';
import { attributeText, decodeAttributes, type AttributeValue } from './any-value.js';

/** Resource attributes (OpenTelemetry semantic conventions) that say which entity emitted. */
const HINT_KEYS: readonly [keyof EntityHints, string][] = [
  ['namespace', 'k8s.namespace.name'],
  ['pod', 'k8s.pod.name'],
  ['replicaSet', 'k8s.replicaset.name'],
  ['deployment', 'k8s.deployment.name'],
  ['service', 'service.name'],
  ['node', 'k8s.node.name'],
];

export interface ResourceEntity {
  entity: string;
  attributes: { [key: string]: AttributeValue };
}

/**
 * The entity a ResourceSpans / ResourceLogs / ResourceMetrics belongs to, with the topology
 * its attributes state. `service.namespace` stands in for a missing `k8s.namespace.name`;
 * OpenTelemetry's `unknown_service…` default names no service. A resource that names no
 * entity is attributed to `Service/unknown` with a warning.
 */
export function resourceEntity(resource: unknown, path: JSONPath, file: string, capture: CaptureRecords): ResourceEntity {
  const attributes = isObject(resource) ? decodeAttributes(resource.attributes, [...path, 'attributes']) : {};
  const hints: EntityHints = {};
  for (const [hint, key] of HINT_KEYS) {
    const value = attributes[key];
    if (value !== undefined && value !== null && value !== '') hints[hint] = attributeText(value);
  }
  if (!hints.namespace && typeof attributes['service.namespace'] === 'string' && attributes['service.namespace'] !== '')
    hints.namespace = attributes['service.namespace'];
  if (hints.service?.startsWith('unknown_service')) delete hints.service;
  const host = attributes['host.name'];
  if (typeof host === 'string' && host !== '') capture.hosts.add(host);
  let entity = entityOf(hints);
  if (entity === null) {
    capture.warn(
      file,
      'a resource has none of k8s.pod.name, k8s.deployment.name, service.name, k8s.node.name: its telemetry is attributed to Service/unknown',
    );
    entity = 'Service/unknown';
  }
  addHintedTopology(capture.topology, hints);
  capture.topology.ensure(entity);
  return { entity, attributes };
}
