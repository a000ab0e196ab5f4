import { strengths, thresholds, verdictConfidence } from '../thresholds.js';
import { ruleTable } from './table.js';

/**
 * The generated parts of docs/heuristic.md: the rule table and the thresholds, straight from
 * the code, so the documentation cannot drift from it (rules/docs.test.ts checks the file;
 * `npx tsx scripts/docs-heuristic.ts` rewrites it).
 */
export const generatedRegions = {
  rules: { begin: '<!-- rule-table:begin (generated) -->', end: '<!-- rule-table:end -->' },
  thresholds: { begin: '<!-- thresholds:begin (generated) -->', end: '<!-- thresholds:end -->' },
} as const;

/** Table cells, header first; Markdown-safe (pipes escaped). */
export function ruleTableCells(): string[][] {
  const rows = ruleTable.map((r) => {
    const traits = r.role === 'cause' ? causeTraits(r) : r.role === 'explainer' ? explainerTraits(r) : '';
    return [r.id, r.role, r.family, r.when, r.strength, `${r.explanation}${traits ? ` _${traits}_` : ''}`];
  });
  return [['id', 'role', 'family', 'evidence predicate', 'strength', 'explanation'], ...rows].map((row) => row.map(cell));
}

export function thresholdCells(): string[][] {
  const rows = [
    ...Object.entries(thresholds).map(([name, value]) => [`thresholds.${name}`, formatValue(value)]),
    ...Object.entries(verdictConfidence).map(([name, value]) => [`verdictConfidence.${name}`, formatValue(value)]),
    ...Object.entries(strengths).flatMap(([rule, value]) =>
      typeof value === 'number'
        ? [[`strengths.${rule}`, formatValue(value)]]
        : Object.entries(value).map(([part, v]) => [`strengths.${rule}.${part}`, formatValue(v)]),
    ),
  ];
  return [['name', 'value'], ...rows].map((row) => row.map(cell));
}

/** A Markdown table (unpadded; Prettier pads it in the file). */
export function renderTable(cells: readonly string[][]): string {
  const [header = [], ...rows] = cells;
  const line = (row: readonly string[]): string => `| ${row.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function causeTraits(r: Extract<(typeof ruleTable)[number], { role: 'cause' }>): string {
  const traits = [
    r.explainedBy === null
      ? 'never explained away'
      : `explained by a ${r.explainedBy === 'surge' ? 'confirmed upstream surge' : 'failing callee'}`,
    r.isCrash && 'a crash',
    r.isCrashConsequence && 'explained with a crash',
    r.isLatency && 'latency only',
    r.startsSurge && 'makes an Origin the source of surge claims',
    r.needsEffect && 'refuted when nothing abnormal follows it',
  ];
  return traits.filter((t): t is string => typeof t === 'string').join('; ');
}

function explainerTraits(r: Extract<(typeof ruleTable)[number], { role: 'explainer' }>): string {
  const explains = { anything: 'explains any cause', latency: 'explains only latency', load: 'explains only load-sized causes' }[
    r.explains
  ];
  return [explains, r.isFailingDependency ? 'a failing dependency' : ''].filter((t) => t !== '').join('; ');
}

function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
