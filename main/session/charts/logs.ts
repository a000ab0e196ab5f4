import { baselineBand, bucketCentres, type Chart, type ChartSeries } from '../../../core/charts/index.js';
import { EvidenceDetail } from '../../../core/model/index.js';
import type { LogCounts } from '../../store/index.js';
import type { ChartRange } from './range.js';

/** Templates drawn per entity: the cited ones, then new and stopped ones, then the most unusual. */
export const MAX_TEMPLATE_SERIES = 8;

interface TemplateSignal {
  id: string;
  score: number;
  detail: string;
}

interface Drawn {
  id: string;
  text: string;
  role: ChartSeries['role'];
}

/** The templates a log chart draws, in the order the store is asked to count them. */
export function pickTemplates(signals: readonly TemplateSignal[], cited: ReadonlySet<string>): Drawn[] {
  const drawn: (Drawn & { rank: number })[] = [];
  for (const s of signals) {
    const parsed = EvidenceDetail.safeParse(JSON.parse(s.detail));
    if (!parsed.success || parsed.data.type !== 'log_template') continue;
    const d = parsed.data;
    const role: ChartSeries['role'] = d.isNew ? 'new' : d.isGone ? 'gone' : 'value';
    const rank = cited.has(s.id) ? 0 : role !== 'value' ? 1 : 2;
    drawn.push({ id: s.id, text: d.template, role, rank });
  }
  // Stable: within a rank the store's order (score, then id) holds.
  return drawn.sort((a, b) => a.rank - b.rank).slice(0, MAX_TEMPLATE_SERIES);
}

/**
 * Lines per minute of each drawn log template over time, from the store's counts per bucket
 * (`count`: SeriesSource.logCounts for the drawn templates' texts). Lines are matched to the
 * templates the way Drain matched them (the same tokenizer; `<*>` matches any token), so a
 * template that stopped shows its baseline count falling to zero and a new one rising from it.
 * Without templates, a chart of no line is not drawn.
 */
export function logChart(
  signals: readonly TemplateSignal[],
  count: (templates: readonly string[]) => LogCounts,
  range: ChartRange,
  cited: ReadonlySet<string>,
): Chart | null {
  const drawn = pickTemplates(signals, cited);
  const { all, byTemplate: counts } = count(drawn.map((d) => d.text));
  if (drawn.length === 0 && all.every((n) => n === 0)) return null;
  const x = bucketCentres(range.buckets);
  const perMinute = (c: number[]): number[] => c.map((n) => (n * 60_000) / range.buckets.width);
  const mk = (name: string, role: ChartSeries['role'], evidenceId: string | null, c: number[]): ChartSeries => {
    const y = perMinute(c);
    return { name, role, x, y, band: baselineBand(x, y, range.baselineUntil), evidenceId, sourcePoints: c.reduce((s, n) => s + n, 0) };
  };
  return {
    id: 'logs',
    kind: 'logs',
    title: 'Log templates',
    unit: 'lines/min',
    series: [mk('all lines', 'value', null, all), ...drawn.map((d, k) => mk(d.text, d.role, d.id, counts[k] as number[]))],
  };
}
