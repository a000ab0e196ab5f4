import { parseEntityId } from '../../../core/model/ids.js';
import type { CaptureRecords } from './records.js';

/**
 * Service → service call edges from parent/child spans whose entities belong to different
 * services (a pod's service is the Service that contains it). Only spans that start before
 * `before` count, so a call seen only during the incident is left for the evidence store to
 * discover, as with the other converters.
 */
export function addCallEdges(capture: CaptureRecords, before: number | null): void {
  const topology = capture.topology.build();
  const serviceOf = new Map<string, string>();
  for (const e of topology.edges)
    if (e.relation === 'contains' && parseEntityId(e.source).kind === 'Service' && parseEntityId(e.target).kind === 'Pod')
      serviceOf.set(e.target, e.source);
  const owner = (entity: string): string => serviceOf.get(entity) ?? entity;
  const entityOfSpan = new Map<string, string>();
  for (const s of capture.spans) entityOfSpan.set(`${s.traceId}/${s.spanId}`, s.entity);
  for (const s of capture.spans) {
    if (!s.parentSpanId) continue;
    if (before !== null && Date.parse(String(s.start)) >= before) continue;
    const parent = entityOfSpan.get(`${s.traceId}/${s.parentSpanId}`);
    if (parent === undefined) continue;
    const from = owner(parent);
    const to = owner(s.entity);
    if (from !== to) capture.topology.addEdge(from, to, 'calls');
  }
}
