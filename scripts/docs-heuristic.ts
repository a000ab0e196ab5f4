/**
 * Rewrites the generated regions of docs/heuristic.md (the rule table and the thresholds) from
 * the code, then formats the file with the project's Prettier settings.
 *
 *   npx tsx scripts/docs-heuristic.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { generatedRegions, renderTable, ruleTableCells, thresholdCells } from '../core/policy/heuristic/rules/docs.js';

const file = path.join(import.meta.dirname, '..', 'docs', 'heuristic.md');
let text = readFileSync(file, 'utf8');
for (const [region, cells] of [
  [generatedRegions.rules, ruleTableCells()],
  [generatedRegions.thresholds, thresholdCells()],
] as const) {
  const start = text.indexOf(region.begin);
  const end = text.indexOf(region.end);
  if (start === -1 || end < start)
    throw new Error(`${file}: the markers ${region.begin} … ${region.end} are missing; put them back around the table`);
  text = `${text.slice(0, start + region.begin.length)}\n\n${renderTable(cells)}\n\n${text.slice(end)}`;
}
const options = (await prettier.resolveConfig(file)) ?? {};
writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
console.log(`wrote ${path.relative(process.cwd(), file)}`);
