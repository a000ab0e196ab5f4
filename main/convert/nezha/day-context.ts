import { basename, join } from 'node:path';
import { ConvertInputError } from '../errors.js';
import { constructDir, filesIn, rcaDir, type NezhaFault } from './layout.js';
import { emptyLogResult, readLogFile, type LogFileResult } from './logs.js';
import { podOfMetricFile, readMetricFile, type MetricRow } from './metrics.js';
import { emptyTraceResult, readTraceFile, type TraceFileResult } from './traces.js';

const MINUTE = 60_000;
/** How far around the fault-free trace period clean metric minutes are collected. */
const METRIC_BASELINE_REACH = 10 * MINUTE;
/** A fault's effects are assumed to last this long after its three window files. */
const RECOVERY = 2 * MINUTE;

export interface Range {
  start: number;
  end: number;
}

/** Everything shared by the faults of one day: its baseline and its whole-day metrics. */
export interface DayContext {
  day: string;
  faults: NezhaFault[];
  baselineLogs: LogFileResult;
  baselineTraces: TraceFileResult;
  baselineFiles: string[];
  /** Span of the fault-free traces and logs. */
  baseline: Range;
  /** Pod name → whole-day metric rows. */
  podMetrics: Map<string, MetricRow[]>;
  /** Entry SLI rows (front_service), whole day. */
  front: MetricRow[];
  /** Metric minutes near the baseline that no fault touches. */
  isMetricBaseline: (time: number) => boolean;
  metricBaseline: Range | null;
}

/** Approximate end of a fault's three one-minute files (they end a few seconds past the minute). */
export function faultFilesEnd(fault: NezhaFault): number {
  return Math.floor(fault.injectTime / MINUTE) * MINUTE + 3 * MINUTE + 10_000;
}

/** A metric row summarises the minute ending at `time`; it is clean if no fault was active in it. */
export function isCleanMinute(time: number, faults: readonly NezhaFault[]): boolean {
  return faults.every((f) => time <= f.injectTime || time - MINUTE >= faultFilesEnd(f) + RECOVERY);
}

export async function loadDayContext(root: string, day: string, faults: NezhaFault[]): Promise<DayContext> {
  const construct = constructDir(root, day);
  const logFiles = filesIn(join(construct, 'log'));
  const traceFiles = filesIn(join(construct, 'trace'));
  if (traceFiles.length === 0)
    throw new ConvertInputError(join(construct, 'trace'), null, 'no baseline trace files (construct_data holds the fault-free period)');
  const baselineLogs = emptyLogResult();
  for (const file of logFiles) await readLogFile(file, baselineLogs);
  const baselineTraces = emptyTraceResult();
  for (const file of traceFiles) await readTraceFile(file, baselineLogs.errorSpans, baselineTraces);
  const baseline = spanOf([...baselineLogs.logs.map((l) => l.time), ...baselineTraces.spans.map((s) => s.start)]);
  if (baseline === null) throw new ConvertInputError(construct, null, 'baseline traces and logs are empty');

  const podMetrics = new Map<string, MetricRow[]>();
  let front: MetricRow[] = [];
  for (const file of filesIn(join(rcaDir(root, day), 'metric'))) {
    const pod = podOfMetricFile(file);
    if (pod !== null) podMetrics.set(pod, await readMetricFile(file));
    else if (/^front_service\.csv/.test(basename(file))) front = await readMetricFile(file);
  }

  const isMetricBaseline = (time: number): boolean =>
    time >= baseline.start - METRIC_BASELINE_REACH && time <= baseline.end + METRIC_BASELINE_REACH && isCleanMinute(time, faults);
  const metricTimes = [front, ...podMetrics.values()].flatMap((rows) => rows.map((r) => r.time)).filter(isMetricBaseline);
  const metricBaseline = metricTimes.length
    ? { start: metricTimes.reduce((a, b) => Math.min(a, b)) - MINUTE, end: metricTimes.reduce((a, b) => Math.max(a, b)) }
    : null;
  return {
    day,
    faults,
    baselineLogs,
    baselineTraces,
    baselineFiles: [...traceFiles, ...logFiles],
    baseline,
    podMetrics,
    front,
    isMetricBaseline,
    metricBaseline,
  };
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
