/**
 * The code layer's benchmark, on the command users run (`eog code locate`), over a source
 * tree given by path — the OpenTelemetry Demo checkout by default layout:
 *   npx tsx scripts/bench/code-locate.ts /path/to/otel-demo-src [--runs 5] [--write]
 * For every flag of <path>/src/flagd/demo.flagd.json it runs the built CLI cold (`--no-cache`:
 * every file parsed) and reports the rank of the branch where the flag changes behaviour
 * (expectations: main/code/testing/otel-demo-expected.ts); then times cold and cached runs
 * (medians). --write puts the figures into BENCHMARKS.md between the code-layer markers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { flagBehaviour } from '../../main/code/testing/otel-demo-expected.js';
import { buildServicePdg } from '../../main/code/index.js';
import { describeMachine } from './machine.js';
import { median } from './stats.js';
import { timeNode } from './timed-child.js';
import { writeBenchmarksDocument } from './write-doc.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BEGIN = '<!-- bench:code:begin -->';
const END = '<!-- bench:code:end -->';

interface Located {
  file: string;
  startLine: number;
  reason: string;
}

function rankOf(blocks: Located[], flag: string): number | null {
  const want = flagBehaviour[flag];
  if (want === undefined) return null;
  const i = blocks.findIndex((b) => b.file === want.file && b.startLine === want.line);
  return i === -1 ? null : i + 1;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '5' }, write: { type: 'boolean', default: false } },
  });
  const base = positionals[0];
  if (base === undefined) throw new Error('usage: code-locate.ts <otel-demo-src folder> [--runs 5] [--write]');
  const source = existsSync(join(base, 'src')) ? join(base, 'src') : base;
  const flags = Object.keys((JSON.parse(readFileSync(join(source, 'flagd', 'demo.flagd.json'), 'utf8')) as { flags: object }).flags);
  const build = spawnSync('npm', ['run', 'build:main', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build:main failed');
  const cli = join(root, 'dist', 'main', 'cli.js');
  const pdg = await buildServicePdg(source, { cacheDir: null });
  const cache = mkdtempSync(join(tmpdir(), 'eog-code-bench-'));
  const rows: string[] = [];
  const cold: number[] = [];
  const coldCpu: number[] = [];
  let inTop3 = 0;
  let expected = 0;
  for (const flag of flags) {
    const run = timeNode([cli, 'code', 'locate', '--source', source, '--text', flag, '--json', '--limit', '3', '--no-cache'], root);
    cold.push(run.wallMs);
    if (run.cpuMs !== null) coldCpu.push(run.cpuMs);
    const blocks = JSON.parse(run.stdout) as Located[];
    const rank = rankOf(blocks, flag);
    const want = flagBehaviour[flag];
    if (want !== undefined) expected++;
    if (rank !== null) inTop3++;
    const top = blocks[0] === undefined ? '—' : `${blocks[0].file}:${blocks[0].startLine}`;
    rows.push(
      `| ${flag} | ${want === undefined ? 'not read here' : `${want.file}:${want.line}`} | ${rank ?? (want === undefined ? '—' : '**not in top 3**')} | ${top} |`,
    );
    process.stderr.write(`${flag}: rank ${rank ?? '-'} (${run.wallMs.toFixed(0)} ms)\n`);
  }
  const runs = Number(values.runs);
  const warm: number[] = [];
  timeNode([cli, 'code', 'locate', '--source', source, '--text', 'warm-up'], root);
  for (let i = 0; i < runs; i++) {
    const env = { ...process.env, EOG_CODE_CACHE: cache };
    const started = performance.now();
    const out = spawnSync(process.execPath, [cli, 'code', 'locate', '--source', source, '--text', 'adFailure', '--json'], {
      env,
      encoding: 'utf8',
    });
    if (out.status !== 0) throw new Error(out.stderr);
    warm.push(performance.now() - started);
  }
  rmSync(cache, { recursive: true, force: true });
  const perTenK = (ms: number): string => `${((ms / pdg.lines) * 10).toFixed(2)} s`;
  const machine = describeMachine();
  const body = [
    '## Code layer (`eog code locate`)',
    '',
    `Written by \`npx tsx scripts/bench/code-locate.ts <otel-demo-src> --write\` on ${machine.date}: ${machine.cpuModel}, ${machine.cpuCount} CPUs; Node ${machine.node}. Load average at start: ${machine.loadAverage.toFixed(1)}.`,
    '',
    `Source: ${pdg.files} files, ${pdg.lines.toLocaleString('en')} lines (${[...new Set(pdg.blocks.map((b) => b.language))].sort().join(', ')}), ${pdg.blocks.length.toLocaleString('en')} hammock blocks, ${pdg.edges.length.toLocaleString('en')} edges.`,
    '',
    '| metric | median | target | status |',
    '| --- | --- | --- | --- |',
    `| cold \`eog code locate\` (every file parsed, \`--no-cache\`; ${cold.length} runs, one per flag) | ${(median(cold) / 1000).toFixed(2)} s | | |`,
    `| the same per 10k lines | ${perTenK(median(cold))} | <= 2 s | ${median(cold) / pdg.lines <= 0.2 ? 'met' : '**NOT met**'} |`,
    ...(coldCpu.length > 0
      ? [
          `| CPU time (user + system, both threads) of the cold run per 10k lines — less sensitive to a loaded machine | ${perTenK(median(coldCpu))} | | |`,
        ]
      : []),
    `| cached (content-hash cache warm; ${runs} runs) | ${(median(warm) / 1000).toFixed(2)} s | | |`,
    '',
    `Flags of \`flagd/demo.flagd.json\`: the branch where each flag read here changes behaviour is in the top 3 for ${inTop3} of ${expected}.`,
    '',
    '| flag | where it changes behaviour | rank | top answer |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
  process.stdout.write(`${body}\n`);
  if (values.write) {
    const file = join(root, 'BENCHMARKS.md');
    const doc = readFileSync(file, 'utf8');
    const section = `${BEGIN}\n\n${body}\n\n${END}`;
    const next = doc.includes(BEGIN)
      ? doc.slice(0, doc.indexOf(BEGIN)) + section + doc.slice(doc.indexOf(END) + END.length)
      : `${doc.trimEnd()}\n\n${section}\n`;
    await writeBenchmarksDocument(file, next);
    process.stderr.write(`wrote the code-layer section of ${file}\n`);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
