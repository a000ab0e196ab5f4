import { basename } from 'node:path';
import { entityOf } from '../capture/entity-map.js';
import { withDocumentErrors } from '../capture/line-errors.js';
import type { CaptureRecords } from '../capture/records.js';
import { parseJsonDocument, type SourceFile } from '../capture/source-file.js';
import { arrayAt, FieldTypeError, objectAt, optionalString, stringAt, stringMap, type Json } from '../capture/values.js';
import { ConvertInputError } from '../errors.js';
import { isoFromMillis } from '../time.js';
import { splitLabels } from './labels.js';

/**
 * Reads one Prometheus HTTP API response saved as JSON: a range query
 * (`/api/v1/query_range`, resultType `matrix`), an instant query (`vector`), or the alerts
 * endpoint (`/api/v1/alerts`). A response with status `error` stops the conversion.
 */
export function readPrometheusFile(file: SourceFile, capture: CaptureRecords): void {
  const doc = parseJsonDocument(file);
  withDocumentErrors(file, () => {
    if (Array.isArray(doc)) return readAlertmanagerAlerts(doc, file, capture);
    const root = objectAt(doc, []);
    const status = optionalString(root.status, ['status']);
    if (status === 'error')
      throw new ConvertInputError(
        file.name,
        1,
        `the saved response is an error (${String(root.errorType ?? '')}: ${String(root.error ?? '')})`,
      );
    const data = objectAt(root.data, ['data']);
    if (Array.isArray(data.alerts)) return readAlerts(data.alerts, file, capture);
    const type = stringAt(data.resultType, ['data', 'resultType']);
    if (type !== 'matrix' && type !== 'vector')
      throw new ConvertInputError(
        file.name,
        1,
        `resultType "${type}" holds no series; save a range query (matrix) or an instant query (vector)`,
      );
    arrayAt(data.result, ['data', 'result']).forEach((s, i) => readSeries(objectAt(s, ['data', 'result', i]), i, type, file, capture));
  });
}

function readSeries(series: Json, index: number, type: 'matrix' | 'vector', file: SourceFile, capture: CaptureRecords): void {
  const path = ['data', 'result', index];
  const labels = stringMap(series.metric, [...path, 'metric']);
  const { hints, rest } = splitLabels(labels);
  const entity = entityOf(hints);
  if (entity === null) {
    capture.warn(file.name, 'series without namespace/pod/deployment/service/node/job labels name no entity; skipped');
    return;
  }
  capture.topology.ensure(entity);
  let name = labels.__name__;
  if (!name) {
    name = basename(file.name).replace(/\.json(\.gz)?$/, '');
    capture.warn(file.name, `series without __name__ (an expression's result) are named after the file: ${name}`);
  }
  const samples = type === 'matrix' ? arrayAt(series.values, [...path, 'values']) : [series.value];
  const samplesPath = type === 'matrix' ? [...path, 'values'] : [...path, 'value'];
  const unit = unitOfName(name);
  let skipped = 0;
  samples.forEach((sample, j) => {
    const at = type === 'matrix' ? [...samplesPath, j] : samplesPath;
    if (!Array.isArray(sample) || sample.length !== 2) throw new FieldTypeError(at, '[unix seconds, "value"]');
    const [ts, text] = sample as [unknown, unknown];
    if (typeof ts !== 'number' || !Number.isFinite(ts)) throw new FieldTypeError([...at, 0], 'unix seconds as a number');
    const value = Number(stringAt(text, [...at, 1]));
    if (!Number.isFinite(value)) {
      skipped++;
      return;
    }
    capture.metrics.push({
      time: isoFromMillis(Math.round(ts * 1000)),
      entity,
      name,
      value,
      ...(unit !== null ? { unit } : {}),
      ...(Object.keys(rest).length > 0 ? { labels: rest } : {}),
    });
  });
  // Prometheus answers NaN for a ratio over no requests and marks stale series; every real
  // capture holds some, so they are counted in the bundle's source, not warned about.
  capture.droppedSamples += skipped;
}

/**
 * Prometheus's `/api/v1/alerts`: active alerts with labels, annotations, state and `activeAt`
 * (when the alert became pending; it fires once its `for` has passed). Pending ones are not
 * alerts yet.
 */
function readAlerts(alerts: unknown[], file: SourceFile, capture: CaptureRecords): void {
  alerts.forEach((a, i) => {
    const path = ['data', 'alerts', i];
    const alert = objectAt(a, path);
    const state = optionalString(alert.state, [...path, 'state']);
    if (state !== undefined && state !== 'firing') return;
    pushAlert(alert, path, 'activeAt', file, capture);
  });
}

/**
 * Alertmanager's `/api/v2/alerts` (a JSON array): `startsAt` is when the alert fired. Active
 * and suppressed (silenced or inhibited, still firing) alerts are read; `endsAt` of an active
 * alert is only when Alertmanager would resolve it unheard, so it is not kept.
 */
function readAlertmanagerAlerts(alerts: unknown[], file: SourceFile, capture: CaptureRecords): void {
  alerts.forEach((a, i) => {
    const alert = objectAt(a, [i]);
    const status = alert.status === undefined ? {} : objectAt(alert.status, [i, 'status']);
    const state = optionalString(status.state, [i, 'status', 'state']);
    if (state !== undefined && state !== 'active' && state !== 'suppressed') return;
    pushAlert(alert, [i], 'startsAt', file, capture);
  });
}

function pushAlert(
  alert: Json,
  path: (string | number)[],
  timeField: 'activeAt' | 'startsAt',
  file: SourceFile,
  capture: CaptureRecords,
): void {
  const labels = stringMap(alert.labels, [...path, 'labels']);
  const annotations = stringMap(alert.annotations, [...path, 'annotations']);
  const name = labels.alertname;
  if (!name) throw new FieldTypeError([...path, 'labels', 'alertname'], 'the alert name (label alertname)');
  const startsAt = Date.parse(stringAt(alert[timeField], [...path, timeField]));
  if (Number.isNaN(startsAt)) throw new FieldTypeError([...path, timeField], 'an RFC 3339 time');
  const { alertname: _n, severity, ...kept } = labels;
  const entity = entityOf(splitLabels(labels).hints);
  if (entity === null) {
    capture.warn(file.name, `alert ${name} has no namespace/pod/deployment/service/node/job label and names no entity; skipped`);
    return;
  }
  capture.topology.ensure(entity);
  const summary = annotations.summary ?? annotations.description;
  // Saved responses are snapshots: an alert still firing is in each of them, and is one alert.
  const key = JSON.stringify([name, entity, startsAt, Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
  if (capture.alertKeys.has(key)) return;
  capture.alertKeys.add(key);
  capture.alerts.push({
    name,
    entity,
    severity: severity || 'none',
    startsAt: isoFromMillis(startsAt),
    ...(summary !== undefined ? { summary } : {}),
    ...(Object.keys(kept).length > 0 ? { labels: kept } : {}),
  });
}

/**
 * The unit a series' name states by Prometheus's naming conventions (a base-unit suffix, before
 * `_total` / `_bucket` / `_count` / `_sum`), as OTLP's UCUM codes: `_seconds` s, `_bytes` By,
 * `_ratio` 1, `_percent` %, `_celsius` Cel, `_joules` J, `_volts` V, `_meters` m, `_hertz` Hz.
 * A recording rule (`level:metric:operations`) states it in its metric part. Null when the name
 * states none; a counter's rate keeps its unit's name (`process_cpu_seconds_total` is seconds).
 */
export function unitOfName(name: string): string | null {
  const parts = name.split(':');
  const metric = (parts.length === 3 ? parts[1] : name) ?? name;
  const base = metric.replace(/_(total|bucket|count|sum|created)$/, '');
  for (const [suffix, unit] of UNIT_SUFFIXES) if (base.endsWith(suffix)) return unit;
  return null;
}

const UNIT_SUFFIXES: readonly (readonly [string, string])[] = [
  ['_seconds', 's'],
  ['_bytes', 'By'],
  ['_ratio', '1'],
  ['_percent', '%'],
  ['_celsius', 'Cel'],
  ['_joules', 'J'],
  ['_volts', 'V'],
  ['_meters', 'm'],
  ['_hertz', 'Hz'],
];
