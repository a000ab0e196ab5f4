import { basename, join, relative } from 'node:path';
import { constructDir, filesIn, rcaDir, windowFiles, type NezhaFault } from './layout.js';
import { emptyLogResult, readLogFile, type LogFileResult } from './logs.js';
import { podOfMetricFile, readMetricFile, type MetricRow } from './metrics.js';
import type { NezhaSystem } from './system.js';
import { emptyTraceResult, readTraceFile, type TraceFileResult } from './traces.js';
import type { ConversionWarning } from '../warnings.js';

const MINUTE = 60_000;
/** How far around the fault-free trace period clean metric minutes are collected. */
const METRIC_BASELINE_REACH = 10 * MINUTE;
/** A fault's effects are assumed to last this long after its three window files. */
const RECOVERY = 2 * MINUTE;

export interface Range {
  start: number;
  end: number;
}

/** Everything shared by the faults of one day: its system, baseline and whole-day metrics, and what was missing. */
export interface DayContext {
  day: string;
  faults: NezhaFault[];
  system: NezhaSystem;
  /** false: the "window only" way; nothing here was chosen with the fault list's times. */
  incidentTime: boolean;
  baselineLogs: LogFileResult;
  baselineTraces: TraceFileResult;
  baselineFiles: string[];
  /** Span of the fault-free traces and logs; null when the capture has none. */
  baseline: Range | null;
  /**
   * Set when construct_data has no traces and the baseline was taken from the minutes before
   * the day's first incident: window records before this time are baseline records.
   */
  derivedBaselineEnd: number | null;
  /** Pod name → whole-day metric rows. */
  podMetrics: Map<string, MetricRow[]>;
  /** Entry SLI rows (front_service), whole day; empty when the file is missing. */
  front: MetricRow[];
  /**
   * Metric minutes near the baseline that no fault touches; window only: the minutes of the
   * fault-free capture itself (none without one).
   */
  isMetricBaseline: (time: number) => boolean;
  metricBaseline: Range | null;
  /** Gaps that concern every bundle of the day (file paths relative to the dataset root). */
  warnings: ConversionWarning[];
}

/** Approximate end of a fault's three one-minute files (they end a few seconds past the minute). */
export function faultFilesEnd(fault: NezhaFault): number {
  return Math.floor(fault.injectTime / MINUTE) * MINUTE + 3 * MINUTE + 10_000;
}

/** A metric row summarises the minute ending at `time`; it is clean if no fault was active in it. */
export function isCleanMinute(time: number, faults: readonly NezhaFault[]): boolean {
  return faults.every((f) => time <= f.injectTime || time - MINUTE >= faultFilesEnd(f) + RECOVERY);
}

/** A metric row summarises the minute ending at its time: it is in a period when most of that minute is (its midpoint). */
export function isMinuteWithin(time: number, period: Range): boolean {
  const mid = time - MINUTE / 2;
  return mid >= period.start && mid <= period.end;
}

interface Baseline {
  logs: LogFileResult;
  traces: TraceFileResult;
  files: string[];
  derivedEnd: number | null;
}

/**
 * The fault-free period: construct_data/<day> when it has traces, else the telemetry in the
 * day's first incident files that precedes that incident (the `HH_MM` file holds the minute
 * before its name, so most of the first file is from before it).
 */
async function loadBaseline(
  root: string,
  day: string,
  faults: readonly NezhaFault[],
  system: NezhaSystem,
  warn: Warn,
  incidentTime: boolean,
): Promise<Baseline> {
  const construct = constructDir(root, day);
  const logFiles = filesIn(join(construct, 'log'));
  const traceFiles = filesIn(join(construct, 'trace'));
  const logs = emptyLogResult();
  const traces = emptyTraceResult();
  const scope = { namespace: system.namespace };
  if (traceFiles.length > 0) {
    if (logFiles.length === 0) {
      warn(
        join(construct, 'log'),
        'no baseline log files: the bundles have baseline traces but no baseline logs to compare log templates with',
      );
    }
    for (const file of logFiles) await readLogFile(file, logs, scope);
    for (const file of traceFiles) await readTraceFile(file, logs.errorSpans, traces, scope);
    return { logs, traces, files: [...traceFiles, ...logFiles], derivedEnd: null };
  }
  if (!incidentTime) {
    // Deriving a baseline needs the first incident's time: the fault list, withheld here.
    warn(
      join(construct, 'trace'),
      'no baseline trace files, and the incident times are withheld (--no-incident-time): the bundles have no baseline period; ' +
        'their signals compare against what precedes the onset',
    );
    return { logs, traces, files: [], derivedEnd: null };
  }
  const first = faults[0];
  const traceFrom = first ? windowFiles(root, first, 'trace').files : [];
  const logFrom = first ? windowFiles(root, first, 'log').files : [];
  const from = [...traceFrom, ...logFrom];
  if (first === undefined || from.length === 0) {
    warn(
      join(construct, 'trace'),
      'no baseline trace files, and no telemetry before the first incident of the day to take a baseline from: the bundles have no baseline period',
    );
    return { logs, traces, files: [], derivedEnd: null };
  }
  const before = { ...scope, keep: (t: number) => t < first.injectTime };
  for (const file of logFrom) await readLogFile(file, logs, before);
  for (const file of traceFrom) await readTraceFile(file, logs.errorSpans, traces, before);
  warn(
    join(construct, 'trace'),
    `no baseline trace files: the baseline is the telemetry before the first incident of the day (${hhmmss(first.injectTime)} UTC) in ` +
      `${from.map((f) => relative(root, f)).join(', ')}${logFiles.length > 0 ? '; construct_data logs are left out, being from another period' : ''}`,
  );
  return { logs, traces, files: from, derivedEnd: first.injectTime };
}

type Warn = (file: string, message: string) => void;

export interface DayOptions {
  /** false: the "window only" way (ConvertNezhaOptions.incidentTime). */
  incidentTime: boolean;
}

export async function loadDayContext(
  root: string,
  day: string,
  faults: NezhaFault[],
  system: NezhaSystem,
  options: DayOptions = { incidentTime: true },
): Promise<DayContext> {
  const warnings: ConversionWarning[] = [];
  const warn: Warn = (file, message) => warnings.push({ file: relative(root, file), message });
  const loaded = await loadBaseline(root, day, faults, system, warn, options.incidentTime);
  const baseline = spanOf([...loaded.logs.logs.map((l) => l.time), ...loaded.traces.spans.map((s) => s.start)]);

  const metricDir = join(rcaDir(root, day), 'metric');
  const podMetrics = new Map<string, MetricRow[]>();
  let front: MetricRow[] | null = null;
  for (const file of filesIn(metricDir)) {
    const pod = podOfMetricFile(file);
    if (pod !== null) podMetrics.set(pod, await readMetricFile(file));
    else if (/^front_service\.csv/.test(basename(file))) front = await readMetricFile(file);
  }
  if (podMetrics.size === 0) warn(metricDir, 'no per-pod metric files (<pod>_metric.csv): the bundles carry no pod metrics');
  if (front === null) {
    warn(
      join(metricDir, 'front_service.csv.gz'),
      'missing: no entry-service SLI metrics, so no alerts are synthesised from them (the alerts from the entry traces remain)',
    );
  }

  // Window only: the minutes of the fault-free capture itself. Its neighbourhood is clean only
  // by the fault list, which is withheld.
  const isMetricBaseline = options.incidentTime
    ? (time: number): boolean =>
        baseline !== null &&
        time >= baseline.start - METRIC_BASELINE_REACH &&
        time <= baseline.end + METRIC_BASELINE_REACH &&
        isCleanMinute(time, faults)
    : (time: number): boolean => baseline !== null && isMinuteWithin(time, baseline);
  const metricTimes = [front ?? [], ...podMetrics.values()].flatMap((rows) => rows.map((r) => r.time)).filter(isMetricBaseline);
  const metricBaseline = metricTimes.length
    ? { start: metricTimes.reduce((a, b) => Math.min(a, b)) - MINUTE, end: metricTimes.reduce((a, b) => Math.max(a, b)) }
    : null;
  if (metricBaseline === null && baseline !== null && (podMetrics.size > 0 || front !== null)) {
    warn(
      metricDir,
      options.incidentTime
        ? 'no metric minute within 10 minutes of the baseline is free of incidents: the metrics have no baseline'
        : 'no metric minute within the baseline period: the metrics have no baseline',
    );
  }
  return {
    day,
    faults,
    system,
    incidentTime: options.incidentTime,
    baselineLogs: loaded.logs,
    baselineTraces: loaded.traces,
    baselineFiles: loaded.files,
    baseline,
    derivedBaselineEnd: loaded.derivedEnd,
    podMetrics,
    front: front ?? [],
    isMetricBaseline,
    metricBaseline,
    warnings,
  };
}

export function hhmmss(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

/** Earliest and latest of ISO timestamps, in epoch ms. */
export function spanOf(times: readonly (string | number)[]): Range | null {
  let start = Infinity;
  let end = -Infinity;
  for (const t of times) {
    const ms = typeof t === 'number' ? t : Date.parse(t);
    if (ms < start) start = ms;
    if (ms > end) end = ms;
  }
  return Number.isFinite(start) ? { start, end } : null;
}

/** The service most traces start at: where users enter the system. */
export function entryService(traces: TraceFileResult): string | null {
  let best: [string, number] | null = null;
  for (const entry of [...traces.roots.entries()].sort()) if (best === null || entry[1] > best[1]) best = entry;
  return best?.[0] ?? null;
}
