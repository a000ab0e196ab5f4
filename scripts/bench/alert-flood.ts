/**
 * Alert-flood bench (issue #15, docs/scopes.md §5): the same generated incidents at 1×, 10×,
 * 125× and 625× their own alerts (`eog generate --alert-flood`: cascaded symptoms and
 * unrelated noise), investigated by the heuristic (accuracy, scopes) and by the LLM policy
 * against the fake OpenAI-compatible server on 127.0.0.1 (real HTTP; token figures counted
 * with o200k on the requests the server received). Run:
 *   npx tsx scripts/bench/alert-flood.ts [--seeds 3] [--faults config_change,...] [--levels 1,10,125,625] [--no-llm] [--write]
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { countTokens } from '../../core/context/tokens.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { runBench, type BenchRow } from '../../main/bench/index.js';
import { floodAlerts } from '../../main/generate/flood.js';
import { generateIncident, parseFaultType, type FaultType } from '../../main/generate/index.js';
import { openLedger } from '../../main/ledger/index.js';
import { DEFAULT_REQUEST_TOKEN_CAP, requestTokens } from '../../main/policies/llm/budget.js';
import { createLlmPolicy } from '../../main/policies/llm/index.js';
import { startFakeOpenAI, type FakeRequest } from '../../main/policies/llm/testing/fake-openai.js';
import { describeMachine } from './machine.js';
import { median } from './stats.js';
import { writeBenchmarksDocument } from './write-doc.js';

const BEGIN = '<!-- bench:alert-flood:begin -->';
const END = '<!-- bench:alert-flood:end -->';
/** XiHE keeps every request under 3k tokens; the LLM policy's default request cap (DEFAULT_REQUEST_TOKEN_CAP) is that, and the bench runs with the defaults. */
const REQUEST_TARGET = 3000;
const BASE_FAULTS: FaultType[] = [
  'config_change',
  'resource_saturation',
  'network_delay',
  'code_error',
  'traffic_surge',
  'hidden_dependency',
];

interface LevelFigures {
  level: number;
  cases: number;
  alerts: number;
  ac1: number;
  ac3: number;
  scopesMedian: number;
  scopesMax: number;
  misses: string[];
  llm: { cases: number; ac1: number; largestRequest: number; totalMedian: number; requests: number } | null;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '3' },
      faults: { type: 'string', default: BASE_FAULTS.join(',') },
      levels: { type: 'string', default: '1,10,125,625' },
      'no-llm': { type: 'boolean', default: false },
      /** The LLM runs on the incidents of the first N seeds (it is the slow half). */
      'llm-seeds': { type: 'string' },
      write: { type: 'boolean', default: false },
    },
  });
  const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => i + 1);
  const faults = String(values.faults)
    .split(',')
    .map((f) => parseFaultType(f.trim()));
  const levels = String(values.levels).split(',').map(Number);
  const llmSeeds = values['llm-seeds'] === undefined ? seeds.length : Number(values['llm-seeds']);
  const root = mkdtempSync(join(tmpdir(), 'eog-flood-'));
  try {
    const base: Array<{ dir: string; rootCause: string; onset: number; seed: number }> = [];
    for (const fault of faults)
      for (const seed of seeds) {
        const dir = join(root, 'base', `gen-${fault}-seed${seed}`);
        const r = await generateIncident(dir, { fault, seed });
        base.push({ dir, rootCause: r.rootCause, onset: Date.parse(r.onset), seed });
      }
    const figures: LevelFigures[] = [];
    for (const level of levels) {
      const bundles: string[] = [];
      const llmBundles: string[] = [];
      let alerts = 0;
      for (const b of base) {
        const dir = join(root, `x${level}`, basename(b.dir));
        cpSync(b.dir, dir, { recursive: true });
        const f = level > 1 ? floodAlerts(dir, { factor: level, seed: b.seed, rootCause: b.rootCause, onset: b.onset }) : null;
        alerts += f ? f.before + f.added.cascade + f.added.noise + f.added.monitoring : countLines(join(dir, 'alerts.jsonl'));
        bundles.push(dir);
        if (b.seed <= llmSeeds) llmBundles.push(dir);
      }
      const ledgers = join(root, `ledgers-x${level}`);
      mkdirSync(ledgers, { recursive: true });
      const heuristic = await runBench(bundles, { policy: () => createHeuristicPolicy(), settings: {}, runs: 1, ledgerDir: ledgers });
      const scopes = heuristic.rows.map((row) => scopeCount(join(ledgers, `${row.case}.ledger`)));
      const llm = values['no-llm'] ? null : await llmFigures(llmBundles);
      figures.push({
        level,
        cases: bundles.length,
        alerts: Math.round(alerts / bundles.length),
        ac1: heuristic.summary.ac1,
        ac3: heuristic.summary.ac3,
        scopesMedian: median(scopes),
        scopesMax: Math.max(...scopes),
        misses: heuristic.rows.filter((r) => !r.acAt?.[1]).map((r) => r.case),
        llm,
      });
      process.stderr.write(
        `x${level}: AC@1 ${pct(heuristic.summary.ac1)} AC@3 ${pct(heuristic.summary.ac3)} scopes ${median(scopes)} ${misses(heuristic.rows)}\n`,
      );
    }
    const body = render(figures, faults, seeds.length, llmSeeds);
    process.stdout.write(`${body}\n`);
    if (values.write) {
      const file = join(fileURLToPath(new URL('../..', import.meta.url)), 'BENCHMARKS.md');
      const doc = readFileSync(file, 'utf8');
      const section = `${BEGIN}\n\n${body}\n\n${END}`;
      const next = doc.includes(BEGIN)
        ? doc.slice(0, doc.indexOf(BEGIN)) + section + doc.slice(doc.indexOf(END) + END.length)
        : `${doc.trimEnd()}\n\n${section}\n`;
      await writeBenchmarksDocument(file, next);
      process.stderr.write(`wrote the alert-flood section of ${file}\n`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The LLM policy (its defaults: request cap 3k) against the fake server: accuracy, largest request, tokens per investigation. */
async function llmFigures(bundles: readonly string[]): Promise<LevelFigures['llm']> {
  const fake = await startFakeOpenAI('good');
  try {
    const totals: number[] = [];
    let largest = 0;
    let from = 0;
    const rows: BenchRow[] = [];
    for (const bundle of bundles) {
      const { rows: caseRows } = await runBench([bundle], {
        policy: () => createLlmPolicy({ baseUrl: fake.url, model: 'fake', cacheFile: null }),
        settings: {},
        runs: 1,
      });
      rows.push(...caseRows);
      const sizes = fake.requests.slice(from).map(tokensOf);
      from = fake.requests.length;
      largest = Math.max(largest, ...sizes);
      totals.push(sizes.reduce((a, b) => a + b, 0));
    }
    const ac1 = rows.filter((r) => r.acAt?.[1]).length / Math.max(1, rows.length);
    return { cases: bundles.length, ac1, largestRequest: largest, totalMedian: median(totals), requests: fake.requests.length };
  } finally {
    await fake.close();
  }
}

function tokensOf(request: FakeRequest): number {
  const messages = (request.body as { messages?: Array<{ role: string; content: string }> } | null)?.messages ?? [];
  return requestTokens(
    messages.map((m) => ({ role: m.role as 'system', content: m.content })),
    countTokens,
  );
}

function scopeCount(ledger: string): number {
  const file = openLedger(ledger);
  try {
    const formed = file.events().find((e) => e.type === 'ScopesFormed');
    return formed?.type === 'ScopesFormed' ? formed.scopes.length : 0;
  } finally {
    file.close();
  }
}

const countLines = (file: string): number =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '').length;
const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
const misses = (rows: readonly BenchRow[]): string => {
  const wrong = rows.filter((r) => !r.acAt?.[1]).map((r) => r.case);
  return wrong.length ? `(AC@1 misses: ${wrong.join(', ')})` : '';
};

function render(figures: readonly LevelFigures[], faults: readonly FaultType[], seeds: number, llmSeeds: number): string {
  const m = describeMachine();
  const first = figures[0];
  const last = figures.at(-1);
  const drop = first && last ? (first.ac1 - last.ac1) * 100 : 0;
  const largest = Math.max(0, ...figures.map((f) => f.llm?.largestRequest ?? 0));
  return [
    '## Alert floods (XiHE scopes, issue #15)',
    '',
    `Written by \`npx tsx scripts/bench/alert-flood.ts --seeds ${seeds}${llmSeeds < seeds ? ` --llm-seeds ${llmSeeds}` : ''} --write\` on ${m.date}: ${m.cpuModel}, ${m.cpuCount} CPUs; Node ${m.node}.`,
    `Incidents: \`eog generate\` ${faults.join(', ')} × seeds 1–${seeds}, each flooded with \`--alert-flood N\` (half cascaded symptoms up the call graph after the root's onset, half unrelated noise on random sub-networks and monitoring noise).`,
    `Heuristic accuracy is service-level AC@k against ground_truth.yaml. The LLM columns are the LLM policy with its default settings (request cap ${DEFAULT_REQUEST_TOKEN_CAP} tokens, \`--llm-request-cap\`) against the fake OpenAI-compatible server on 127.0.0.1, every request the server received counted with o200k (\`core/context/tokens.ts\`, chat framing included); the fake model's answers are scripted, so only its token figures are reported, not its accuracy.`,
    '',
    '| flood | cases | alerts per incident (mean) | heuristic AC@1 | heuristic AC@3 | heuristic AC@1 misses | scopes (median / max) | LLM cases | largest LLM request (tokens) | LLM prompt tokens per investigation (median) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...figures.map(
      (f) =>
        `| ${f.level}× | ${f.cases} | ${f.alerts} | ${pct(f.ac1)} | ${pct(f.ac3)} | ${f.misses.join(', ') || '—'} | ${f.scopesMedian} / ${f.scopesMax} | ${f.llm?.cases ?? '—'} | ${f.llm?.largestRequest ?? '—'} | ${f.llm?.totalMedian ?? '—'} |`,
    ),
    '',
    `Acceptance: AC@1 drop at ${last?.level ?? '?'}× vs ${first?.level ?? '?'}× is ${drop.toFixed(1)} points (target ≤ 5: ${drop <= 5 ? 'met' : '**NOT met**'}); largest LLM request ${largest || '—'} tokens (target < ${REQUEST_TARGET}: ${largest > 0 ? (largest < REQUEST_TARGET ? 'met' : '**NOT met**') : 'not measured'}).`,
  ].join('\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
