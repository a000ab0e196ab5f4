import type { Command } from 'commander';
import {
  captureWarnings,
  collectCases,
  formatSummary,
  formatTable,
  runBench,
  type BenchSummary,
  type BenchRow,
} from '../../bench/index.js';
import { addLlmOptions } from './llm-flags.js';
import { addStoreOptions, storeSpecFrom, type StoreFlags } from './store-flags.js';
import type { PolicyHandle } from '../../policies/create-policy.js';
import { addCausalOptions, causalChoiceFrom, type CausalFlags } from './causal-flags.js';
import { addCasesOptions, casePriorSetting, openCasesFrom, type CasesFlags } from './cases-flags.js';
import {
  addHypothesisOptions,
  ALERT_WINDOW_HELP,
  alertWindowMs,
  openPolicy,
  positiveInt,
  settingsFrom,
  type ControllerFlags,
  type PolicyFlags,
} from './shared-flags.js';

type BenchFlags = StoreFlags &
  CasesFlags &
  PolicyFlags &
  Omit<ControllerFlags, 'revision'> &
  CausalFlags & {
    format?: string;
    runs: string;
    alertWindow?: string;
    json?: boolean;
    ablation?: boolean;
  };

interface Arm {
  name: string;
  revision: boolean;
}

export function registerBench(program: Command): void {
  const command = program
    .command('bench')
    .description('Investigate every case of a folder of bundles (or a dataset root, converted on the fly) and score against ground truth.')
    .argument('<dir>', 'folder of bundles, one bundle, or a dataset root (nezha | itbench-lite)')
    .option('--format <format>', 'input format when converting on the fly: nezha | itbench-lite')
    .option('--policy <name>', 'heuristic | llm', 'heuristic')
    .option('--runs <k>', 'runs per case, which vote (docs/voting.md): pass@k and majority@k from the voted diagnosis', '1')
    .option('--budget <n>', 'maximum policy invocations per case (default: three per service of the case, from 50 to 150)')
    .option('--alert-window <seconds>', ALERT_WINDOW_HELP)
    .option('--concurrency <n>', 'policy calls in flight')
    .option('--token-budget <n>', 'context packet budget in tokens')
    .option('--json', 'print one JSON object for machines')
    .option('--ablation', 'run with and without belief revision side by side');
  addCasesOptions(command, false);
  addStoreOptions(command, 'import each case into this store (replaced per case): a path or sqlite:PATH, chdb:DIR, clickhouse://…');
  addLlmOptions(addCausalOptions(addHypothesisOptions(command))).action((dir: string, flags: BenchFlags) => benchCommand(dir, flags));
}

async function benchCommand(dir: string, flags: BenchFlags): Promise<void> {
  const progress = (text: string): void => {
    if (process.stderr.isTTY) process.stderr.write(`\r\u001b[K${text}`);
  };
  const runs = positiveInt(flags.runs, '--runs') ?? 1;
  // One policy for the whole bench: the LLM policy is stateless per packet, and one instance
  // keeps one cache connection and remembers a response-format downgrade across cases.
  const chosen = openPolicy(flags, process.env);
  try {
    const cases = await collectCases(dir, flags.format, progress);
    try {
      // Gaps in the captures explain weak cases; they would otherwise sit unread in snapshot.json.
      for (const warning of captureWarnings(cases.bundles)) process.stderr.write(`warning: ${warning}\n`);
      await runArms(cases.bundles, flags, chosen, runs, progress);
    } finally {
      cases.cleanup();
    }
  } finally {
    const summary = chosen.summary();
    if (summary) process.stderr.write(`${summary}\n`);
    chosen.close();
  }
}

async function runArms(
  bundles: readonly string[],
  flags: BenchFlags,
  chosen: PolicyHandle,
  runs: number,
  progress: (text: string) => void,
): Promise<void> {
  const arms: Arm[] = flags.ablation
    ? [
        { name: 'with revision', revision: true },
        { name: 'without revision', revision: false },
      ]
    : [{ name: '', revision: true }];
  const results: Array<{ arm: Arm; rows: BenchRow[]; summary: BenchSummary }> = [];
  const library = openCasesFrom(flags, false);
  try {
    for (const arm of arms) {
      const started = Date.now();
      const result = await runBench(bundles, {
        policy: () => chosen.policy,
        settings: {
          ...settingsFrom({ ...flags, revision: arm.revision }),
          ...casePriorSetting(flags),
          causalGraph: causalChoiceFrom(flags),
        },
        runs,
        tokenBudget: positiveInt(flags.tokenBudget, '--token-budget'),
        store: storeSpecFrom(flags),
        cases: library,
        ...alertWindowMs(flags.alertWindow),
        onCase: (done, total, row) =>
          progress(
            `${arm.name ? `${arm.name}: ` : ''}[${'#'.repeat(Math.round((done / total) * 30)).padEnd(30)}] ${done}/${total} ${row.case} ${((Date.now() - started) / 1000).toFixed(0)} s`,
          ),
      });
      results.push({ arm, ...result });
    }
  } finally {
    library?.close();
  }
  progress('');
  if (flags.json) {
    const [main, ablated] = results;
    const out = {
      ...main?.summary,
      ...(chosen.description ? { llm: chosen.description } : {}),
      rows: main?.rows,
      ...(ablated ? { ablation: { withoutRevision: { ...ablated.summary, rows: ablated.rows } } } : {}),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  for (const r of results) {
    if (r.arm.name) process.stdout.write(`\n== ${r.arm.name} ==\n`);
    process.stdout.write(`${formatTable(r.rows)}\n\n${formatSummary(r.summary)}\n`);
  }
}
