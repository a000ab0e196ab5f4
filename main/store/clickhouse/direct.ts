import type { TimeWindow } from '../../../core/model/packet.js';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import { OTHER_EPOCH_UNITS, PLAUSIBLE_TIMES } from '../../../core/snapshot/time.js';
import type { FileDone } from '../ingest/produce.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import { blockMappings, INGEST_ENTITIES, insertSettings, settingsSql } from './block-mapping.js';
import { sqlString, type ChRunner } from './runner.js';
import { startScan, type LineScan } from './scan.js';

/**
 * How the engine reads one record kind's bundle file itself (JSONEachRow) and maps it into
 * the exporter's table: the same columns as block-mapping.ts fills from a validated block.
 * The file's rows are `f`; `fields` computes, once per row, what both the check and the mapping need (read as `t`
 * with the row number `eog_row`). The rows' resources are the entity's (schema.ts CH_RESOURCES). `valid` is the
 * record reader's check (snapshot/records.ts) in SQL, never more lenient: a line it refuses
 * is either left out (and then the row count gives it away) or fails the statement.
 */
interface DirectMapping {
  table: string;
  /** The table's time column. */
  time: string;
  columns: readonly string[];
  /** The line's fields as the engine reads them: required fields Nullable (absent and null fail `valid`). */
  structure: string;
  fields: string;
  select: string;
  valid: string;
}

/**
 * YYYY-MM-DD(T|t| )hh:mm[:ss[.fraction]](Z|z|±hh[:]mm), as snapshot/time.ts reads it; the
 * calendar and the ranges are checked by parsing (an impossible date parses to NULL).
 */
const ISO = String.raw`^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,9})?)?([Zz]|[+-]([01][0-9]|2[0-3]):?[0-5][0-9])$`;

/**
 * Timestamps and numbers are read as Dynamic, which keeps the JSON token's type (a Variant
 * or Float64 column would take the string "5" for a number, which the record reader refuses);
 * its typed subcolumns are NULL where the token had another type.
 */
const DYNAMIC = 'Dynamic';
/** A JSON number as Float64, NULL for any other token and for one past Float64's range (`1e999`, which JSON.parse makes Infinity). */
const numberOf = (field: string): string => {
  const number = `coalesce(${field}.Float64, toFloat64(${field}.Int64), toFloat64(${field}.UInt64))`;
  return `if(isFinite(ifNull(${number}, 0)), ${number}, NULL)`;
};

/** A string as JSON.stringify writes it, for strings with no control character (those are refused: see LABELS_VALID). */
const jsonString = (x: string): string => String.raw`concat('"', replaceAll(replaceAll(${x}, '\\', '\\\\'), '"', '\\"'), '"')`;

/**
 * A metric's labels, read as Dynamic with objects inferred as maps (in their order): the
 * record reader takes an object of strings, or no field (and refuses null, a string, an
 * object with other values). It stores JSON.stringify of the parsed object, which equals the
 * text built here when no key looks like an array index (JavaScript puts those first), no key
 * repeats (JSON.parse keeps the last value in the first one's place) and no key or value
 * holds a control character (escaped otherwise than `"` and `\`). A line with any of those
 * is left out, and the file goes to the record reader.
 */
const LABELS_MAP = 'f.labels.`Map(String, String)`';
const LABELS_TEXT = `concat('{', arrayStringConcat(arrayMap((k, v) -> concat(${jsonString('k')}, ':', ${jsonString('v')}), mapKeys(t.labels), mapValues(t.labels)), ','), '}')`;
const LABELS_VALID = String.raw`(t.labels_type = 'None' OR (t.labels_type = 'Map(String, String)'
  AND NOT arrayExists(k -> match(k, '^(0|[1-9][0-9]{0,9})$'), mapKeys(t.labels))
  AND length(arrayDistinct(mapKeys(t.labels))) = length(mapKeys(t.labels))
  AND NOT arrayExists(x -> match(x, '[\\x00-\\x1f]'), arrayConcat(mapKeys(t.labels), mapValues(t.labels)))))`;

/** A number that reads as 1990–2100 in seconds, µs or ns: the record reader refuses it (core/snapshot/time.ts epochUnitProblem), in the same doubles. */
const isOtherEpochUnit = (number: string): string =>
  OTHER_EPOCH_UNITS.map(
    (u) => `(${number} * ${u.msPerUnit} >= ${PLAUSIBLE_TIMES.start} AND ${number} * ${u.msPerUnit} < ${PLAUSIBLE_TIMES.end})`,
  ).join(' OR ');

/**
 * Epoch ms of a timestamp field: a number rounds as Math.round does; NULL when invalid (the
 * parser wants an upper-case T and Z) or an epoch in another unit (the file then goes to the
 * record reader, which names the line and the unit).
 */
const epochMs = (field: string): string =>
  `if(${field}.String IS NULL, if(ifNull(${isOtherEpochUnit(numberOf(field))}, false), NULL, toInt64(floor(${numberOf(field)} + 0.5))),
    if(match(${field}.String, ${sqlString(ISO)}), toUnixTimestamp64Milli(parseDateTime64BestEffortOrNull(upper(${field}.String), 3, 'UTC')), NULL))`;

const directMappings: Partial<Record<RecordFileName, DirectMapping>> = {
  spans: {
    table: 'otel_traces',
    time: 'Timestamp',
    columns: blockMappings.spans.columns,
    structure: `traceId Nullable(String), spanId Nullable(String), parentSpanId String, entity Nullable(String), name Nullable(String),
      start ${DYNAMIC}, durationMs ${DYNAMIC}, status Nullable(String), statusMessage String, kind String`,
    fields: `traceId, spanId, parentSpanId, entity, name, status, statusMessage, kind, ${epochMs('f.start')} AS ms,
      ${numberOf('f.durationMs')} AS duration`,
    select: `t.eog_row + 1, t.entity, fromUnixTimestamp64Milli(t.ms), toUInt64(greatest(0, round(t.duration * 1e6))), t.traceId, t.spanId,
      t.parentSpanId, t.name, multiIf(t.status = 'ok', 'Ok', t.status = 'error', 'Error', 'Unset'), t.statusMessage, t.kind`,
    valid: `t.traceId != '' AND t.spanId != '' AND t.entity != '' AND t.name IS NOT NULL AND t.status IN ('ok', 'error', 'unset')
      AND t.duration >= 0 AND t.ms IS NOT NULL`,
  },
  metrics: {
    table: 'otel_metrics_gauge',
    time: 'TimeUnix',
    columns: blockMappings.metrics.columns,
    structure: `time ${DYNAMIC}, entity Nullable(String), name Nullable(String), value ${DYNAMIC}, unit String, labels ${DYNAMIC}`,
    fields: `entity, name, unit, ${epochMs('f.time')} AS ms, ${numberOf('f.value')} AS value, dynamicType(f.labels) AS labels_type,
      ${LABELS_MAP} AS labels`,
    select: `t.eog_row + 1, t.entity, fromUnixTimestamp64Milli(t.ms), fromUnixTimestamp64Milli(t.ms), t.name, t.value, t.unit,
      if(t.labels_type = 'None', '', ${LABELS_TEXT}), t.labels`,
    valid: `t.entity != '' AND t.name != '' AND t.ms IS NOT NULL AND t.value IS NOT NULL AND ${LABELS_VALID}`,
  },
  logs: {
    table: 'otel_logs',
    time: 'Timestamp',
    columns: blockMappings.logs.columns,
    structure: `time ${DYNAMIC}, entity Nullable(String), severity String, body Nullable(String), traceId String, spanId String,
      attrs Map(String, String)`,
    fields: `entity, severity, body, traceId, spanId, attrs, ${epochMs('f.time')} AS ms`,
    select: `t.eog_row + 1, t.entity, fromUnixTimestamp64Milli(t.ms), t.severity, t.body, t.traceId, t.spanId, t.attrs`,
    valid: `t.entity != '' AND t.body IS NOT NULL AND t.ms IS NOT NULL`,
  },
};

/**
 * Reading settings as strict as the record reader: a value of the wrong JSON type fails the
 * statement instead of being converted (a number where a string belongs, a null in an
 * optional field). Fields the mapping does not name are skipped, as the exporter's tables
 * keep no extra fields.
 */
const STRICT_READ = {
  input_format_json_read_numbers_as_strings: 0,
  input_format_json_read_bools_as_strings: 0,
  input_format_json_read_objects_as_strings: 0,
  input_format_json_read_arrays_as_strings: 0,
  input_format_json_read_bools_as_numbers: 0,
  input_format_null_as_default: 0,
  input_format_skip_unknown_fields: 1,
  // A Dynamic field keeps a string a string (not a date or a number guessed from its text).
  input_format_try_infer_datetimes: 0,
  input_format_try_infer_dates: 0,
  input_format_json_try_infer_numbers_from_strings: 0,
  // An object in a Dynamic field (a metric's labels) is a map in the line's order, not a tuple of sorted keys.
  input_format_json_try_infer_named_tuples_from_objects: 0,
} as const;

/** Whether the engine reads a file of this kind itself (spans, logs and metrics, plain or gzipped). */
export function isDirect(file: RecordFile): boolean {
  return directMappings[file.kind] !== undefined;
}

export interface DirectResult {
  scan: LineScan;
  rows: number;
  implausible: FileDone['implausible'];
  extent: TimeWindow | null;
  ms: number;
  /** Entities the file names that the ingest entity table did not hold, with the first line naming each. */
  undeclared: { eid: string; line: number }[];
}

/** Why the direct read gave the file up (the record reader then reads it, and says what is wrong if anything is). */
export class DirectRefused extends Error {
  override name = 'DirectRefused';
}

/**
 * The engine reads a bundle file itself: one INSERT ... SELECT over file() maps and checks
 * every line while a worker thread hashes the file and counts its lines. The rows count only
 * if every line became a row (line numbers are the engine's row numbers); otherwise the
 * table is emptied and DirectRefused thrown, so the caller reads the file the slower way.
 * The table must hold no other rows: each record kind has its own.
 */
export async function ingestDirect(runner: ChRunner, file: RecordFile): Promise<DirectResult> {
  const mapping = directMappings[file.kind];
  if (!mapping) throw new Error(`internal: ${file.kind} is not read by the engine`);
  const scan = startScan(file.path, file.gzip);
  const started = Date.now();
  let failure: string | null = null;
  try {
    const settings = { ...STRICT_READ, ...insertSettings(), ...runner.sourceRows.settings };
    // The rows are numbered before the check filters any out (a file with a line left out is given up anyway).
    runner.insertBlock(
      file.path,
      'JSONEachRow',
      mapping.structure,
      (source) =>
        `INSERT INTO ${mapping.table} (${mapping.columns.join(', ')}) SELECT ${mapping.select}
         FROM (SELECT ${runner.sourceRows.number} AS eog_row, ${mapping.fields} FROM ${source} AS f) AS t
         WHERE ${mapping.valid}
         SETTINGS ${settingsSql(settings)}`,
    );
  } catch (error) {
    failure = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  }
  const ms = Date.now() - started;
  // A file the worker could not read (a corrupt gzip stream) is the record reader's to report.
  const scanned = await scan.result.catch((error: unknown): LineScan => ({
    sha256: '',
    bytes: 0,
    lines: 0,
    refusal: `reading it failed (${String(error)})`,
  }));
  // As records.ts hasImplausibleTime counts them for the warning: a record whose time is outside 1990–2100.
  const time = `toUnixTimestamp64Milli(${mapping.time})`;
  const isFar = `(${time} < ${PLAUSIBLE_TIMES.start} OR ${time} >= ${PLAUSIBLE_TIMES.end})`;
  const counted =
    failure === null
      ? runner.rows(
          `SELECT count() AS n, toUnixTimestamp64Milli(min(${mapping.time})) AS lo, toUnixTimestamp64Milli(max(${mapping.time})) AS hi,
             countIf(${isFar}) AS far, minIf(EogLine, ${isFar}) AS far_line FROM ${mapping.table}`,
        )[0]
      : undefined;
  const rows = Number(counted?.n ?? 0);
  const refusal =
    failure ??
    scanned.refusal ??
    (rows === scanned.lines ? null : `${scanned.lines - rows} of ${scanned.lines} lines did not pass the checks`);
  if (refusal !== null) {
    runner.exec(`TRUNCATE TABLE ${mapping.table}`);
    throw new DirectRefused(`${file.rel}: ${refusal}`);
  }
  const undeclared = runner
    .rows(
      `SELECT EogEntity AS eid, min(EogLine) AS line FROM ${mapping.table}
       WHERE EogEntity NOT IN (SELECT eid FROM ${INGEST_ENTITIES}) GROUP BY eid ORDER BY line`,
    )
    .map((r) => ({ eid: String(r.eid), line: Number(r.line) }));
  return {
    scan: scanned,
    rows,
    implausible: { count: Number(counted?.far ?? 0), firstLine: Number(counted?.far ?? 0) > 0 ? Number(counted?.far_line) : null },
    extent: rows === 0 ? null : { start: Number(counted?.lo), end: Number(counted?.hi) },
    ms,
    undeclared,
  };
}
