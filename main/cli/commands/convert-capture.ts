import { convertCapture, expandInputs, formatWarning, sortCaptureFiles, type CaptureInputs } from '../../convert/index.js';
import { parseTimestamp } from '../../snapshot/time.js';
import { UsageError } from '../errors.js';

export const CAPTURE_FORMATS = ['otlp', 'prometheus', 'kubectl', 'capture'] as const;
export type CaptureFormat = (typeof CAPTURE_FORMATS)[number];

export interface CaptureCliOptions {
  out: string;
  otlp?: string[];
  prometheus?: string[];
  kubectl?: string[];
  name?: string;
  incidentTime?: string;
  window?: string;
  baseline?: string;
}

/** An ISO-8601 time with a zone, as the bundle accepts it (a zone-less time is refused, not guessed). */
const isTime = (text: string): boolean => parseTimestamp(text) !== null;

/** `START/END` (two ISO-8601 times with a zone) for --window and --baseline. */
function period(flag: string, value: string | undefined): { start: string; end: string } | undefined {
  if (value === undefined) return undefined;
  const [start, end, ...rest] = value.split('/');
  if (!start || !end || rest.length > 0 || !isTime(start) || !isTime(end))
    throw new UsageError(`--${flag} must be START/END with ISO-8601 times, e.g. 2026-03-01T09:30:00Z/2026-03-01T10:00:00Z; got "${value}"`);
  return { start, end };
}

/**
 * `eog convert otlp|prometheus|kubectl <inputs…>`: the positional inputs are of the named
 * format, and --otlp/--prometheus/--kubectl add the others; all become one bundle at --out.
 * `eog convert capture <files or folders…>` tells each file's format from its content
 * (folders are walked, in name order).
 */
export function runCaptureConvert(
  format: CaptureFormat,
  inputs: readonly string[],
  options: CaptureCliOptions,
): { bundle: string; summary: string } {
  const sniffed = format === 'capture' ? sortCaptureFiles(expandInputs(inputs, 'capture', true)) : null;
  const positional = (f: Exclude<CaptureFormat, 'capture'>): readonly string[] => (sniffed ? sniffed[f] : format === f ? inputs : []);
  const all: CaptureInputs = {
    otlp: [...positional('otlp'), ...(options.otlp ?? [])],
    prometheus: [...positional('prometheus'), ...(options.prometheus ?? [])],
    kubectl: [...positional('kubectl'), ...(options.kubectl ?? [])],
  };
  if (options.incidentTime !== undefined && !isTime(options.incidentTime))
    throw new UsageError(`--incident-time must be an ISO-8601 time with a zone; got "${options.incidentTime}"`);
  const window = period('window', options.window);
  const baseline = period('baseline', options.baseline);
  const result = convertCapture(all, options.out, {
    ...(options.name ? { name: options.name } : {}),
    ...(options.incidentTime ? { incidentTime: options.incidentTime } : {}),
    ...(window ? { window } : {}),
    ...(baseline ? { baseline } : {}),
    onWarning: (w) => void process.stderr.write(`warning: ${formatWarning(w)}\n`),
  });
  const c = result.counts;
  return {
    bundle: result.bundle,
    summary: `${result.bundle}: ${c.entities} entities, ${c.spans} spans, ${c.logs} logs, ${c.metrics} metrics, ${c.alerts} alerts, ${c.events} events, ${c.changes} changes`,
  };
}
