import { makeEntityId, parseEntityId } from '../../../core/model/ids.js';
import { safeName } from './entity-map.js';
import type { CaptureRecords } from './records.js';

/**
 * The metric namespaces the Prometheus community's exporters write for each system, keyed by
 * the system's name in the OpenTelemetry semantic conventions (`db.system.name`,
 * `messaging.system`). Each exporter prefixes its series with the system's name (the
 * postgres exporter also with `pg`); recording rules keep it in one of their
 * `level:metric:operation` parts. This is a table of public conventions, not of any capture.
 */
const EXPORTER_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  postgresql: ['pg', 'postgres', 'postgresql'],
  redis: ['redis'],
  valkey: ['redis', 'valkey'],
  mysql: ['mysql'],
  mariadb: ['mysql', 'mariadb'],
  mongodb: ['mongodb'],
  memcached: ['memcached'],
  elasticsearch: ['elasticsearch'],
  opensearch: ['opensearch', 'elasticsearch'],
  cassandra: ['cassandra'],
  kafka: ['kafka'],
  rabbitmq: ['rabbitmq'],
  nats: ['nats', 'gnatsd'],
  clickhouse: ['clickhouse'],
};
/** The node exporter's namespace: its series describe the machine, not a service. */
const HOST_FAMILY = 'node';

export interface ScrapedOnly {
  entity: string;
  /** The first `_`-separated word of every `:`-separated part of its series' names. */
  families: ReadonlySet<string>;
  /** Every label value of its series (an exporter names what it watches in one: `server`, `addr`). */
  labelValues: readonly string[];
}

function familiesOf(name: string): string[] {
  return name
    .split(':')
    .map((part) => part.split('_')[0]!.toLowerCase())
    .filter((f) => f !== '');
}

/**
 * Entities seen only through Prometheus series (no spans, no logs): a scrape job. Those that
 * serve the system's traffic export spans; what is only scraped is an exporter, Prometheus
 * itself, or a service without tracing.
 */
export function scrapedOnly(capture: CaptureRecords): ScrapedOnly[] {
  const traced = new Set<string>();
  for (const s of capture.spans) traced.add(s.entity);
  for (const l of capture.logs) traced.add(l.entity);
  const byEntity = new Map<string, { families: Set<string>; labelValues: Set<string> }>();
  for (const m of capture.metrics) {
    if (traced.has(m.entity)) continue;
    const entry = byEntity.get(m.entity) ?? { families: new Set<string>(), labelValues: new Set<string>() };
    for (const f of familiesOf(m.name)) entry.families.add(f);
    for (const v of Object.values(m.labels ?? {})) if (typeof v === 'string') entry.labelValues.add(v);
    byEntity.set(m.entity, entry);
  }
  return [...byEntity.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([entity, e]) => ({ entity, families: e.families, labelValues: [...e.labelValues] }));
}

/** The system a scrape job exports, by its series' namespaces; null when they name none (or several). */
export function exporterSystemOf(families: ReadonlySet<string>): string | null {
  const systems = Object.entries(EXPORTER_FAMILIES)
    .filter(([, fs]) => fs.some((f) => families.has(f)))
    .map(([s]) => s);
  // valkey/mariadb/opensearch share their forks' namespaces: the fork's own name decides, else the original.
  const own = systems.filter((s) => families.has(s));
  if (own.length === 1) return own[0]!;
  const originals = systems.filter((s) => !['valkey', 'mariadb', 'opensearch'].includes(s));
  return originals.length === 1 ? originals[0]! : null;
}

/**
 * A node exporter's scrape job is the machine it describes, not a service: its series and
 * alerts move to `Node/<host>`, the host the OTLP resources name (`host.name`) when they name
 * one, else the host of its `instance` label.
 */
export function hostsFromNodeExporters(capture: CaptureRecords, scraped: readonly ScrapedOnly[]): void {
  const renames = new Map<string, string>();
  for (const job of scraped) {
    if (!job.families.has(HOST_FAMILY) || exporterSystemOf(job.families) !== null) continue;
    if (parseEntityId(job.entity).kind !== 'Service') continue;
    const host = capture.hosts.size === 1 ? [...capture.hosts][0]! : instanceHost(capture, job.entity);
    if (host === null) continue;
    renames.set(job.entity, makeEntityId('Node', safeName(host), null));
  }
  if (renames.size === 0) return;
  for (const records of [capture.metrics, capture.alerts] as { entity: string }[][])
    for (const r of records) r.entity = renames.get(r.entity) ?? r.entity;
  for (const [from, to] of renames) capture.topology.rename(from, to);
}

function instanceHost(capture: CaptureRecords, entity: string): string | null {
  for (const m of capture.metrics) {
    const instance = m.entity === entity ? m.labels?.instance : undefined;
    if (typeof instance === 'string' && instance !== '') return instance.replace(/:\d+$/, '');
  }
  return null;
}
