import type { CaptureRecords } from '../capture/records.js';
import { withLineErrors } from '../capture/line-errors.js';
import type { SourceFile } from '../capture/source-file.js';
import { isObject } from '../capture/values.js';
import { ConvertInputError } from '../errors.js';
import { readResourceLogs } from './logs.js';
import { readResourceMetrics, type CumulativeState } from './metrics.js';
import { readResourceSpans } from './traces.js';

const SIGNALS = ['resourceSpans', 'resourceLogs', 'resourceMetrics'] as const;

/**
 * Reads one file the OpenTelemetry Collector's file exporter wrote (`format: json`): one
 * ExportTraceServiceRequest / ExportLogsServiceRequest / ExportMetricsServiceRequest per line.
 * Blank lines are skipped but counted; a line that is not JSON, not one of the three, or has a
 * field of the wrong type stops the conversion with its file and line.
 */
export function readOtlpFile(file: SourceFile, capture: CaptureRecords, state: CumulativeState = new Map()): void {
  const lines = file.text.split('\n');
  let read = 0;
  lines.forEach((raw, index) => {
    const text = raw.trim();
    if (text === '') return;
    const lineNo = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const truncated = index === lines.length - 1 || (index === lines.length - 2 && lines[lines.length - 1] === '');
      throw new ConvertInputError(
        file.name,
        lineNo,
        `not valid JSON${truncated ? ' (the last line may be cut short: was the file still being written?)' : ''} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (!isObject(value) || !SIGNALS.some((s) => s in value))
      throw new ConvertInputError(
        file.name,
        lineNo,
        'not an OTLP export line: expected an object with resourceSpans, resourceLogs or resourceMetrics',
      );
    const line = value;
    withLineErrors(file.name, lineNo, () => {
      if ('resourceSpans' in line) readResourceSpans(line, file.name, capture);
      if ('resourceLogs' in line) readResourceLogs(line, file.name, capture);
      if ('resourceMetrics' in line) readResourceMetrics(line, file.name, capture, state);
    });
    read++;
  });
  if (read === 0) capture.warn(file.name, 'no OTLP export lines: nothing read from this file');
}
