/**
 * The code layer's benchmark, on the command users run (`eog code locate`), over a source
 * tree given by path — the OpenTelemetry Demo's `src/` (or the folder holding it):
 *   npx tsx scripts/bench/code-locate.ts <otel-demo-src> [--runs 5] [--before <cli.js>] [--section code] [--write]
 * For every flag of <src>/flagd/demo.flagd.json it runs the built CLI cold (`--no-cache`: every
 * file parsed, top 10) and judges the answer against main/code/testing/otel-demo-expected.ts:
 * the rank of the first block of a service that reads the flag, of at most 30 lines, where
 * its value decides a branch or is passed on; the rank of the known deciding block; and the
 * blocks of services that do not read the flag ranked above the first that does. --before
 * judges another build's CLI too (a checkout of an earlier commit, built), side by side. Then
 * it times cold and cached runs (medians). --write puts the section into BENCHMARKS.md
 * between its markers (`<!-- bench:<section>:begin -->`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { LocatedBlock } from '../../core/code/index.js';
import { buildServicePdg } from '../../main/code/index.js';
import { judgeFlag, serviceOf, type FlagJudgement } from '../../main/code/testing/judge-flag.js';
import { flagBehaviour } from '../../main/code/testing/otel-demo-expected.js';
import { describeMachine } from './machine.js';
import { median } from './stats.js';
import { timeNode } from './timed-child.js';
import { writeBenchmarksDocument } from './write-doc.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function locateWith(cli: string, source: string, flag: string): { blocks: LocatedBlock[]; wallMs: number; cpuMs: number | null } {
  const run = timeNode([cli, 'code', 'locate', '--source', source, '--text', flag, '--json', '--limit', '10', '--no-cache'], root);
  return { blocks: JSON.parse(run.stdout) as LocatedBlock[], wallMs: run.wallMs, cpuMs: run.cpuMs };
}

function cell(j: FlagJudgement | null): string {
  if (j === null) return '—';
  const rank = j.rank === null ? '**none**' : j.rank <= 3 ? String(j.rank) : `**${j.rank}**`;
  return j.intruders.length === 0
    ? rank
    : `${rank}, **${j.intruders.length} above from ${[...new Set(j.intruders.map((b) => serviceOf(b.file)))].join(', ')}**`;
}

function where(b: LocatedBlock | undefined): string {
  return b === undefined ? '—' : `${b.file}:${b.startLine}-${b.endLine}`;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: 'string', default: '5' },
      write: { type: 'boolean', default: false },
      before: { type: 'string' },
      section: { type: 'string', default: 'code' },
    },
  });
  const base = positionals[0];
  if (base === undefined)
    throw new Error('usage: code-locate.ts <otel-demo-src folder> [--runs 5] [--before <cli.js>] [--section code] [--write]');
  const source = resolve(existsSync(join(base, 'src', 'flagd')) ? join(base, 'src') : base);
  const flags = Object.keys((JSON.parse(readFileSync(join(source, 'flagd', 'demo.flagd.json'), 'utf8')) as { flags: object }).flags).sort();
  const build = spawnSync('npm', ['run', 'build:main', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build:main failed');
  const cli = join(root, 'dist', 'main', 'cli.js');
  const before = values.before === undefined ? null : resolve(values.before);
  const pdg = await buildServicePdg(source, { cacheDir: null });
  const rows: string[] = [];
  const cold: number[] = [];
  const coldCpu: number[] = [];
  const tally = { judged: 0, top3: 0, clean: 0, beforeTop3: 0, beforeClean: 0 };
  const present = new Set(pdg.blocks.map((b) => serviceOf(b.file)));
  for (const flag of flags) {
    const known = flagBehaviour[flag];
    // A flag whose readers are not in this tree is not judged: there is nothing to find.
    const want = known !== undefined && known.services.some((s) => present.has(s)) ? known : undefined;
    const now = locateWith(cli, source, flag);
    cold.push(now.wallMs);
    if (now.cpuMs !== null) coldCpu.push(now.cpuMs);
    const after = want === undefined ? null : judgeFlag(now.blocks, want);
    const earlier = want === undefined || before === null ? null : judgeFlag(locateWith(before, source, flag).blocks, want);
    if (after !== null) {
      tally.judged++;
      if (after.rank !== null && after.rank <= 3) tally.top3++;
      if (after.intruders.length === 0) tally.clean++;
    }
    if (earlier !== null) {
      if (earlier.rank !== null && earlier.rank <= 3) tally.beforeTop3++;
      if (earlier.intruders.length === 0) tally.beforeClean++;
    }
    const exact =
      want?.file === undefined
        ? '—'
        : existsSync(join(source, want.file))
          ? String(after?.exactRank ?? '**not in top 10**')
          : 'file absent';
    rows.push(
      `| ${flag} | ${want?.services.join(', ') ?? (known === undefined ? 'not judged' : `${known.services.join(', ')}: not in this tree`)} | ${before === null ? '' : `${cell(earlier)} | `}${cell(after)} | ${exact} | ${where(now.blocks[0])} |`,
    );
    process.stderr.write(`${flag}: rank ${after?.rank ?? '-'} (${now.wallMs.toFixed(0)} ms)\n`);
  }
  const runs = Number(values.runs);
  const warm: number[] = [];
  const cache = mkdtempSync(join(tmpdir(), 'eog-code-bench-'));
  const env = { ...process.env, EOG_CODE_CACHE: cache };
  spawnSync(process.execPath, [cli, 'code', 'locate', '--source', source, '--text', 'warm-up'], { env, encoding: 'utf8' });
  for (let i = 0; i < runs; i++) {
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
  const services = [...present].sort();
  const body = [
    `## Code layer (\`eog code locate\`)${values.section === 'code' ? '' : `: ${values.section}`}`,
    '',
    `Written by \`npx tsx scripts/bench/code-locate.ts <otel-demo-src>${before === null ? '' : ' --before <earlier cli.js>'} --section ${values.section} --write\` on ${machine.date}: ${machine.cpuModel}, ${machine.cpuCount} CPUs; Node ${machine.node}. Load average at start: ${machine.loadAverage.toFixed(1)}.`,
    '',
    `Source: ${pdg.files} files, ${pdg.lines.toLocaleString('en')} lines in ${services.length} services (${services.join(', ')}); languages ${[...new Set(pdg.blocks.map((b) => b.language))].sort().join(', ')}; ${pdg.blocks.length.toLocaleString('en')} hammock blocks, ${pdg.edges.length.toLocaleString('en')} edges.`,
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
    `Every flag of \`flagd/demo.flagd.json\`, judged against the services that read it (\`main/code/testing/otel-demo-expected.ts\`): a block of a reading service, of at most 30 lines, where the value decides a branch or is passed on, is in the top 3 for ${tally.top3} of ${tally.judged}${before === null ? '' : ` (before: ${tally.beforeTop3})`}; no block of a service that does not read the flag ranks above the first that does for ${tally.clean} of ${tally.judged}${before === null ? '' : ` (before: ${tally.beforeClean})`}. A rank in **bold** misses the top 3; "N above from …" names the services that do not read the flag yet rank above.`,
    '',
    `| flag | read by | ${before === null ? '' : 'before: rank | '}rank | known deciding block's rank | top answer |`,
    `| --- | --- | ${before === null ? '' : '--- | '}--- | --- | --- |`,
    ...rows,
  ].join('\n');
  process.stdout.write(`${body}\n`);
  if (values.write) {
    const begin = `<!-- bench:${values.section}:begin -->`;
    const end = `<!-- bench:${values.section}:end -->`;
    const file = join(root, 'BENCHMARKS.md');
    const doc = readFileSync(file, 'utf8');
    const section = `${begin}\n\n${body}\n\n${end}`;
    const next = doc.includes(begin)
      ? doc.slice(0, doc.indexOf(begin)) + section + doc.slice(doc.indexOf(end) + end.length)
      : `${doc.trimEnd()}\n\n${section}\n`;
    await writeBenchmarksDocument(file, next);
    process.stderr.write(`wrote the ${values.section} section of ${file}\n`);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
