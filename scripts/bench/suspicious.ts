/**
 * False-positive rate and speed of the prompt-injection detector (`core/context/suspicious.ts`)
 * on honest data: every log line of the Nezha TrainTicket dataset (the application text, as the
 * converter reads it from the docker line) and every record of the repo's own fixtures.
 *
 *   npx tsx scripts/bench/suspicious.ts <nezha-trainticket root> [--runs 5] [--show 20] [--module <file>]
 *
 * `--module` loads `suspiciousReason` from another file (an older copy of the detector, e.g.
 * `git show 4c3f9f9:core/context/suspicious.ts > /tmp/old.ts`), to compare on the same machine.
 * Prints flagged/total per source, the flagged lines (up to --show) with their reason, and the
 * median throughput over the Nezha lines held in memory (lines/s, --runs passes).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readCsv } from '../../main/convert/csv-stream.js';
import { parseDockerLine } from '../../main/convert/nezha/logs.js';
import { median } from './stats.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, show: { type: 'string', default: '20' }, module: { type: 'string' } },
});
const root = positionals[0];
if (!root) {
  process.stderr.write('usage: npx tsx scripts/bench/suspicious.ts <nezha-trainticket root> [--runs 5] [--show 20]\n');
  process.exit(2);
}
const runs = Math.max(1, Number(values.runs));
const show = Math.max(0, Number(values.show));
const repo = path.resolve(import.meta.dirname, '../..');
const detector = path.resolve(values.module ?? path.join(repo, 'core/context/suspicious.ts'));
const { suspiciousReason } = (await import(pathToFileURL(detector).href)) as { suspiciousReason: (text: string) => string | null };
process.stdout.write(`detector: ${path.relative(repo, detector)}\n`);

function walk(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return walk(file, keep);
      return keep(file) ? [file] : [];
    });
}

async function nezhaLines(dataset: string): Promise<string[]> {
  const files = walk(dataset, (f) => f.split(path.sep).includes('log') && /_log\.csv(\.gz)?$/.test(f));
  const lines: string[] = [];
  for (const file of files) {
    for await (const { values: row } of readCsv(file, { onSkip: () => undefined })) lines.push(parseDockerLine(row.Log ?? '').line);
  }
  return lines;
}

function stringsOf(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/** A fixture record (a JSONL line, or a whole JSON file) as the strings it carries. */
function fixtureRecords(): string[][] {
  const files = ['resources/sample', 'e2e/fixtures'].flatMap((dir) => walk(path.join(repo, dir), (f) => /\.jsonl?$/.test(f)));
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const docs = file.endsWith('.jsonl') ? text.split('\n').filter((l) => l.trim() !== '') : [text];
    return docs.map((doc) => stringsOf(JSON.parse(doc) as unknown, []));
  });
}

function report(name: string, records: readonly (readonly string[])[]): void {
  const flagged = records.flatMap((texts) => {
    const hit = texts.map((t) => ({ t, reason: suspiciousReason(t) })).find((x) => x.reason !== null);
    return hit ? [hit] : [];
  });
  const rate = records.length === 0 ? 0 : (100 * flagged.length) / records.length;
  process.stdout.write(`${name}: ${flagged.length} flagged / ${records.length} (${rate.toFixed(4)} %)\n`);
  for (const { t, reason } of flagged.slice(0, show)) process.stdout.write(`  [${reason}] ${JSON.stringify(t.slice(0, 200))}\n`);
}

const lines = await nezhaLines(root);
report(
  'Nezha TrainTicket log lines',
  lines.map((l) => [l]),
);
report('fixtures (resources/sample, e2e/fixtures) records', fixtureRecords());

const rates: number[] = [];
let sink = 0;
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  for (const line of lines) if (suspiciousReason(line) !== null) sink++;
  rates.push(lines.length / ((performance.now() - started) / 1000));
}
const chars = lines.reduce((n, l) => n + l.length, 0);
process.stdout.write(
  `throughput: ${Math.round(median(rates)).toLocaleString('en')} lines/s (median of ${runs}; ${lines.length.toLocaleString('en')} lines, ` +
    `mean ${(chars / Math.max(1, lines.length)).toFixed(0)} chars; ${sink / runs} flagged per pass)\n`,
);
