/**
 * Structured application log lines. Many services write one JSON object per line (logrus,
 * zap, pino, structlog, Serilog's compact form, .NET's JSON console): the level and the
 * message are fields of that object, not words at the start of a line. A converter that kept
 * such a line as text would see no severity (so no error line and no error span) and would
 * mine templates from the object's keys, its timestamp and its request ids. Read as the
 * OpenTelemetry log data model reads them: the level field is the severity, the message field
 * is the body, the other scalar fields become attributes.
 */

export interface StructuredLine {
  /** Upper-case level word (`INFO`, `WARN`, `ERROR`, …) when the object has a level field. */
  severity?: string;
  /** The message field; the whole line when the object has none. */
  body: string;
  /** The other scalar fields, by their key (time fields dropped: the record has its time). */
  fields: Record<string, string>;
}

/** A line longer than this is kept as text: no logger writes a message that long. */
const MAX_PARSED_LENGTH = 64 * 1024;
const MAX_FIELDS = 24;
const MAX_FIELD_LENGTH = 512;

// Key names compared lower-case, in order of preference.
const LEVEL_KEYS = ['severity', 'level', 'levelname', 'loglevel', 'log.level', 'lvl', '@l', 'severitytext'];
const MESSAGE_KEYS = ['message', 'msg', '@m', 'event', '@mt', 'log'];
/**
 * Fields that say what went wrong (logrus's `error`, zap's `error`, structlog's `exception`).
 * They stay in the body after the message, as `key=value`: an error line's cause is part of what
 * it says ("request error error=… connection refused to cartservice"), and rules read bodies.
 */
const ERROR_KEYS = new Set(['error', 'err', 'exception', 'exc_info', 'error.message', 'reason', 'cause']);
const TIME_KEYS = new Set(['time', 'timestamp', 'ts', '@t', '@timestamp', 'datetime', 'asctime', 'date']);

/** pino and bunyan write numeric levels: 10 trace … 60 fatal. */
const NUMERIC_LEVELS: ReadonlyArray<readonly [number, string]> = [
  [60, 'FATAL'],
  [50, 'ERROR'],
  [40, 'WARN'],
  [30, 'INFO'],
  [20, 'DEBUG'],
  [10, 'TRACE'],
];

/** Level words across loggers (Serilog's `Information`, Python's `WARNING`, zap's `dpanic`, …). */
const LEVEL_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    trace: 'TRACE',
    verbose: 'TRACE',
    finest: 'TRACE',
    finer: 'TRACE',
    debug: 'DEBUG',
    dbug: 'DEBUG',
    fine: 'DEBUG',
    info: 'INFO',
    information: 'INFO',
    informational: 'INFO',
    notice: 'INFO',
    warn: 'WARN',
    warning: 'WARN',
    error: 'ERROR',
    err: 'ERROR',
    eror: 'ERROR',
    severe: 'ERROR',
    dpanic: 'ERROR',
    critical: 'CRITICAL',
    crit: 'CRITICAL',
    alert: 'ALERT',
    emerg: 'EMERGENCY',
    emergency: 'EMERGENCY',
    fatal: 'FATAL',
    panic: 'FATAL',
  }),
);

/** The level word of a level field's value, or undefined when it is not a level. */
export function levelWord(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return NUMERIC_LEVELS.find(([floor]) => value >= floor)?.[1];
  }
  if (typeof value !== 'string') return undefined;
  return LEVEL_WORDS.get(value.trim().toLowerCase());
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.slice(0, MAX_FIELD_LENGTH);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * Reads a line that is one JSON object. Returns null for anything else (plain text, a JSON
 * array, a line cut off by the collector, an over-long line), which the caller keeps as text.
 */
export function readStructuredLine(line: string): StructuredLine | null {
  const text = line.trim();
  if (!text.startsWith('{') || !text.endsWith('}') || text.length > MAX_PARSED_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON after all (or nested deeper than the parser's stack): the line stays text.
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  const byKey = new Map(entries.map(([key, v]) => [key.toLowerCase(), { key, v }] as const));
  const pick = (keys: readonly string[], accept: (v: unknown) => boolean) => {
    for (const key of keys) {
      const hit = byKey.get(key);
      if (hit && accept(hit.v)) return hit;
    }
    return undefined;
  };
  const level = pick(LEVEL_KEYS, (v) => levelWord(v) !== undefined);
  const message = pick(MESSAGE_KEYS, (v) => typeof v === 'string');
  const fields: Record<string, string> = {};
  const causes: string[] = [];
  let kept = 0;
  for (const [key, v] of entries) {
    if (key === level?.key || key === message?.key || TIME_KEYS.has(key.toLowerCase())) continue;
    const textValue = scalarText(v);
    if (textValue === undefined) continue;
    if (message && ERROR_KEYS.has(key.toLowerCase())) causes.push(`${key}=${textValue}`);
    else if (kept < MAX_FIELDS) {
      fields[key] = textValue;
      kept += 1;
    }
  }
  const severity = level ? levelWord(level.v) : undefined;
  const said = typeof message?.v === 'string' ? message.v.replace(/\r?\n$/, '') : line;
  return {
    ...(severity ? { severity } : {}),
    body: [said, ...causes].join(' '),
    fields,
  };
}

/**
 * The reading above as data, for the ClickHouse Collector road, which reads JSON bodies in SQL
 * the same way (main/store/clickhouse/derive/structured-logs.ts).
 */
export const STRUCTURED_LOG = {
  maxParsedLength: MAX_PARSED_LENGTH,
  maxFieldLength: MAX_FIELD_LENGTH,
  levelKeys: LEVEL_KEYS,
  messageKeys: MESSAGE_KEYS,
  errorKeys: [...ERROR_KEYS],
  numericLevels: NUMERIC_LEVELS,
  levelWords: [...LEVEL_WORDS],
} as const;

/** `level=error` (logfmt, as go-kit and logrus's text formatter write it) anywhere in a line. */
const LOGFMT_LEVEL = /(?:^|\s)(?:level|lvl|severity)=("?)([A-Za-z]{1,16})\1(?=\s|$)/;

/** The level of a logfmt line, or undefined. */
export function logfmtLevel(line: string): string | undefined {
  const m = LOGFMT_LEVEL.exec(line.slice(0, 4096));
  return m?.[2] ? levelWord(m[2]) : undefined;
}
