import { mkdirSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import type { SnapshotManifest } from '../../../core/snapshot/schema.js';
import { parseTimestamp } from '../../../core/snapshot/time.js';
import { writeBundle } from '../bundle-writer.js';
import { UnrecognisedInputError } from '../errors.js';
import { readKubeEvents } from '../kubectl/events.js';
import { diffKubeObjects, readFirstSeen } from '../kubectl/changes.js';
import { latestViews, orderDumps, readKubectlFile } from '../kubectl/objects.js';
import { withoutUnlinked } from '../kubectl/policies.js';
import { readRollouts } from '../kubectl/rollouts.js';
import { limitsFromMetrics } from './limits.js';
import { addKubeTopology } from '../kubectl/topology.js';
import { readOtlpFile } from '../otlp/read.js';
import type { CumulativeState } from '../otlp/metrics.js';
import { readPrometheusFile } from '../prometheus/read.js';
import type { ConversionWarning } from '../warnings.js';
import { addCallEdges } from './call-edges.js';
import { hostsFromNodeExporters, scrapedOnly } from './exporters.js';
import { addClientSpanPeers } from './peers.js';
import { expandInputs } from './inputs.js';
import { CaptureRecords } from './records.js';
import { readSourceFile } from './source-file.js';

export interface CaptureInputs {
  otlp?: readonly string[];
  prometheus?: readonly string[];
  kubectl?: readonly string[];
}

export interface CaptureOptions {
  /** Bundle name (default: the output folder's name). */
  name?: string;
  /** What the user knows and the capture cannot say: the onset, the window, a normal period. */
  incidentTime?: string;
  window?: { start: string; end: string };
  baseline?: { start: string; end: string };
  onWarning?: (warning: ConversionWarning) => void;
  /** Name input files in warnings relative to this folder (the app's opened folder), not as given. */
  relativeTo?: string;
}

export interface CaptureResult {
  bundle: string;
  warnings: ConversionWarning[];
  counts: Record<'alerts' | 'events' | 'logs' | 'metrics' | 'spans' | 'changes' | 'entities', number>;
}

/**
 * Converts what a user already has (OTLP JSON from the Collector's file exporter, Prometheus
 * HTTP API dumps, `kubectl get -o json` lists) into ONE native bundle at `outDir`.
 */
export function convertCapture(inputs: CaptureInputs, outDir: string, options: CaptureOptions = {}): CaptureResult {
  const otlp = expandInputs(inputs.otlp ?? [], 'otlp');
  const prometheus = expandInputs(inputs.prometheus ?? [], 'prometheus');
  const kubectl = expandInputs(inputs.kubectl ?? [], 'kubectl');
  if (otlp.length + prometheus.length + kubectl.length === 0) throw new UnrecognisedInputError('convert: no input files given');
  const capture = new CaptureRecords();
  const state: CumulativeState = new Map();
  for (const file of otlp) readOtlpFile(readSourceFile(file), capture, state);
  for (const file of prometheus) readPrometheusFile(readSourceFile(file), capture);
  limitsFromMetrics(capture);
  const dumps = orderDumps(kubectl.map((file, dump) => readKubectlFile(readSourceFile(file), dump, capture)));
  const objects = withoutUnlinked(dumps, capture);
  addKubeTopology(latestViews(objects), capture);
  readKubeEvents(objects, capture);
  readRollouts(objects, capture);
  readFirstSeen(objects, capture);
  diffKubeObjects(objects, capture);
  if (otlp.length === 0) capture.warnings.push({ message: 'no OTLP input: no spans, no logs and no call edges' });
  if (prometheus.length === 0) capture.warnings.push({ message: 'no Prometheus input: no alerts and no metrics from Prometheus' });
  // Most systems are not on Kubernetes: a capture without kubectl is normal, not a gap.
  if (kubectl.length === 1)
    capture.warnings.push({
      file: kubectl[0],
      message:
        'one kubectl dump: the changes it holds are the rollout history, policy objects created and when config and policy objects were last edited; what an edit changed needs two dumps of the same objects',
    });

  if (options.relativeTo !== undefined) relativeWarnings(capture.warnings, options.relativeTo);

  // The scrape jobs as read, before peers draw spans for the exporter jobs they are named after.
  const scraped = scrapedOnly(capture);
  addClientSpanPeers(capture, scraped);
  hostsFromNodeExporters(capture, scraped);
  const onset = parseTimestamp(options.baseline?.end ?? options.incidentTime ?? null);
  addCallEdges(capture, onset);
  if (kubectl.length > 0) warnUndescribed(capture);
  for (const records of [capture.spans, capture.logs, capture.metrics, capture.alerts] as {
    time?: unknown;
    start?: unknown;
    startsAt?: unknown;
  }[][])
    sortByTime(records);

  const baseline = options.baseline ?? (options.window ? capturedBefore(capture, options.window.start) : undefined);
  const bundle = resolve(outDir);
  const manifest: SnapshotManifest = {
    format: 'eog-snapshot',
    version: 1,
    name: options.name ?? basename(bundle),
    description: 'Converted from an OTLP / Prometheus / kubectl capture',
    ...(options.incidentTime ? { incidentTime: options.incidentTime } : {}),
    ...(options.window ? { window: options.window } : {}),
    ...(baseline ? { baseline } : {}),
    ...(capture.warnings.length > 0 ? { warnings: capture.warnings } : {}),
    source: {
      kind: 'capture',
      inputs: {
        otlp: otlp.map((n) => basename(n)),
        prometheus: prometheus.map((n) => basename(n)),
        kubectl: kubectl.map((n) => basename(n)),
      },
      ...(capture.droppedSamples > 0 ? { droppedSamples: capture.droppedSamples } : {}),
      ...(baseline && !options.baseline ? { baselinePeriod: 'what the capture holds before the window' } : {}),
    },
  };
  mkdirSync(join(bundle, '..'), { recursive: true });
  writeBundle(bundle, {
    manifest,
    topology: capture.topology.build(),
    records: {
      alerts: capture.alerts,
      events: capture.events,
      logs: capture.logs,
      metrics: capture.metrics,
      spans: capture.spans,
      changes: capture.changes,
    },
  });
  for (const w of capture.warnings) options.onWarning?.(w);
  const { alerts, events, logs, metrics, spans, changes } = capture;
  return {
    bundle,
    warnings: capture.warnings,
    counts: {
      alerts: alerts.length,
      events: events.length,
      logs: logs.length,
      metrics: metrics.length,
      spans: spans.length,
      changes: changes.length,
      entities: capture.topology.build().entities.length,
    },
  };
}

/** Warnings naming input files under `root` name them from there (in place); record kinds stay as they are. */
function relativeWarnings(warnings: ConversionWarning[], root: string): void {
  for (const w of warnings)
    if (w.file !== undefined && isAbsolute(w.file) && !relative(root, w.file).startsWith('..')) w.file = relative(root, w.file);
}

/** A stretch this long without a record splits what a capture holds into separate periods. */
const CAPTURE_GAP_MS = 5 * 60_000;

/**
 * With a window and no baseline given, the baseline is a period the capture itself holds before
 * the window: its spans there (its records, without spans) fall into stretches split by gaps of
 * 5 minutes or more, and the longest stretch is the baseline (the latest of equal ones). A user
 * who saved a quiet period beside the incident gave it that way, and a few minutes of lead
 * before the window are a poorer normal than it; call rates are compared over the stretch's
 * length, never over the hole before the window.
 */
function capturedBefore(capture: CaptureRecords, windowStart: string): { start: string; end: string } | undefined {
  const limit = Date.parse(windowStart);
  const kinds = capture.spans.length > 0 ? [capture.spans] : [capture.metrics, capture.logs];
  const times: number[] = [];
  for (const records of kinds as { time?: unknown; start?: unknown }[][])
    for (const r of records) {
      const t = Date.parse(String(r.time ?? r.start));
      if (t < limit) times.push(t);
    }
  if (times.length === 0) return undefined;
  times.sort((x, y) => x - y);
  let best = { start: times[0]!, end: times[0]! };
  let current = { ...best };
  for (const t of times.slice(1)) {
    if (t - current.end >= CAPTURE_GAP_MS) current = { start: t, end: t };
    else current.end = t;
    if (current.end - current.start >= best.end - best.start) best = { ...current };
  }
  return { start: new Date(best.start).toISOString(), end: new Date(best.end).toISOString() };
}

/** Sorts records by time in place, stably (each time parsed once). */
function sortByTime(records: { time?: unknown; start?: unknown; startsAt?: unknown }[]): void {
  const keyed = records.map((r, i) => ({ r, i, t: Date.parse(String(r.time ?? r.start ?? r.startsAt)) }));
  keyed.sort((a, b) => a.t - b.t || a.i - b.i);
  keyed.forEach((k, i) => (records[i] = k.r));
}

/** With Kubernetes objects given, telemetry naming an entity none of them describes is worth saying. */
function warnUndescribed(capture: CaptureRecords): void {
  const sources: [string, readonly { entity: string }[]][] = [
    ['alerts', capture.alerts],
    ['events', capture.events],
    ['logs', capture.logs],
    ['metrics', capture.metrics],
    ['spans', capture.spans],
  ];
  for (const [kind, records] of sources)
    for (const entity of new Set(records.map((r) => r.entity))) {
      if (capture.described.has(entity)) continue;
      capture.topology.ensure(entity);
      capture.warn(kind, `entity ${entity} is not among the Kubernetes objects; created from its id`);
    }
}
