import { isErrorSeverity, TemplateMiner, type TemplateCountRow } from '../../../../core/signals/index.js';
import { EXAMPLE_CHARS, SAMPLE_LINES, type LogTemplateState } from '../../signals/log-templates.js';
import type { ChRunner } from '../runner.js';
import type { SqlPeriods } from './periods.js';

/** Distinct normalised bodies read per entity (most frequent first): the rest of a flood of unique lines is dropped. */
export const MAX_BODIES_PER_ENTITY = 2_000;
/** Characters of a body the SQL normalisation looks at (core/signals' miner reads at most 4096). */
const BODY_CHARS = 2_048;

/**
 * What varies between lines one statement prints, replaced in SQL so those lines group
 * together before anything leaves the engine: UUIDs, long hex ids, then digit runs. Drain
 * (core/signals) then mines templates from one example per group, in the process.
 */
const NORMALISED = `replaceRegexpAll(replaceRegexpAll(replaceRegexpAll(substring(body, 1, ${BODY_CHARS}),
  '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}', '<U>'),
  '\\\\b[0-9a-fA-F]{8,}\\\\b', '<H>'), '[0-9]+', '0')`;

/**
 * Log template counts per entity and period, grouped in ClickHouse on a normalised body (one
 * row per entity, normalised body, period and severity: counts, an example and a few lines),
 * then mined by Drain here, one example per group. What the streaming collector
 * (signals/log-templates.ts) leaves, without the span-sequence signal (broken sequences need
 * every line of every span in order; docs/clickhouse.md).
 */
export function templateCounts(runner: ChRunner, periods: SqlPeriods): LogTemplateState {
  const rows = runner.rows(
    `SELECT entity, key, period, severity, count() AS n, any(body) AS example, min(time) AS first,
       arraySlice(arraySort(groupArray(${SAMPLE_LINES * 4})(line)), 1, ${SAMPLE_LINES}) AS lines
     FROM (SELECT entity, time, line, ifNull(severity, '') AS severity, body, ${NORMALISED} AS key, ${periods.period()} AS period
           FROM logs WHERE ${periods.range})
     WHERE period != ''
     GROUP BY entity, key, period, severity
     ORDER BY entity, n DESC, first, key LIMIT ${MAX_BODIES_PER_ENTITY} BY entity`,
    periods.params,
  );
  rows.sort((a, b) => Number(a.first) - Number(b.first) || String(a.entity).localeCompare(String(b.entity)));
  const miner = new TemplateMiner();
  const counts = new Map<string, TemplateCountRow>();
  const samples: Record<string, number[]> = {};
  const examples: Record<string, string> = {};
  const windowExample = new Set<string>();
  for (const r of rows) {
    const entity = String(r.entity);
    const example = String(r.example);
    const templateId = miner.add(example);
    const key = `${entity}\u0000${templateId}`;
    const n = Number(r.n);
    const isWindow = r.period === 'window';
    const row = counts.get(key) ?? { entity, templateId, windowCount: 0, baselineCount: 0, errorSeverityCount: 0 };
    if (isWindow) row.windowCount += n;
    else row.baselineCount += n;
    if (isErrorSeverity(r.severity === '' ? null : String(r.severity))) row.errorSeverityCount += n;
    counts.set(key, row);
    const lines = (r.lines as unknown as number[]).map(Number);
    const seen = samples[key] ?? [];
    samples[key] = [...new Set([...seen, ...(seen.length === 0 || isWindow ? lines : [])])].slice(0, SAMPLE_LINES);
    if (examples[key] === undefined || (isWindow && !windowExample.has(key))) {
      examples[key] = example.slice(0, EXAMPLE_CHARS);
      if (isWindow) windowExample.add(key);
    }
  }
  const texts: Record<string, string> = {};
  for (const t of miner.templates()) texts[t.id] = t.template;
  return { rows: [...counts.values()], texts, samples, examples, sequences: [] };
}
