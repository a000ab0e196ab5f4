import { convertCapture, expandInputs, formatWarning, sortCaptureFiles, type CaptureInputs } from '../../convert/index.js';
import { captureTimesFrom, checkedPeriod } from './capture-flags.js';

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
  const times = captureTimesFrom(options);
  const baseline = checkedPeriod(options.baseline, '--baseline');
  const result = convertCapture(all, options.out, {
    ...(options.name ? { name: options.name } : {}),
    ...times,
    ...(baseline ? { baseline } : {}),
    onWarning: (w) => void process.stderr.write(`warning: ${formatWarning(w)}\n`),
  });
  const c = result.counts;
  return {
    bundle: result.bundle,
    summary: `${result.bundle}: ${c.entities} entities, ${c.spans} spans, ${c.logs} logs, ${c.metrics} metrics, ${c.alerts} alerts, ${c.events} events, ${c.changes} changes`,
  };
}
