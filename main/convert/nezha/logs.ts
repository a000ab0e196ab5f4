import type { LogRecord } from '../../../core/snapshot/schema.js';
import { isErrorSeverity } from '../../../core/signals/logs/severity.js';
import { readCsv } from '../csv-stream.js';
import { ConvertInputError, type SkippedRecord } from '../errors.js';
import { logfmtLevel, readStructuredLine } from '../../../core/signals/logs/structured.js';
import { isoFromMillis, nanosToMillis, parseZonelessUtc } from '../time.js';
import { podId } from './names.js';

export interface DockerLine {
  line: string;
  stream: string | null;
}

/**
 * The `Log` column is the docker json-file line; its `log` field is what the application
 * wrote. Some lines are cut off mid-string by the collector, so a truncated object still
 * yields its text instead of failing the whole file.
 */
export function parseDockerLine(raw: string): DockerLine {
  try {
    const value: unknown = JSON.parse(raw);
    if (value !== null && typeof value === 'object' && 'log' in value && typeof value.log === 'string') {
      const stream = 'stream' in value && typeof value.stream === 'string' ? value.stream : null;
      return { line: value.log.replace(/\r?\n$/, ''), stream };
    }
  } catch {
    const cut = /^\{"log":"((?:[^"\\]|\\.)*)/.exec(raw);
    if (cut?.[1] !== undefined) return { line: unescapeJsonFragment(cut[1]).replace(/\r?\n$/, ''), stream: null };
  }
  return { line: raw, stream: null };
}

function unescapeJsonFragment(fragment: string): string {
  try {
    return JSON.parse(`"${fragment}"`) as string;
  } catch {
    return fragment;
  }
}

/** A level word at the start of the line, after at most two timestamp-like tokens. */
const LEVEL = /^(?:[\d:.,\-+/TZ[\]]+\s+){0,2}\[?(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|SEVERE)\]?\s/;

/** Severity of an application line when it starts with a level (after an optional timestamp). */
export function severityOf(line: string): string | null {
  const m = LEVEL.exec(line);
  if (!m?.[1]) return null;
  return m[1] === 'WARNING' ? 'WARN' : m[1];
}

export interface LogFileResult {
  logs: LogRecord[];
  /** Pod name → node (IP) the collector saw it on. */
  podNodes: Map<string, string>;
  /** `traceId/spanId` → first error line logged inside that span. */
  errorSpans: Map<string, string>;
  skipped: SkippedRecord[];
}

/** How records of one file are read: the system's namespace, and which times to keep (all by default). */
export interface ReadScope {
  namespace: string;
  keep?: (timeMs: number) => boolean;
}

export async function readLogFile(file: string, into: LogFileResult, scope: ReadScope): Promise<void> {
  for await (const { values, line } of readCsv(file, { onSkip: (at, reason) => into.skipped.push({ file, line: at, reason }) })) {
    const pod = values.PodName;
    // TimeUnixNano overflows to a negative number on some rows; Timestamp then still holds the time.
    const time = nanosToMillis(values.TimeUnixNano ?? '') ?? parseZonelessUtc(values.Timestamp ?? '');
    if (!pod) throw new ConvertInputError(file, line, 'empty PodName');
    if (time === null)
      throw new ConvertInputError(
        file,
        line,
        `neither TimeUnixNano "${values.TimeUnixNano ?? ''}" nor Timestamp "${values.Timestamp ?? ''}" is a time`,
      );
    if (scope.keep && !scope.keep(time)) continue;
    const { line: text, stream } = parseDockerLine(values.Log ?? '');
    // A JSON line (the Go, Node and Python services of OnlineBoutique write them) carries its
    // level and message as fields; a text line starts with its level or carries `level=`.
    const structured = readStructuredLine(text);
    const body = structured?.body ?? text;
    const severity = structured?.severity ?? severityOf(body) ?? logfmtLevel(text) ?? null;
    const traceId = values.TraceID || undefined;
    const spanId = values.SpanID || undefined;
    if (values.Node) into.podNodes.set(pod, values.Node);
    if (traceId && spanId && isErrorSeverity(severity) && !into.errorSpans.has(`${traceId}/${spanId}`)) {
      into.errorSpans.set(`${traceId}/${spanId}`, body.slice(0, 300));
    }
    const attrs: Record<string, string> = { ...structured?.fields };
    if (values.Container) attrs.container = values.Container;
    if (values.Node) attrs.node = values.Node;
    if (stream) attrs.stream = stream;
    into.logs.push({
      time: isoFromMillis(time),
      entity: podId(pod, scope.namespace),
      ...(severity ? { severity } : {}),
      body,
      ...(traceId ? { traceId } : {}),
      ...(spanId ? { spanId } : {}),
      attrs,
    });
  }
}

export function emptyLogResult(): LogFileResult {
  return { logs: [], podNodes: new Map(), errorSpans: new Map(), skipped: [] };
}
