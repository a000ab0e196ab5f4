/** Markdown helpers for the benchmark report: tables and target verdicts, nothing measured here. */

export type Cell = string | number;

/** Escapes what would break a table cell (pipes, newlines); numbers are printed as given. */
function cell(value: Cell): string {
  return String(value).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export function table(header: readonly string[], rows: readonly (readonly Cell[])[], align?: readonly ('l' | 'r')[]): string {
  const rule = header.map((_, i) => (align?.[i] === 'r' ? '---:' : '---'));
  return [header, rule, ...rows].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n');
}

export type Comparison = 'at_least' | 'below' | 'at_most';

/** "met" / "NOT met" for a figure against its target, stated plainly either way. */
export function verdict(value: number, comparison: Comparison, target: number): string {
  const isMet = comparison === 'at_least' ? value >= target : comparison === 'below' ? value < target : value <= target;
  return isMet ? 'met' : '**NOT met**';
}

export function integer(n: number): string {
  return Math.round(n).toLocaleString('en');
}

export function fixed(n: number, digits: number): string {
  return n.toFixed(digits);
}
