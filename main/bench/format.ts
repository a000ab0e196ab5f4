import type { BenchRow, BenchSummary } from './run-bench.js';

/** Snapshot text is hostile: control characters (terminal escapes) are shown, not obeyed. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['case', 'run', 'expected', 'predicted (top 3)', 'ok@1', 'ok@3', 'steps', 'calls', 'tokens', 'ms'];
  // With k > 1 runs per case, `*` marks the run whose diagnosis won the vote.
  const isVoted = rows.some((r) => r.run > 1);
  const body = rows.map((r) =>
    [
      r.case,
      `${r.run}${isVoted && r.isVoteWinner ? '*' : ''}`,
      r.expected.join(',') || '-',
      r.predicted.join(', ') || '-',
      r.acAt ? (r.acAt[1] ? 'yes' : 'no') : '-',
      r.acAt ? (r.acAt[3] ? 'yes' : 'no') : '-',
      String(r.steps),
      String(r.policyCalls),
      String(r.tokens),
      String(r.ms),
    ].map(printable),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

export function formatSummary(s: BenchSummary, label = ''): string {
  return [
    `${label}cases ${s.cases}, runs ${s.runs}, scored ${s.scored}`,
    `  AC@1 ${pct(s.ac1)}   AC@3 ${pct(s.ac3)}   AC@5 ${pct(s.ac5)}`,
    `  root-cause entity precision ${s.rcEntity.precision.toFixed(3)} recall ${s.rcEntity.recall.toFixed(3)} F1 ${s.rcEntity.f1.toFixed(3)}`,
    `  calibration ECE ${s.calibration.ece.toFixed(3)} over ${s.calibration.bins.length} bins; "Root cause found" right ${s.confident.right}/${s.confident.n}`,
    s.runs > 1 ? `  pass@${s.runs} ${pct(s.passAtK)}   maj@${s.runs} (voted) ${pct(s.majorityAtK)}` : null,
    `  steps ${s.steps}, policy calls ${s.policyCalls}, tokens ${s.tokens}, median ${s.msMedian} ms per case`,
  ]
    .filter((l): l is string => l !== null)
    .join('\n');
}
