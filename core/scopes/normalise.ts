import type { EntityId } from '../model/ids.js';

/** Severity on one scale, whatever the source called it. */
export const alertSeverities = ['critical', 'error', 'warning', 'info'] as const;
export type AlertSeverity = (typeof alertSeverities)[number];

/** An alert as any source gives it: a bundle record, a synthesised alert or a converted one. */
export interface RawAlert {
  id: string;
  entity: EntityId;
  name: string;
  severity: string;
  summary?: string;
  labels?: Readonly<Record<string, string>>;
  startsAt: number;
  endsAt: number | null;
  /** `bundle`, `synthesised`, or the converter's source (`prometheus`, `itbench`, `nezha`, …). */
  source: string;
}

/** One alert, normalised (docs/scopes.md §1). */
export interface NormalisedAlert {
  id: string;
  /** The alert's kind: its name and the labels that identify the kind, never instance labels. */
  signature: string;
  name: string;
  entity: EntityId;
  severity: AlertSeverity;
  startsAt: number;
  endsAt: number | null;
  source: string;
  /** Other entities the alert names in its labels (a caller and its callee, a pod and its node). */
  references: EntityId[];
}

/**
 * Label keys that name an instance (which pod, host, address, replica), or the entity the
 * alert is already attached to, rather than the kind of the alert. Sources spell them many
 * ways; these are the spellings of Prometheus, Kubernetes, OpenTelemetry and ITBench.
 */
const INSTANCE_KEY =
  /^(alertname|severity|instance|pod|pod_name|podname|container|container_id|container_name|node|nodename|node_name|host|hostname|host_name|ip|pod_ip|host_ip|address|endpoint|uid|id|namespace|service|service_name|deployment|replicaset|statefulset|daemonset|job|entity|target|source|destination|peer|peer_service|k8s_.*|service\.name|k8s\..*|exported_.*|prometheus|prometheus_replica|receiver|fingerprint|generatorurl|starts_?at|ends_?at)$/i;
/** Values that identify an instance whatever their key: addresses, uuids, long hex ids, pod hashes. */
const INSTANCE_VALUE = /^(\d{1,3}(\.\d{1,3}){3}(:\d+)?|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f-]+|[0-9a-f]{12,}|.+-[a-z0-9]{8,10}-[a-z0-9]{5})$/i;

const severityMap: Record<string, AlertSeverity> = {
  critical: 'critical',
  crit: 'critical',
  fatal: 'critical',
  emergency: 'critical',
  page: 'critical',
  p1: 'critical',
  error: 'error',
  err: 'error',
  high: 'error',
  major: 'error',
  p2: 'error',
  warning: 'warning',
  warn: 'warning',
  medium: 'warning',
  minor: 'warning',
  p3: 'warning',
};

export function normaliseSeverity(severity: string): AlertSeverity {
  return severityMap[severity.trim().toLowerCase()] ?? 'info';
}

/** Name plus the kind-identifying labels, sorted: `HighErrorRate{code=500}`. */
export function alertSignature(name: string, labels: Readonly<Record<string, string>> = {}, entityName = ''): string {
  const kept = Object.keys(labels)
    .filter((k) => !INSTANCE_KEY.test(k))
    .filter((k) => {
      const v = labels[k] ?? '';
      return v !== '' && !INSTANCE_VALUE.test(v) && (entityName === '' || !v.includes(entityName));
    })
    .sort()
    .map((k) => `${k}=${labels[k]}`);
  return kept.length > 0 ? `${name}{${kept.join(',')}}` : name;
}

/**
 * Normalises alerts from every source. `resolve` maps a label value to an entity id when it
 * names one (null otherwise); `nameOf` gives an entity's short name, so a label that merely
 * repeats it is not taken for part of the kind. Output is sorted by start, then id.
 */
export function normaliseAlerts(
  alerts: readonly RawAlert[],
  resolve: (value: string) => EntityId | null,
  nameOf: (entity: EntityId) => string,
): NormalisedAlert[] {
  return alerts
    .map((a): NormalisedAlert => {
      const labels = a.labels ?? {};
      const references = [
        ...new Set(
          Object.values(labels)
            .map(resolve)
            .filter((e): e is EntityId => e !== null && e !== a.entity),
        ),
      ].sort();
      return {
        id: a.id,
        signature: alertSignature(a.name, labels, nameOf(a.entity)),
        name: a.name,
        entity: a.entity,
        severity: normaliseSeverity(a.severity),
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        source: a.source,
        references,
      };
    })
    .sort((a, b) => a.startsAt - b.startsAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
