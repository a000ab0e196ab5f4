import {
  brokenSequences,
  countSpanTemplates,
  isErrorSeverity,
  MAX_TEMPLATES_PER_SPAN,
  OVERFLOW_TEMPLATE_ID,
  TemplateMiner,
  type EntitySpanCounts,
  type TemplateCountRow,
} from '../../../../core/signals/index.js';
import {
  BODY_VARIABLES,
  EXAMPLE_CHARS,
  GROUP_KEY_CHARS,
  MAX_LINE_GROUPS,
  SAMPLE_LINES,
  SPAN_KEY_SAMPLE,
  keepSmallest,
  type LogTemplateState,
} from '../../signals/log-templates.js';
import { SPAN_KEY_SQL } from '../../signals/span-key.js';
import { BOUNDED_MEMORY, sqlString, type ChRow, type ChRunner } from '../runner.js';
import type { SqlPeriods } from './periods.js';

/** Characters of a line Drain reads (core/signals' maxLineLength): an example never needs more. */
const MINED_CHARS = 4_096;
/**
 * Line groups kept per request span, in order: the spans' template sets keep the first 40
 * templates (core/signals/logs/span-pairs.ts), and several groups may share a template.
 */
const GROUPS_PER_SPAN = 4 * MAX_TEMPLATES_PER_SPAN;

/**
 * signals/log-templates.ts's lineGroupKey in SQL: the same patterns, replaced in the same order
 * (`$n` is `\\n` there). Queries carry its 64-bit hash (a collision, about n²/2⁶⁵ for n groups,
 * would join two groups).
 */
const GROUP_KEY = BODY_VARIABLES.reduce(
  (expr, v) => `replaceRegexpAll(${expr}, ${sqlString(v.pattern)}, ${sqlString(v.replacement.replace(/\$(\d)/g, '\\$1'))})`,
  `substringUTF8(body, 1, ${GROUP_KEY_CHARS})`,
);

/**
 * The order in which the import's collector saw the rows, which decides which group is mined
 * first: `line` for an imported bundle (its logs file, read in order), `time` for a database
 * the Collector wrote (its `line` is a hash; the row's time, then that hash, decide).
 */
export type ArrivalOrder = 'line' | 'time';

/** 2^53: a row's `line` is below it (a bundle line, or views.ts's 53-bit key). */
const LINE_SPAN = '9007199254740992';
/** 2^63: shifts an Int64 time to an unsigned one that sorts the same. */
const TIME_SHIFT = '9223372036854775808';

/** A span's key as one 128-bit number: joins and groups over it run faster than over two strings. */
export const spanKey = (span: string): string => `sipHash128(trace_id, ${span})`;

/**
 * The arrival order of a row as one number that sorts as (arrival, line): ClickHouse's
 * argMin, min and sorts over a tuple take a generic path several times slower than over a
 * number. For `line` it is the line; for `time`, the time shifted to unsigned, then the line,
 * packed into a UInt128.
 */
export function arrivalKey(arrival: ArrivalOrder): string {
  return arrival === 'line' ? 'line' : `(toUInt128(toInt128(time) + ${TIME_SHIFT}) * ${LINE_SPAN} + line)`;
}

/** An arrivalKey value (SQL expression) as the (arrival, line) pair the collector compares. */
export function arrivalPair(arrival: ArrivalOrder, key: string): string {
  return arrival === 'line'
    ? `(${key}, ${key})`
    : `(toInt64(toInt128(intDiv(${key}, ${LINE_SPAN})) - ${TIME_SHIFT}), toUInt64(${key} % ${LINE_SPAN}))`;
}

/**
 * Log template counts per entity and period, and the statements that stopped following
 * another in their request spans, computed by ClickHouse with the template rule of the
 * streaming collector (signals/log-templates.ts): lines are grouped on a key that masks ids
 * and numbers, and a group's template is the one Drain (core/signals) gives the group's first
 * line, the groups mined in the order of their first line. Three queries: the groups' first
 * lines (at most MAX_LINE_GROUPS, mined here), the counts per entity, group, period and
 * severity, and the request spans' group lists counted per distinct list; none returns a row
 * per log line.
 */
export function templateCounts(runner: ChRunner, periods: SqlPeriods, arrival: ArrivalOrder): LogTemplateState {
  const ord = arrivalKey(arrival);
  const inPeriods = `(SELECT entity, time, line, severity, body, trace_id, span_id, cityHash64(${GROUP_KEY}) AS g,
    ${periods.period()} AS period FROM logs WHERE ${periods.range}) WHERE period != ''`;
  const firstLines = `SELECT g, argMin(substringUTF8(body, 1, ${MINED_CHARS}), ${ord}) AS example FROM ${inPeriods}
    GROUP BY g ORDER BY min(${ord}) LIMIT ${MAX_LINE_GROUPS}`;
  // Group keys go to JavaScript as text: a 64-bit number would lose digits there.
  const groups = runner.rows(`SELECT toString(g) AS g, example FROM (${firstLines})`, periods.params);
  const miner = new TemplateMiner();
  const templateOf = new Map<string, string>();
  for (const r of groups) templateOf.set(String(r.g), miner.add(String(r.example)));
  // Lines of groups past the cap go to the overflow template, as in the collector (`template`
  // below); folding them here makes a flood of unique lines one row per entity, period and severity.
  const kept = groups.length < MAX_LINE_GROUPS ? 'g' : `if(g IN (SELECT g FROM (${firstLines})), g, 0)`;
  const counted = runner.rows(
    `SELECT entity, toString(kg) AS kg, period, sev, n, ${arrivalPair(arrival, 'first')} AS first, first_line, example,
       arrayMap(x -> ${arrivalPair(arrival, 'x')}, earliest) AS earliest, span_keys
     FROM (SELECT entity, ${kept} AS kg, period, ifNull(severity, '') AS sev, count() AS n, min(${ord}) AS first,
             argMin(line, ${ord}) AS first_line, substringUTF8(argMin(body, ${ord}), 1, ${EXAMPLE_CHARS}) AS example,
             groupArraySorted(${SAMPLE_LINES})(${ord}) AS earliest,
             groupArraySorted(${SPAN_KEY_SAMPLE})(if(period = 'baseline', ${SPAN_KEY_SQL}, NULL)) AS span_keys
           FROM ${inPeriods} GROUP BY entity, kg, period, sev)`,
    periods.params,
  );
  const template = (g: unknown): string => templateOf.get(String(g)) ?? OVERFLOW_TEMPLATE_ID;
  const texts: Record<string, string> = {};
  for (const t of miner.templates()) texts[t.id] = t.template;
  return { ...countsOf(counted, template), texts, sequences: sequencesOf(runner, periods, inPeriods, ord, template) };
}

type Ord = [number, number];
const before = (a: Ord, b: Ord): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** Where one (entity, template) was seen: its first row, its first window row, its earliest window rows. */
interface Seen {
  first: { ord: Ord; line: number; example: string };
  firstWindow: { ord: Ord; example: string } | null;
  windowRows: Ord[];
}

/**
 * Counts, samples and examples per (entity, template) from the per-group rows, as the
 * collector keeps them: samples are the template's first line, then its first window lines;
 * the example is its first window line, else its first line.
 */
function countsOf(rows: readonly ChRow[], template: (g: unknown) => string): Omit<LogTemplateState, 'texts' | 'sequences'> {
  const counts = new Map<string, TemplateCountRow>();
  const seen = new Map<string, Seen>();
  const smallestKeys = new Map<string, string[]>();
  for (const r of rows) {
    const entity = String(r.entity);
    const templateId = template(r.kg);
    const key = `${entity}\u0000${templateId}`;
    const n = Number(r.n);
    const isWindow = r.period === 'window';
    const row = counts.get(key) ?? { entity, templateId, windowCount: 0, baselineCount: 0, errorSeverityCount: 0 };
    if (isWindow) row.windowCount += n;
    else row.baselineCount += n;
    if (isErrorSeverity(r.sev === '' ? null : String(r.sev))) row.errorSeverityCount += n;
    counts.set(key, row);
    const ord = r.first as unknown as Ord;
    const example = String(r.example).slice(0, EXAMPLE_CHARS);
    const s = seen.get(key) ?? { first: { ord, line: Number(r.first_line), example }, firstWindow: null, windowRows: [] };
    if (before(ord, s.first.ord)) s.first = { ord, line: Number(r.first_line), example };
    if (isWindow) {
      if (s.firstWindow === null || before(ord, s.firstWindow.ord)) s.firstWindow = { ord, example };
      s.windowRows.push(...(r.earliest as unknown as Ord[]));
    }
    seen.set(key, s);
    // The smallest keys of the template's groups hold the smallest keys of the template.
    const keys = r.span_keys as unknown as string[];
    if (keys.length > 0) {
      const smallest = smallestKeys.get(key) ?? [];
      for (const k of keys) keepSmallest(smallest, k);
      smallestKeys.set(key, smallest);
    }
  }
  const spanKeys: Record<string, string[]> = {};
  for (const [key, smallest] of smallestKeys) spanKeys[key] = [...new Set(smallest)];
  const samples: Record<string, number[]> = {};
  const examples: Record<string, string> = {};
  for (const [key, s] of seen) {
    const windowLines = s.windowRows.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).map((o) => o[1]);
    samples[key] = [...new Set([s.first.line, ...windowLines])].slice(0, SAMPLE_LINES);
    examples[key] = (s.firstWindow ?? s.first).example;
  }
  const firstOf = (row: TemplateCountRow): Ord => seen.get(`${row.entity}\u0000${row.templateId}`)?.first.ord ?? [0, 0];
  const ordered = [...counts.values()].sort((a, b) => (before(firstOf(a), firstOf(b)) ? -1 : before(firstOf(b), firstOf(a)) ? 1 : 0));
  return { rows: ordered, samples, examples, spanKeys };
}

/**
 * Broken sequences from the request spans' line groups: ClickHouse lists each span's groups
 * in the order of their first line (the span's period is its first line's) and counts the
 * spans per entity, period and list; here the lists become template sets, as the collector
 * holds them, and core/signals' test reads the counts.
 */
function sequencesOf(
  runner: ChRunner,
  periods: SqlPeriods,
  inPeriods: string,
  ord: string,
  template: (g: unknown) => string,
): LogTemplateState['sequences'] {
  const rows = runner.rows(
    `SELECT entity, span_period, arrayMap(x -> toString(x), groups) AS groups, count() AS spans FROM (
       SELECT entity, argMin(period, ${ord}) AS span_period,
         arraySlice(arrayDistinct(arrayMap(x -> x.2, arraySort(x -> x.1, groupArray((${ord}, g))))), 1, ${GROUPS_PER_SPAN}) AS groups
       FROM ${inPeriods} AND trace_id IS NOT NULL AND span_id IS NOT NULL
       GROUP BY entity, ${spanKey('span_id')})
     GROUP BY entity, span_period, groups
     SETTINGS ${BOUNDED_MEMORY}`,
    periods.params,
  );
  const byEntity = new Map<string, EntitySpanCounts>();
  for (const r of rows) {
    const templates = [...new Set((r.groups as unknown as string[]).map(template))].slice(0, MAX_TEMPLATES_PER_SPAN);
    countSpanTemplates(byEntity, String(r.entity), r.span_period === 'window' ? 'window' : 'baseline', templates, Number(r.spans));
  }
  return brokenSequences(byEntity);
}
