import { makeEntityId, parseEntityId } from '../../../../core/model/ids.js';
import { Entity, type Relation, type Topology, type TopologyEdge } from '../../../../core/model/topology.js';
import { COLLECTOR_LIMIT_METRICS, podLimitAttrs, type LIMIT_ATTRS, type TraceAggregation } from '../../../../core/signals/index.js';
import { sqlString, type ChRunner } from '../runner.js';

/** What a row's resource attributes say about where it comes from (main/convert/capture/entity-map.ts EntityHints). */
interface Hints {
  namespace: string;
  pod: string;
  replicaSet: string;
  deployment: string;
  service: string;
  node: string;
}

const RES = (key: string): string => `ResourceAttributes['${key}']`;
const HINT_COLUMNS = `if(${RES('k8s.namespace.name')} != '', ${RES('k8s.namespace.name')}, ${RES('service.namespace')}) AS namespace,
  ${RES('k8s.pod.name')} AS pod, ${RES('k8s.replicaset.name')} AS replicaSet, ${RES('k8s.deployment.name')} AS deployment,
  if(ServiceName != '', ServiceName, ${RES('service.name')}) AS service, ${RES('k8s.node.name')} AS node`;

const safe = (name: string): string => name.replace(/\//g, '_');

/** The entity of a hint tuple, as schema.ts ENTITY_EXPR names it in SQL. */
function entityOf(h: Hints): string {
  const ns = h.namespace ? safe(h.namespace) : null;
  const service = h.service.startsWith('unknown_service') ? '' : h.service;
  if (h.pod) return makeEntityId('Pod', safe(h.pod), ns);
  if (h.deployment) return makeEntityId('Deployment', safe(h.deployment), ns);
  if (service) return makeEntityId('Service', safe(service), ns);
  if (h.node) return makeEntityId('Node', safe(h.node), null);
  return 'Service/unknown';
}

/**
 * The topology of a database the Collector wrote, where the project's topology tables are
 * empty: one entity per distinct resource (a pod, else a deployment, service or node), with
 * what its attributes state (its service and replica set or deployment contain a pod; a pod
 * runs on its node), and service→service `calls` edges from the baseline's parent/child spans
 * (a call seen only in the window is left for the trace-edge signal to discover, as `eog
 * convert` does). What Kubernetes objects would add (config maps, stateful sets, events on
 * them) is not in telemetry: docs/clickhouse.md.
 */
export function collectorTopology(runner: ChRunner, sinceMs: number, traces: TraceAggregation): Topology {
  const since = { since: sinceMs };
  const tables: [string, string][] = [
    ['otel_traces', 'Timestamp'],
    ['otel_logs', 'Timestamp'],
    ['otel_metrics_gauge', 'TimeUnix'],
    ['otel_metrics_sum', 'TimeUnix'],
    ['otel_metrics_histogram', 'TimeUnix'],
  ];
  const present = new Set(
    runner
      .rows("SELECT name FROM system.tables WHERE database = currentDatabase() AND startsWith(name, 'otel_')")
      .map((r) => String(r.name)),
  );
  const union = tables
    .filter(([t]) => present.has(t))
    .map(([t, time]) => `SELECT DISTINCT ${HINT_COLUMNS} FROM ${t} WHERE ${time} >= fromUnixTimestamp64Milli({since:Int64})`)
    .join(' UNION DISTINCT ');
  const hints = union === '' ? [] : (runner.rows(union, since) as unknown as Hints[]);
  const ids = new Set<string>();
  const edges = new Map<string, TopologyEdge>();
  const edge = (source: string, target: string, relation: Relation): void => {
    ids.add(source);
    ids.add(target);
    edges.set(`${source}\u0000${target}\u0000${relation}`, { source, target, relation });
  };
  for (const h of hints) {
    const entity = entityOf(h);
    ids.add(entity);
    if (!h.pod) continue;
    const ns = h.namespace ? safe(h.namespace) : null;
    if (h.service && !h.service.startsWith('unknown_service')) edge(makeEntityId('Service', safe(h.service), ns), entity, 'contains');
    if (h.replicaSet) {
      const rs = makeEntityId('ReplicaSet', safe(h.replicaSet), ns);
      edge(rs, entity, 'contains');
      if (h.deployment) edge(makeEntityId('Deployment', safe(h.deployment), ns), rs, 'contains');
    } else if (h.deployment) edge(makeEntityId('Deployment', safe(h.deployment), ns), entity, 'contains');
    if (h.node) edge(entity, makeEntityId('Node', safe(h.node), null), 'runs_on');
  }
  const serviceOf = new Map<string, string>();
  for (const e of edges.values())
    if (e.relation === 'contains' && parseEntityId(e.source).kind === 'Service' && parseEntityId(e.target).kind === 'Pod')
      serviceOf.set(e.target, e.source);
  const owner = (entity: string): string => serviceOf.get(entity) ?? entity;
  for (const e of traces.edges) {
    if (e.baseline.calls === 0) continue;
    const [from, to] = [owner(e.caller), owner(e.callee)];
    if (from !== to) edge(from, to, 'calls');
  }
  const limits = present.has('otel_metrics_gauge') ? collectorLimits(runner, since) : new Map<string, Record<string, number>>();
  const entities = [...ids].sort().map((id) => {
    const { kind, name, namespace } = parseEntityId(id);
    return Entity.parse({ id, kind, name, namespace, attrs: limits.get(id) ?? {} });
  });
  const order = (e: TopologyEdge): string => `${e.source}\u0000${e.target}\u0000${e.relation}`;
  return { entities, edges: [...edges.values()].sort((a, b) => (order(a) < order(b) ? -1 : 1)) };
}

/**
 * Pods' CPU and memory limits from the cluster receiver's gauges (COLLECTOR_LIMIT_METRICS):
 * each container's latest value, summed over the pod's containers, as the attributes the
 * investigation reads (docs/formats.md §1).
 */
function collectorLimits(runner: ChRunner, since: { since: number }): Map<string, Record<string, number>> {
  const resources = Object.entries(COLLECTOR_LIMIT_METRICS) as [keyof typeof LIMIT_ATTRS, string][];
  const rows = runner.rows(
    `SELECT ${HINT_COLUMNS}, MetricName AS metric, argMax(Value, TimeUnix) AS value
     FROM otel_metrics_gauge
     WHERE MetricName IN (${resources.map(([, m]) => sqlString(m)).join(', ')}) AND TimeUnix >= fromUnixTimestamp64Milli({since:Int64})
     GROUP BY namespace, pod, replicaSet, deployment, service, node, metric,
       if(Attributes['k8s.container.name'] != '', Attributes['k8s.container.name'], ${RES('k8s.container.name')})`,
    since,
  ) as unknown as Array<Hints & { metric: string; value: number }>;
  return podLimitAttrs(
    rows.flatMap((r) => {
      const resource = resources.find(([, m]) => m === r.metric)?.[0];
      const value = Number(r.value);
      return resource && r.pod && value > 0 ? [{ entity: entityOf(r), resource, value }] : [];
    }),
  );
}
