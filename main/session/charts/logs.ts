import { baselineBand, bucketCentres, bucketOf, type Chart, type ChartSeries } from '../../../core/charts/index.js';
import { EvidenceDetail } from '../../../core/model/index.js';
import { tokenizeLine, WILDCARD } from '../../../core/signals/index.js';
import type { LogRow } from '../../store/index.js';
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
  tokens: string[];
  text: string;
  role: ChartSeries['role'];
}

function matches(template: readonly string[], tokens: readonly string[]): boolean {
  if (template.length !== tokens.length) return false;
  return template.every((t, i) => t === WILDCARD || t === tokens[i]);
}

function pickTemplates(signals: readonly TemplateSignal[], cited: ReadonlySet<string>): Drawn[] {
  const drawn: (Drawn & { rank: number })[] = [];
  for (const s of signals) {
    const parsed = EvidenceDetail.safeParse(JSON.parse(s.detail));
    if (!parsed.success || parsed.data.type !== 'log_template') continue;
    const d = parsed.data;
    const role: ChartSeries['role'] = d.isNew ? 'new' : d.isGone ? 'gone' : 'value';
    const rank = cited.has(s.id) ? 0 : role !== 'value' ? 1 : 2;
    drawn.push({ id: s.id, tokens: d.template.split(' '), text: d.template, role, rank });
  }
  // Stable: within a rank the store's order (score, then id) holds.
  return drawn.sort((a, b) => a.rank - b.rank).slice(0, MAX_TEMPLATE_SERIES);
}

/**
 * Lines per minute of each drawn log template over time. Lines are matched to the store's
 * templates the way Drain matched them (the same tokenizer; `<*>` matches any token), so a
 * template that stopped shows its baseline count falling to zero and a new one rising from it.
 */
export function logChart(
  logs: readonly LogRow[],
  signals: readonly TemplateSignal[],
  range: ChartRange,
  cited: ReadonlySet<string>,
): Chart | null {
  const drawn = pickTemplates(signals, cited);
  if (drawn.length === 0 && logs.length === 0) return null;
  const counts = drawn.map(() => new Array<number>(range.buckets.count).fill(0));
  const all = new Array<number>(range.buckets.count).fill(0);
  for (const line of logs) {
    const b = bucketOf(range.buckets, line.time);
    if (b < 0) continue;
    all[b] = (all[b] as number) + 1;
    const tokens = tokenizeLine(line.body);
    const k = drawn.findIndex((d) => matches(d.tokens, tokens));
    if (k >= 0) (counts[k] as number[])[b] = ((counts[k] as number[])[b] as number) + 1;
  }
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
