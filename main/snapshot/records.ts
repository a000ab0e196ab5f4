import type { z } from 'zod';
import { recordFiles, type RecordFileName } from '../../core/snapshot/schema.js';
import { isPlausibleTime } from '../../core/snapshot/time.js';
import { BundleFormatError } from './errors.js';
import {
  FieldProblem,
  extraFields,
  isPlainObject,
  optObject,
  optString,
  optStringMap,
  optTime,
  reqEnum,
  reqNumber,
  reqString,
  reqTime,
  type Json,
} from './fields.js';

/** Bind values for one row, entity first; the column order per kind is fixed in store/schema.ts. */
export type RecordRow = [entity: string, time: number, ...rest: (string | number | null)[]];

type Normaliser = (obj: Json) => RecordRow;

function known(...fields: string[]): ReadonlySet<string> {
  return new Set(fields);
}

const ALERT = known('name', 'entity', 'severity', 'startsAt', 'endsAt', 'summary', 'labels');
const EVENT = known('time', 'entity', 'type', 'reason', 'message', 'count');
const LOG = known('time', 'entity', 'severity', 'body', 'traceId', 'spanId', 'attrs');
const METRIC = known('time', 'entity', 'name', 'value', 'unit', 'labels');
const SPAN = known('traceId', 'spanId', 'parentSpanId', 'entity', 'name', 'start', 'durationMs', 'status', 'statusMessage', 'kind');
const CHANGE = known('time', 'entity', 'kind', 'summary', 'diff', 'actor');

const EVENT_TYPES = ['Normal', 'Warning'] as const;
const SPAN_STATUSES = ['ok', 'error', 'unset'] as const;
const CHANGE_KINDS = ['config', 'deploy', 'scale', 'image', 'feature_flag', 'other'] as const;

function optCount(obj: Json): number | null {
  const v = obj.count;
  if (v === undefined) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new FieldProblem('count', 'expected a non-negative integer');
  return v;
}

function optDiff(obj: Json): string | null {
  const v = obj.diff;
  if (v === undefined) return null;
  if (!Array.isArray(v)) throw new FieldProblem('diff', 'expected an array of {path, from, to}');
  v.forEach((entry: unknown, i) => {
    if (!isPlainObject(entry) || typeof entry.path !== 'string') throw new FieldProblem(`diff.${i}.path`, 'expected a string');
  });
  return JSON.stringify(v);
}

const normalisers: Record<RecordFileName, Normaliser> = {
  alerts: (o) => [
    reqString(o, 'entity'),
    reqTime(o, 'startsAt'),
    optTime(o, 'endsAt'),
    reqString(o, 'name'),
    reqString(o, 'severity'),
    optString(o, 'summary'),
    optStringMap(o, 'labels'),
    extraFields(o, ALERT),
  ],
  events: (o) => [
    reqString(o, 'entity'),
    reqTime(o, 'time'),
    reqEnum(o, 'type', EVENT_TYPES),
    reqString(o, 'reason', false),
    reqString(o, 'message', false),
    optCount(o),
    extraFields(o, EVENT),
  ],
  logs: (o) => [
    reqString(o, 'entity'),
    reqTime(o, 'time'),
    optString(o, 'severity'),
    reqString(o, 'body', false),
    optString(o, 'traceId'),
    optString(o, 'spanId'),
    optObject(o, 'attrs'),
    extraFields(o, LOG),
  ],
  metrics: (o) => [
    reqString(o, 'entity'),
    reqTime(o, 'time'),
    reqString(o, 'name'),
    reqNumber(o, 'value'),
    optString(o, 'unit'),
    optStringMap(o, 'labels'),
    extraFields(o, METRIC),
  ],
  spans: (o) => {
    const durationMs = reqNumber(o, 'durationMs');
    if (durationMs < 0) throw new FieldProblem('durationMs', 'expected a non-negative number');
    return [
      reqString(o, 'entity'),
      reqTime(o, 'start'),
      durationMs,
      reqString(o, 'traceId'),
      reqString(o, 'spanId'),
      optString(o, 'parentSpanId'),
      reqString(o, 'name', false),
      reqEnum(o, 'status', SPAN_STATUSES),
      optString(o, 'statusMessage'),
      optString(o, 'kind'),
      extraFields(o, SPAN),
    ];
  },
  changes: (o) => [
    reqString(o, 'entity'),
    reqTime(o, 'time'),
    reqEnum(o, 'kind', CHANGE_KINDS),
    reqString(o, 'summary', false),
    optDiff(o),
    optString(o, 'actor'),
    extraFields(o, CHANGE),
  ],
};

/** Whether a record's time (and an alert's end) lies outside 1990–2100: imported, and counted for a warning per file. */
export function hasImplausibleTime(kind: RecordFileName, row: RecordRow): boolean {
  if (!isPlausibleTime(row[1])) return true;
  // An alert's row is entity, startsAt, endsAt, …
  const endsAt = kind === 'alerts' ? row[2] : null;
  return typeof endsAt === 'number' && !isPlausibleTime(endsAt);
}

/** Parses and validates one record line; throws BundleFormatError naming file, line and field. */
export function parseRecordLine(kind: RecordFileName, text: string, file: string, line: number): RecordRow {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new BundleFormatError(file, line, null, `not valid JSON (${detail})`);
  }
  if (!isPlainObject(value)) throw new BundleFormatError(file, line, null, 'expected one JSON object per line');
  try {
    return normalisers[kind](value);
  } catch (error) {
    if (!(error instanceof FieldProblem)) throw error;
    throw explain(recordFiles[kind], value, file, line, error);
  }
}

/** Prefers zod's wording for shape errors; timestamp formats and units are ours since zod accepts any string or number. */
function explain(schema: z.ZodType, value: Json, file: string, line: number, fast: FieldProblem): BundleFormatError {
  const result = schema.safeParse(value);
  const issue = result.success ? undefined : result.error.issues[0];
  if (issue === undefined || fast.problem.includes('ISO-8601')) return new BundleFormatError(file, line, fast.field, fast.problem);
  return new BundleFormatError(file, line, issue.path.map(String).join('.') || fast.field, issue.message);
}
