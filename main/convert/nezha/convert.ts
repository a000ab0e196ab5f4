import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseEntityId } from '../../../core/model/ids.js';
import type { AlertRecord, SnapshotManifest, SpanRecord } from '../../../core/snapshot/schema.js';
import { writeBundle } from '../bundle-writer.js';
import { UnrecognisedInputError, type SkippedRecord } from '../errors.js';
import { isoFromMillis } from '../time.js';
import { synthesiseSliAlerts } from './alerts.js';
import { entryService, hhmmss, isCleanMinute, loadDayContext, spanOf, type DayContext, type Range } from './day-context.js';
import { nezhaGroundTruthYaml } from './ground-truth.js';
import { daysWithoutFaultList, listDays, rcaDir, readFaultList, windowFiles, type NezhaFault } from './layout.js';
import { emptyLogResult, readLogFile } from './logs.js';
import { toMetricRecords } from './metrics.js';
import { podId, serviceId, serviceOfPod } from './names.js';
import { synthesiseTraceAlerts, traceSli } from './trace-sli.js';
import { buildNezhaTopology } from './topology.js';
import { emptyTraceResult, readTraceFile } from './traces.js';
import { readMarkers, systemOfDay } from './system.js';
import { formatWarning, type ConversionWarning } from '../warnings.js';

const MINUTE = 60_000;
const PRE_WINDOW = 10 * MINUTE;

export interface NezhaProgress {
  bundle: string;
  done: number;
  total: number;
}

export interface ConvertNezhaOptions {
  onProgress?: (progress: NezhaProgress) => void;
  /** Called once per gap found (the same warnings are returned and written into the bundles). */
  onWarning?: (warning: ConversionWarning) => void;
  /** Convert only the faults this accepts (tests convert one or two). */
  only?: (fault: NezhaFault) => boolean;
  /**
   * false (`eog convert nezha --no-incident-time`): the "window only" way. The bundles carry no
   * `incidentTime`, and no baseline is cut with the fault list: the traces' and logs' baseline is
   * construct_data's fault-free capture or none, the metrics' the minutes of that capture (else
   * none: the signals compare against what precedes the onset). The window is still the fault's
   * three files, as a user hands over the capture of an incident without knowing when it began.
   */
  incidentTime?: boolean;
}

export interface ConvertNezhaResult {
  bundles: string[];
  /** Every gap found, once each, in the order found. */
  warnings: ConversionWarning[];
}

/** Bundle names carry the day and the fault's position only, never what was injected where. */
export function nezhaBundleName(fault: NezhaFault): string {
  return `${fault.day}-f${String(fault.index).padStart(2, '0')}`;
}

/**
 * Converts a Nezha dataset root into one native bundle per injected fault under `outDir`.
 * Missing pieces (a day's baseline, a minute's log or trace file, metric files) do not stop
 * the conversion: every bundle that can be written is, and each gap becomes a warning.
 */
export async function convertNezha(root: string, outDir: string, options: ConvertNezhaOptions = {}): Promise<ConvertNezhaResult> {
  const days = listDays(root);
  if (days.length === 0)
    throw new UnrecognisedInputError(`${root} has no rca_data/<day>/<day>-fault_list.json: is it the Nezha dataset root?`);
  const warnings: ConversionWarning[] = [];
  const seen = new Set<string>();
  const report = (warning: ConversionWarning): void => {
    const key = formatWarning(warning);
    if (seen.has(key)) return;
    seen.add(key);
    warnings.push(warning);
    options.onWarning?.(warning);
  };
  for (const day of daysWithoutFaultList(root)) {
    report({
      file: join('rca_data', day),
      message: `no ${day}-fault_list.json: the day's incidents are unknown, nothing converted for it`,
    });
  }
  const markers = readMarkers(root);
  const plan = days.map((day) => ({ day, faults: readFaultList(root, day) }));
  const total = plan.reduce((n, p) => n + p.faults.filter((f) => options.only?.(f) ?? true).length, 0);
  mkdirSync(outDir, { recursive: true });
  const bundles: string[] = [];
  let done = 0;
  for (const { day, faults } of plan) {
    const selected = faults.filter((f) => options.only?.(f) ?? true);
    if (selected.length === 0) continue;
    const { system, warnings: systemWarnings } = systemOfDay(
      markers,
      day,
      faults.map((f) => f.injectPod),
    );
    const context = await loadDayContext(root, day, faults, system, { incidentTime: options.incidentTime !== false });
    const dayWarnings = [...systemWarnings, ...context.warnings];
    dayWarnings.forEach(report);
    for (const fault of selected) {
      const dir = join(outDir, nezhaBundleName(fault));
      const written = await writeFaultBundle(root, context, fault, dir, dayWarnings);
      written.warnings.forEach(report);
      done++;
      if (written.written) bundles.push(dir);
      options.onProgress?.({ bundle: written.written ? dir : `${dir} (not written)`, done, total });
    }
  }
  return { bundles, warnings };
}

interface FaultResult {
  written: boolean;
  warnings: ConversionWarning[];
}

async function writeFaultBundle(
  root: string,
  day: DayContext,
  fault: NezhaFault,
  dir: string,
  dayWarnings: readonly ConversionWarning[],
): Promise<FaultResult> {
  const name = nezhaBundleName(fault);
  const ns = day.system.namespace;
  const own: ConversionWarning[] = [];
  const logFiles = windowFiles(root, fault, 'log');
  const traceFiles = windowFiles(root, fault, 'trace');
  for (const [kind, files] of [
    ['logs', logFiles],
    ['traces', traceFiles],
  ] as const) {
    for (const file of files.missing) {
      own.push({ file: relative(root, file), message: `missing: the window of ${name} has no ${kind} for the minute this file holds` });
    }
  }
  // With a derived baseline, what precedes the day's first incident is baseline, not window.
  const cutoff = day.derivedBaselineEnd;
  const scope = { namespace: ns, ...(cutoff === null ? {} : { keep: (t: number) => t >= cutoff }) };
  const logs = emptyLogResult();
  for (const file of logFiles.files) await readLogFile(file, logs, scope);
  const traces = emptyTraceResult();
  for (const file of traceFiles.files) await readTraceFile(file, logs.errorSpans, traces, scope);
  const window = spanOf([...logs.logs.map((l) => l.time), ...traces.spans.map((s) => s.start)]) ?? {
    start: Math.floor(fault.injectTime / MINUTE) * MINUTE,
    end: Math.floor(fault.injectTime / MINUTE) * MINUTE + 3 * MINUTE,
  };

  const isWindowMetric = (t: number): boolean => t >= window.start - PRE_WINDOW && t <= window.end + MINUTE;
  const metricBaseline = metricBaselineOf(day, fault);
  // Inside the metrics' own baseline only its clean minutes are kept: another fault's minutes there would count as normal.
  const keepMetric = (t: number): boolean =>
    metricBaseline !== null && t >= metricBaseline.start && t <= metricBaseline.end
      ? metricBaseline.isClean(t)
      : isWindowMetric(t) || day.isMetricBaseline(t);
  const metrics = [...day.podMetrics.entries()].flatMap(([pod, rows]) => toMetricRecords(rows, podId(pod, ns), keepMetric));
  const windowMetrics = [...day.podMetrics.values()].some((rows) => rows.some((r) => isWindowMetric(r.time)));
  if (logs.logs.length + traces.spans.length === 0 && !windowMetrics) {
    own.push({
      file: relative(root, rcaDir(root, fault.day)),
      message: `no logs, traces or metrics recorded for the window of ${name}: no bundle written for it`,
    });
    return { written: false, warnings: own };
  }

  const entryName = entryService(day.baselineTraces) ?? entryService(traces);
  const entry = entryName === null ? null : serviceId(entryName, ns);
  let alerts: AlertRecord[] = [];
  if (entryName === null || entry === null) {
    own.push({
      file: relative(root, join(rcaDir(root, fault.day), 'trace')),
      message: `no trace shows where users enter the system, so ${name} has no synthesised entry alerts and no entry-service SLI metrics`,
    });
  } else {
    metrics.push(...toMetricRecords(day.front, entry, keepMetric));
    // Without a published normal period (window only), the entry SLI is judged against the
    // minutes the bundle holds before its window, which the signals compare against too.
    const isSliBaseline =
      day.incidentTime || day.metricBaseline !== null
        ? day.isMetricBaseline
        : (t: number) => t >= window.start - PRE_WINDOW && t < window.start;
    alerts = synthesiseAlerts(day, traces.spans, window, entryName, isSliBaseline);
  }

  const spans = [...day.baselineTraces.spans, ...traces.spans];
  const allLogs = [...day.baselineLogs.logs, ...logs.logs];
  const podsSeen = new Set<string>(day.podMetrics.keys());
  for (const record of [...spans, ...allLogs]) podsSeen.add(parseEntityId(record.entity).name);
  const topology = buildNezhaTopology({
    pods: podsSeen,
    podNodes: new Map([...day.baselineLogs.podNodes, ...logs.podNodes]),
    // Window only and no fault-free traces: the capture's calls are the window's (as a capture converter reads them).
    baselineCalls: day.incidentTime || day.baselineTraces.spans.length > 0 ? day.baselineTraces.calls : traces.calls,
    referenced: entry === null ? [] : [entry],
    namespace: ns,
  });

  const warnings = [...dayWarnings, ...own];
  const rel = (files: string[]): string[] => files.map((f) => relative(root, f));
  const manifest: SnapshotManifest = {
    format: 'eog-snapshot',
    version: 1,
    name,
    description: `${day.system.name} incident ${fault.index} of ${fault.day} from the Nezha dataset; telemetry window ${hhmmss(window.start)}–${hhmmss(window.end)} UTC.`,
    ...(day.incidentTime ? { incidentTime: isoFromMillis(fault.injectTime) } : {}),
    window: { start: isoFromMillis(window.start), end: isoFromMillis(window.end) },
    ...(day.baseline ? { baseline: { start: isoFromMillis(day.baseline.start), end: isoFromMillis(day.baseline.end) } } : {}),
    ...(metricBaseline ? { metricBaseline: { start: isoFromMillis(metricBaseline.start), end: isoFromMillis(metricBaseline.end) } } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    source: {
      kind: 'nezha',
      dataset: `Nezha (ESEC/FSE 2023), ${day.system.name}`,
      system: day.system.name,
      namespace: ns,
      day: fault.day,
      alerts:
        'synthesised from the entry SLI against the baseline (front_service latency percentiles; error ratio and p95 of the entry traces)',
      spanStatus: 'error when an ERROR log line was written inside the span, otherwise unset (Nezha traces have no status)',
      metricNames: 'CSV column without its unit; the unit is in the record',
      ...(day.incidentTime
        ? {}
        : {
            incidentTime:
              "withheld (--no-incident-time): no baseline is chosen with the fault list; the baseline is construct_data's fault-free capture, or none",
          }),
      ...(day.derivedBaselineEnd === null ? {} : { baselinePeriod: 'derived: the telemetry before the first incident of the day' }),
      ...(day.metricBaseline
        ? { metricBaseline: { start: isoFromMillis(day.metricBaseline.start), end: isoFromMillis(day.metricBaseline.end) } }
        : {}),
      ...skippedSummary(root, [...day.baselineLogs.skipped, ...day.baselineTraces.skipped, ...logs.skipped, ...traces.skipped]),
      inputs: { window: rel([...traceFiles.files, ...logFiles.files]), baseline: rel(day.baselineFiles) },
    },
  };
  writeBundle(dir, {
    manifest,
    topology,
    records: { alerts, logs: allLogs, spans, metrics },
    groundTruthYaml: nezhaGroundTruthYaml(fault, name, ns),
  });
  return { written: true, warnings: own };
}

/**
 * What a monitoring system would have paged on: the entry SLI file against the clean metric
 * minutes, and the entry traces against the baseline traces. The onset used is the window's
 * second minute (the first file mostly precedes the fault), never the injection record.
 */
function synthesiseAlerts(
  day: DayContext,
  windowSpans: readonly SpanRecord[],
  window: Range,
  entryName: string,
  isBaseline: (time: number) => boolean,
): AlertRecord[] {
  const entry = serviceId(entryName, day.system.namespace);
  const onset = window.start + MINUTE;
  const alerts = synthesiseSliAlerts({
    rows: day.front,
    isBaseline,
    isWindow: (t) => t > window.start + MINUTE / 2 && t <= window.end + MINUTE,
    entity: entry,
  });
  const isEntryRoot = (span: SpanRecord): boolean =>
    span.parentSpanId === undefined && serviceOfPod(parseEntityId(span.entity).name) === entryName;
  const afterOnset = windowSpans.filter((s) => Date.parse(String(s.start)) > onset);
  alerts.push(...synthesiseTraceAlerts(traceSli(afterOnset, isEntryRoot), traceSli(day.baselineTraces.spans, isEntryRoot), entry, onset));
  return alerts;
}

/** Malformed source rows are skipped, and the bundle says which, so nothing vanishes silently. */
function skippedSummary(root: string, skipped: readonly SkippedRecord[]): { skippedRecords?: SkippedRecord[] } {
  if (skipped.length === 0) return {};
  return { skippedRecords: skipped.map((s) => ({ ...s, file: relative(root, s.file), reason: s.reason.slice(0, 200) })) };
}

/** Fewer clean minutes than this say nothing about a metric's normal spread (a MAD of three points is noise). */
const MIN_METRIC_BASELINE_MINUTES = 5;
/** The most recent clean minutes taken: ten are a normal spread, and nearer is more like the pod's normal. */
const MAX_METRIC_BASELINE_MINUTES = 10;
/** How far back the clean minutes are looked for: within half an hour a pod's level has not moved with the day. */
const METRIC_BASELINE_REACH = 30 * MINUTE;

/**
 * The metrics' normal period for one fault: the latest minutes before its injection that no
 * fault touches (at most ten, within half an hour), when there are enough of them. A pod's CPU,
 * memory and latency drift over a day (warm-up after a deploy, load cycles, what earlier faults
 * left behind), so the normal an incident departed from is the pod's level just before it, as
 * an SRE reads it off a dashboard; a baseline hours away, or the first minutes of a day while the
 * system was still warming up, reads every drift as an anomaly. `isClean` tells the rows in its
 * span that belong to it: the others (another fault's minutes) stay out of the bundle, so they
 * never count as normal. Only for a day without a fault-free capture of its own, whose baseline
 * is then the few minutes before its first incident. Null: the day's baseline serves the metrics too.
 */
function metricBaselineOf(day: DayContext, fault: NezhaFault): { start: number; end: number; isClean: (t: number) => boolean } | null {
  // A fault-free capture of the day's own (construct_data with traces) is the normal by design,
  // the same period for every kind of record: it stays the metrics' baseline too.
  if (day.derivedBaselineEnd === null) return null;
  const clean = (t: number): boolean =>
    t <= fault.injectTime && t > fault.injectTime - METRIC_BASELINE_REACH && isCleanMinute(t, day.faults);
  // Minutes, not rows: pods report a few seconds apart.
  const minutes = new Set<number>();
  for (const rows of [day.front, ...day.podMetrics.values()])
    for (const r of rows) if (clean(r.time)) minutes.add(Math.floor(r.time / MINUTE));
  const latest = [...minutes].sort((a, b) => b - a).slice(0, MAX_METRIC_BASELINE_MINUTES);
  if (latest.length < MIN_METRIC_BASELINE_MINUTES) return null;
  const kept = new Set(latest);
  const start = Math.min(...latest) * MINUTE;
  const end = Math.min(fault.injectTime, (Math.max(...latest) + 1) * MINUTE);
  return { start, end, isClean: (t) => clean(t) && kept.has(Math.floor(t / MINUTE)) };
}
