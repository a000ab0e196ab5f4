import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AlertRecord, EventRecord } from '../../../core/snapshot/schema.js';
import { makeEntityId } from '../../../core/model/ids.js';
import { ConvertInputError } from '../errors.js';
import { isoFromMillis, parseZonelessUtc } from '../time.js';
import { jsonCell, readTsv, stringOf, timeCell } from './tsv.js';

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** k8s_events_raw.tsv: the same event is observed repeatedly; the last observation wins. */
export async function readEvents(file: string): Promise<EventRecord[]> {
  const byKey = new Map<string, EventRecord>();
  for await (const row of readTsv(file)) {
    const event = jsonCell(file, row, 'object');
    const metadata = asObj(event.metadata);
    const involved = asObj(event.involvedObject);
    const kind = stringOf(involved.kind);
    const name = stringOf(involved.name);
    if (!kind || !name) throw new ConvertInputError(file, row.line, 'event has no involvedObject kind/name');
    const namespace = kind === 'Node' ? null : (stringOf(involved.namespace) ?? stringOf(row.values.namespace));
    const when = [event.lastTimestamp, event.eventTime, event.firstTimestamp]
      .map((t) => (typeof t === 'string' ? Date.parse(t) : NaN))
      .find((t) => !Number.isNaN(t));
    const count = typeof event.count === 'number' && Number.isInteger(event.count) && event.count >= 0 ? event.count : undefined;
    const key = stringOf(metadata.uid) ?? `${stringOf(metadata.namespace) ?? ''}/${stringOf(metadata.name) ?? row.line}`;
    byKey.set(key, {
      time: isoFromMillis(when ?? timeCell(file, row, 'timestamp')),
      entity: makeEntityId(kind, name, namespace),
      type: event.type === 'Warning' ? 'Warning' : 'Normal',
      reason: stringOf(event.reason) ?? '',
      message: stringOf(event.message) ?? '',
      ...(count === undefined ? {} : { count }),
    });
  }
  return [...byKey.values()].sort((a, b) => String(a.time).localeCompare(String(b.time)));
}

/** The entity an alert's labels point at: pod, then deployment, then service, else the namespace. */
export function alertEntity(labels: Record<string, string>, defaultNamespace: string | null): string {
  const namespace = labels.namespace ?? defaultNamespace;
  if (labels.pod) return makeEntityId('Pod', labels.pod, namespace);
  if (labels.deployment) return makeEntityId('Deployment', labels.deployment, namespace);
  const service = labels.service_name ?? labels.service;
  if (service) return makeEntityId('Service', service, namespace);
  return namespace ? makeEntityId('Namespace', namespace) : makeEntityId('Cluster', 'cluster');
}

/**
 * alerts/alerts_at_<ts>.json holds the firing alerts at one moment (a Prometheus alert array,
 * or the /api/v1/alerts envelope). The same alert across files is one record, with the
 * earliest start.
 */
export function readAlerts(dir: string, defaultNamespace: string | null): AlertRecord[] {
  const folder = join(dir, 'alerts');
  if (!existsSync(folder)) return [];
  const byKey = new Map<string, AlertRecord>();
  for (const name of readdirSync(folder)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file = join(folder, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new ConvertInputError(file, null, `not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const list = Array.isArray(parsed) ? parsed : asObj(asObj(parsed).data).alerts;
    if (!Array.isArray(list)) throw new ConvertInputError(file, null, 'expected an array of alerts');
    const fileTime = parseZonelessUtc(name.replace(/^alerts_at_|\.json$/g, '').replace(/T(\d\d)-(\d\d)-(\d\d)/, ' $1:$2:$3'));
    list.forEach((raw, index) => {
      const alert = asObj(raw);
      const labels = Object.fromEntries(Object.entries(asObj(alert.labels)).map(([k, v]) => [k, String(v)]));
      const annotations = asObj(alert.annotations);
      const alertname = labels.alertname;
      if (!alertname) throw new ConvertInputError(file, null, `alert ${index + 1} has no labels.alertname`);
      if (alert.state !== undefined && alert.state !== 'firing') return;
      const started =
        [alert.startsAt, alert.activeAt].map((t) => (typeof t === 'string' ? Date.parse(t) : NaN)).find((t) => !Number.isNaN(t)) ??
        fileTime;
      if (started === null || started === undefined) throw new ConvertInputError(file, null, `alert ${alertname} has no startsAt/activeAt`);
      const key = `${alertname}\u0000${JSON.stringify(Object.entries(labels).sort())}`;
      const previous = byKey.get(key);
      if (previous && Date.parse(String(previous.startsAt)) <= started) return;
      const summary = stringOf(annotations.summary) ?? stringOf(annotations.description);
      byKey.set(key, {
        name: alertname,
        entity: alertEntity(labels, defaultNamespace),
        severity: labels.severity ?? 'warning',
        startsAt: isoFromMillis(started),
        ...(summary ? { summary } : {}),
        labels,
      });
    });
  }
  return [...byKey.values()].sort((a, b) => String(a.startsAt).localeCompare(String(b.startsAt)) || a.name.localeCompare(b.name));
}
