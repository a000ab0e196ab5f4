import { STRUCTURED_LOG } from '../../../../core/signals/logs/structured.js';
import { sqlString } from '../runner.js';

/**
 * A Collector's log rows whose body is one JSON object and that state no severity (a filelog
 * receiver without a JSON parser, an SDK that forwards the line as written) are read in SQL as
 * `eog convert` reads such a line (core/signals/logs/structured.ts, readStructuredLine): the
 * level field is the severity, the message field followed by the error fields as `key=value`
 * is the body. Built from the converter's own lists, so the two roads cannot drift apart; the
 * test compares them line by line.
 *
 * Works on the columns of the inner query of collectorLogsView: `raw` (the body), `is_json`,
 * `kv`, the object's top-level entries as (lower-case key, key, raw JSON value), and `msg`,
 * the raw value of its message field.
 */

const list = (values: readonly string[]): string => `[${values.map(sqlString).join(', ')}]`;

/** A raw JSON string value, decoded. */
const decoded = (raw: string): string => `JSONExtractString(concat('[', ${raw}, ']'), 1)`;
const isString = (raw: string): string => `startsWith(${raw}, '"')`;

/**
 * The raw values of these lower-case keys, in this order: each the last entry's (JSON.parse
 * keeps the last), or ''. One pass of lambdas per row, whatever the number of keys.
 */
const valuesOf = (keys: readonly string[]): string => `arrayMap(k -> arrayLast(x -> x.1 = k, kv).3, ${list(keys)})`;

/** levelWord of the raw value `v`: a level word in a string, or a pino/bunyan number; '' when neither. */
function levelOfV(): string {
  const words = STRUCTURED_LOG.levelWords;
  const number = 'toFloat64OrNull(v)';
  const bands = STRUCTURED_LOG.numericLevels.map(([floor, level]) => `${number} >= ${floor}, ${sqlString(level)}`).join(', ');
  return `if(${isString('v')}, transform(lower(trimBoth(${decoded('v')})), ${list(words.map(([w]) => w))}, ${list(
    words.map(([, level]) => level),
  )}, ''), multiIf(isNull(${number}) OR NOT isFinite(assumeNotNull(${number})), '', ${bands}, ''))`;
}

/** The level of the first level key (in the converter's order of preference) that holds one. */
const JSON_LEVEL = `arrayFirst(l -> l != '', arrayMap(v -> ${levelOfV()}, ${valuesOf(STRUCTURED_LOG.levelKeys)}))`;

/** The raw value of the first message key whose value is a string, or '' (a string's raw value is never empty). */
const MESSAGE = `arrayFirst(v -> ${isString('v')}, ${valuesOf(STRUCTURED_LOG.messageKeys)})`;

/** Scalar error fields as `key=value`, in the object's order (strings cut as the converter cuts them). */
const CAUSES = `arrayMap(x -> concat(x.2, '=', if(${isString('x.3')}, substringUTF8(${decoded('x.3')}, 1, ${STRUCTURED_LOG.maxFieldLength}), x.3)),
  arrayFilter(x -> has(${list(STRUCTURED_LOG.errorKeys)}, x.1) AND (${isString('x.3')} OR isNotNull(toFloat64OrNull(x.3)) OR x.3 IN ('true', 'false')), kv))`;

/** The body as the converter keeps it: the message and the causes, else the line as written. */
const JSON_BODY = `if(msg != '', arrayStringConcat(arrayConcat([replaceRegexpOne(${decoded('msg')}, '\\r?\\n$', '')], ${CAUSES}), ' '), raw)`;

/**
 * The `logs` view over a Collector's otel_logs: severity from the text, else the number's band
 * (`numberBand`, as for every store), else a JSON body's level; the body a JSON body's message.
 */
export function collectorLogsView(columns: { line: string; entity: string }, numberBand: string): string {
  return `CREATE OR REPLACE VIEW logs AS SELECT line, entity, time,
   multiIf(SeverityText != '', SeverityText, SeverityNumber != 0, ${numberBand}, is_json, nullIf(${JSON_LEVEL}, ''), NULL) AS severity,
   if(is_json, ${JSON_BODY}, raw) AS body, trace_id, span_id
   FROM (SELECT ${columns.line} AS line, ${columns.entity} AS entity, toUnixTimestamp64Milli(Timestamp) AS time, SeverityText, SeverityNumber,
     Body AS raw, nullIf(TraceId, '') AS trace_id, nullIf(SpanId, '') AS span_id,
     -- Trimmed once, and only where no severity is written (the rows a JSON body may describe).
     if(SeverityText = '' AND SeverityNumber = 0, trim(BOTH ' \\t\\n\\r' FROM Body), '') AS bare,
     lengthUTF8(bare) <= ${STRUCTURED_LOG.maxParsedLength} AND startsWith(bare, '{') AND endsWith(bare, '}') AND isValidJSON(Body) AS is_json,
     if(is_json, arrayMap(x -> (lower(x.1), x.1, x.2), JSONExtractKeysAndValuesRaw(Body)), []) AS kv,
     if(is_json, ${MESSAGE}, '') AS msg
   FROM otel_logs)`;
}
