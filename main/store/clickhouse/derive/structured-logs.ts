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
 * and `kv`, the object's top-level entries as (lower-case key, key, raw JSON value).
 */

const list = (values: readonly string[]): string => `[${values.map(sqlString).join(', ')}]`;

/** A raw JSON string value, decoded. */
const decoded = (raw: string): string => `JSONExtractString(concat('[', ${raw}, ']'), 1)`;
const isString = (raw: string): string => `startsWith(${raw}, '"')`;

/** The raw value of the last entry with this lower-case key (JSON.parse keeps the last), or ''. */
const valueOf = (key: string): string => `arrayLast(x -> x.1 = ${sqlString(key)}, kv).3`;

/** levelWord of a raw value: a level word in a string, or a pino/bunyan number; '' when neither. */
function levelOf(raw: string): string {
  const words = STRUCTURED_LOG.levelWords;
  const number = `toFloat64OrNull(${raw})`;
  const bands = STRUCTURED_LOG.numericLevels.map(([floor, level]) => `${number} >= ${floor}, ${sqlString(level)}`).join(', ');
  return `if(${isString(raw)}, transform(lower(trimBoth(${decoded(raw)})), ${list(words.map(([w]) => w))}, ${list(
    words.map(([, level]) => level),
  )}, ''), multiIf(isNull(${number}) OR NOT isFinite(assumeNotNull(${number})), '', ${bands}, ''))`;
}

/** The level of the first level key (in the converter's order of preference) that holds one. */
const JSON_LEVEL = `arrayFirst(l -> l != '', [${STRUCTURED_LOG.levelKeys.map((k) => levelOf(valueOf(k))).join(', ')}])`;

/** (found, raw value) of the first message key whose value is a string. */
const MESSAGE = `arrayFirst(m -> m.1, [${STRUCTURED_LOG.messageKeys
  .map((k) => `(${isString(valueOf(k))}, ${valueOf(k)})`)
  .join(', ')}, (false, '')])`;

/** Scalar error fields as `key=value`, in the object's order (strings cut as the converter cuts them). */
const CAUSES = `arrayMap(x -> concat(x.2, '=', if(${isString('x.3')}, substringUTF8(${decoded('x.3')}, 1, ${STRUCTURED_LOG.maxFieldLength}), x.3)),
  arrayFilter(x -> has(${list(STRUCTURED_LOG.errorKeys)}, x.1) AND (${isString('x.3')} OR isNotNull(toFloat64OrNull(x.3)) OR x.3 IN ('true', 'false')), kv))`;

/** The body as the converter keeps it: the message and the causes, else the line as written. */
const JSON_BODY = `if(tupleElement(${MESSAGE}, 1), arrayStringConcat(arrayConcat([replaceRegexpOne(${decoded(`tupleElement(${MESSAGE}, 2)`)}, '\\r?\\n$', '')], ${CAUSES}), ' '), raw)`;

/**
 * The `logs` view over a Collector's otel_logs: severity from the text, else the number's band
 * (`numberBand`, as for every store), else a JSON body's level; the body a JSON body's message.
 */
export function collectorLogsView(columns: { line: string; entity: string }, numberBand: string): string {
  const trimmed = `trim(BOTH ' \\t\\n\\r' FROM Body)`;
  return `CREATE OR REPLACE VIEW logs AS SELECT line, entity, time,
   multiIf(SeverityText != '', SeverityText, SeverityNumber != 0, ${numberBand}, is_json, nullIf(${JSON_LEVEL}, ''), NULL) AS severity,
   if(is_json, ${JSON_BODY}, raw) AS body, trace_id, span_id
   FROM (SELECT ${columns.line} AS line, ${columns.entity} AS entity, toUnixTimestamp64Milli(Timestamp) AS time, SeverityText, SeverityNumber,
     Body AS raw, nullIf(TraceId, '') AS trace_id, nullIf(SpanId, '') AS span_id,
     SeverityText = '' AND SeverityNumber = 0 AND lengthUTF8(${trimmed}) <= ${STRUCTURED_LOG.maxParsedLength}
       AND startsWith(${trimmed}, '{') AND endsWith(${trimmed}, '}') AND isValidJSON(Body) AS is_json,
     if(is_json, arrayMap(x -> (lower(x.1), x.1, x.2), JSONExtractKeysAndValuesRaw(Body)), []) AS kv
   FROM otel_logs)`;
}
