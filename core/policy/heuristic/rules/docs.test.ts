import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedRegions, renderTable, ruleTableCells, thresholdCells } from './docs.js';
import { ruleTable } from './table.js';

const docFile = path.join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'heuristic.md');
const regenerate = 'run `npx tsx scripts/docs-heuristic.ts` to regenerate docs/heuristic.md';

/** The table between two markers as cells (Prettier's padding removed), header first. */
function cellsBetween(text: string, begin: string, end: string): string[][] {
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start === -1 || stop < start) throw new Error(`docs/heuristic.md lacks ${begin} … ${end}: ${regenerate}`);
  return text
    .slice(start + begin.length, stop)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    )
    .filter((row) => !row.every((c) => /^:?-+:?$/.test(c)));
}

describe('docs/heuristic.md', () => {
  const text = readFileSync(docFile, 'utf8');

  it('lists every rule of the table, with the table’s own predicate, strength and explanation', () => {
    const cells = cellsBetween(text, generatedRegions.rules.begin, generatedRegions.rules.end);
    expect(cells, regenerate).toEqual(ruleTableCells());
    const documented = new Set(cells.slice(1).map((row) => row[0]));
    for (const rule of ruleTable) expect(documented.has(rule.id), `${rule.id} is not documented: ${regenerate}`).toBe(true);
  });

  it('lists every threshold with its current value', () => {
    expect(cellsBetween(text, generatedRegions.thresholds.begin, generatedRegions.thresholds.end), regenerate).toEqual(thresholdCells());
  });

  it('renders a table the reader can parse back', () => {
    const cells = [
      ['a', 'b'],
      ['x \\| y', 'z'],
    ];
    expect(cellsBetween(`<b>\n${renderTable(cells)}\n<e>`, '<b>', '<e>')).toEqual(cells);
  });
});
