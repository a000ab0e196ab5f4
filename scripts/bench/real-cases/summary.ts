/** Figures over the real cases: per system × part and per system, the per-case table, the ablation. Pure. */
import { calibrationOf, type Calibration } from '../../../core/scoring/index.js';
import { printable } from '../../../main/bench/format.js';
import { NOT_STARTED, type CaseResult } from './run-cases.js';
import { SYSTEM_NAMES, SYSTEMS, type Part, type SystemId } from './split.js';

export type Slice = Part | 'all';
export const SLICES: readonly Slice[] = ['dev', 'val', 'all'];

export interface SliceFigures {
  n: number;
  ac1: number;
  ac3: number;
  hits1: number;
  hits3: number;
  /** Means over the cases of ITBench's root-cause entity scores of the frontier (main/bench scoreCase). */
  precision: number;
  recall: number;
  f1: number;
  /** Reliability of the reported (calibrated) confidence: 5 bins and the ECE. */
  calibration: Calibration;
  /** Cases reported "Root cause found" (outcome confident), and how many of them were right at 1. */
  confident: { n: number; right: number };
}

export function figures(cases: readonly CaseResult[]): SliceFigures {
  const n = cases.length;
  const mean = (f: (c: CaseResult) => number): number => (n ? round(cases.reduce((a, c) => a + f(c), 0) / n) : 0);
  const hits1 = cases.filter((c) => c.ac1).length;
  const hits3 = cases.filter((c) => c.ac3).length;
  return {
    n,
    ac1: n ? round(hits1 / n) : 0,
    ac3: n ? round(hits3 / n) : 0,
    hits1,
    hits3,
    precision: mean((c) => c.rcEntity.precision),
    recall: mean((c) => c.rcEntity.recall),
    f1: mean((c) => c.rcEntity.f1),
    calibration: calibrationOf(cases.map((c) => ({ confidence: c.confidence, correct: c.ac1 }))),
    confident: {
      n: cases.filter((c) => c.outcome === 'confident').length,
      right: cases.filter((c) => c.outcome === 'confident' && c.ac1).length,
    },
  };
}

export function slice(cases: readonly CaseResult[], system: SystemId, part: Slice): CaseResult[] {
  return cases.filter((c) => c.system === system && (part === 'all' || c.part === part));
}

/** The systems that have cases, in the fixed order. */
export function systemsOf(cases: readonly CaseResult[]): SystemId[] {
  return SYSTEMS.filter((s) => cases.some((c) => c.system === s));
}

export type Report = Partial<Record<SystemId, Record<Slice, SliceFigures>>>;

export function report(cases: readonly CaseResult[]): Report {
  const out: Report = {};
  for (const s of systemsOf(cases))
    out[s] = { dev: figures(slice(cases, s, 'dev')), val: figures(slice(cases, s, 'val')), all: figures(slice(cases, s, 'all')) };
  return out;
}

export interface AblationRow {
  rule: string;
  /** AC@1 with the rule off minus AC@1 with every rule, per system and part (fractions). */
  delta: Partial<Record<SystemId, Record<Part, number>>>;
  /** Cases whose rank changed with the rule off, `case: before→after`. */
  changed: string[];
}

export function ablationRow(rule: string, base: readonly CaseResult[], without: readonly CaseResult[]): AblationRow {
  const delta: AblationRow['delta'] = {};
  for (const s of systemsOf(base)) {
    const d = (p: Part): number => round(figures(slice(without, s, p)).ac1 - figures(slice(base, s, p)).ac1);
    delta[s] = { dev: d('dev'), val: d('val') };
  }
  const changed = without.flatMap((w) => {
    const b = base.find((c) => c.system === w.system && c.case === w.case);
    return b && b.rank !== w.rank ? [`${w.system}/${w.case}: ${b.rank ?? '-'}→${w.rank ?? '-'}`] : [];
  });
  return { rule, delta, changed };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
const signed = (x: number): string => (x === 0 ? '0' : `${x > 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`);

/** Rows of the system × part table: system, part, n, AC@1, AC@3, P, R, F1. */
export function figureRows(r: Report): string[][] {
  return SYSTEMS.flatMap((s) => {
    const bySlice = r[s];
    if (bySlice === undefined) return [];
    return SLICES.map((p) => {
      const f = bySlice[p];
      return [
        SYSTEM_NAMES[s],
        p,
        String(f.n),
        `${pct(f.ac1)} (${f.hits1}/${f.n})`,
        `${pct(f.ac3)} (${f.hits3}/${f.n})`,
        f.precision.toFixed(3),
        f.recall.toFixed(3),
        f.f1.toFixed(3),
        f.calibration.ece.toFixed(3),
        `${f.confident.right}/${f.confident.n}`,
      ];
    });
  });
}
export const FIGURE_HEADER = ['system', 'part', 'n', 'AC@1', 'AC@3', 'RC precision', 'RC recall', 'RC F1', 'ECE', '"found" right'];

export const CASE_HEADER = ['system', 'case', 'part', 'fault', 'expected', 'rank', 'confidence', 'top 3'];
export function caseRows(cases: readonly CaseResult[]): string[][] {
  return cases.map((c) =>
    [
      SYSTEM_NAMES[c.system],
      c.case,
      c.part ?? '-',
      c.faultType ?? '-',
      c.expected.join(', ') || '-',
      String(c.rank ?? '-'),
      c.outcome === NOT_STARTED ? 'not started' : `${c.confidence.toFixed(2)}${c.outcome === 'confident' ? ' found' : ''}`,
      c.top3.join(', '),
    ].map(printable),
  );
}

const SHORT: Readonly<Record<SystemId, string>> = { tt: 'TT', ob: 'OB', lab: 'Lab' };
export const ABLATION_HEADER = ['rule off', ...SYSTEMS.flatMap((s) => [`${SHORT[s]} dev`, `${SHORT[s]} val`]), 'ranks changed'];
export function ablationRows(rows: readonly AblationRow[]): string[][] {
  const cell = (d: AblationRow['delta'], s: SystemId, p: Part): string => (d[s] ? signed(d[s][p]) : '—');
  return rows.map((r) => [
    r.rule,
    ...SYSTEMS.flatMap((s) => [cell(r.delta, s, 'dev'), cell(r.delta, s, 'val')]),
    r.changed.join('; ') || '—',
  ]);
}

/** A plain-text table, columns padded (the terminal form). */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
