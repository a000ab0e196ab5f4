/**
 * Accuracy of the built-in heuristic over the real cases, split into development and
 * validation (split.json; CONTRIBUTING.md, "Accuracy protocol"):
 *
 *   npm run bench:accuracy -- --nezha-tt <root> --nezha-ob <root> [--bundles-tt <dir> --bundles-ob <dir>]
 *                             [--json] [--no-hypotheses] [--ablation] [--write]
 *
 * --ablation re-runs everything once per heuristic rule with that rule alone switched off;
 * --write puts the figures between the accuracy markers of BENCHMARKS.md.
 */
import { ruleTable } from '../../../core/policy/heuristic/index.js';
import { describeMachine } from '../machine.js';
import { table } from '../markdown.js';
import { writeBenchmarksRegion } from '../write-doc.js';
import { DATASET_USAGE, parseDatasetArgs, progress, UsageError } from './args.js';
import { openSystems, runAll, runWithout, type CaseResult } from './run-cases.js';
import { readSplit, SPLIT_RULE } from './split.js';
import {
  ABLATION_HEADER,
  ablationRow,
  ablationRows,
  CASE_HEADER,
  caseRows,
  FIGURE_HEADER,
  figureRows,
  report,
  textTable,
  type AblationRow,
} from './summary.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const { sources, values } = parseDatasetArgs(argv, {
    json: { type: 'boolean' },
    'no-hypotheses': { type: 'boolean' },
    ablation: { type: 'boolean' },
    write: { type: 'boolean' },
  });
  const hypotheses = values['no-hypotheses'] !== true;
  const split = readSplit();
  const started = performance.now();
  const { systems, cleanup } = await openSystems(sources, progress);
  try {
    const cases = await runAll(systems, split, { hypotheses, onProgress: progress });
    const seconds = (performance.now() - started) / 1000;
    const ablation: AblationRow[] = [];
    if (values.ablation)
      for (const rule of ruleTable) {
        const without = await runWithout(systems, split, cases, rule.id, {
          hypotheses,
          onProgress: (t) => progress(`without ${rule.id}: ${t}`),
        });
        ablation.push(ablationRow(rule.id, cases, without));
      }
    progress('');
    process.stderr.write(
      `${cases.length} cases in ${seconds.toFixed(0)} s (conversion included)${values.ablation ? `; ablation done after ${((performance.now() - started) / 1000).toFixed(0)} s` : ''}\n`,
    );
    const command = `npm run bench:accuracy -- ${argv.join(' ')}`;
    if (values.json) {
      const out = {
        command,
        date: new Date().toISOString(),
        hypotheses,
        split: SPLIT_RULE,
        figures: report(cases),
        cases,
        ...(values.ablation ? { ablation } : {}),
      };
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    } else process.stdout.write(`${renderText(cases, ablation, hypotheses)}\n`);
    if (values.write) await writeSection(renderMarkdown(cases, ablation, command, hypotheses));
  } finally {
    cleanup();
  }
}

function renderText(cases: readonly CaseResult[], ablation: readonly AblationRow[], hypotheses: boolean): string {
  return [
    `Real cases, heuristic policy with eog bench's defaults${hypotheses ? ' (the hypothesis layer on)' : ', the hypothesis layer off'}. ${SPLIT_RULE}`,
    '',
    textTable(FIGURE_HEADER, figureRows(report(cases))),
    '',
    textTable(CASE_HEADER, caseRows(cases)),
    ...(ablation.length
      ? ['', 'AC@1 change in points with one rule off (all rules on is 0):', textTable(ABLATION_HEADER, ablationRows(ablation))]
      : []),
  ].join('\n');
}

function renderMarkdown(cases: readonly CaseResult[], ablation: readonly AblationRow[], command: string, hypotheses: boolean): string {
  const m = describeMachine();
  const misses = cases.filter((c) => !c.ac1);
  return [
    '### Real cases: development and validation (`npm run bench:accuracy`)',
    '',
    `Written by \`${command}\` on ${m.date}: ${m.cpuModel}, ${m.cpuCount} CPUs; Node ${m.node}.`,
    `Built-in heuristic policy, \`eog bench\`'s defaults${hypotheses ? ' (the hypothesis layer on)' : ', the hypothesis layer off (--no-hypotheses)'}; service-level AC@k and ITBench root-cause entity P/R/F1 of the frontier (docs/scoring.md).`,
    `Split (\`scripts/bench/real-cases/split.json\`, fixed before any result was looked at): ${SPLIT_RULE} Rules are chosen on dev only.`,
    '',
    table(FIGURE_HEADER, figureRows(report(cases))),
    '',
    misses.length ? 'Cases missed at AC@1 (rank of the injected service; - when not ranked):' : 'No case missed at AC@1.',
    '',
    ...(misses.length ? [table(CASE_HEADER, caseRows(misses)), ''] : []),
    ...(ablation.length
      ? [
          'AC@1 change in points with one heuristic rule switched off alone (`--ablation`; the origin gate keeps every rule):',
          '',
          table(ABLATION_HEADER, ablationRows(ablation)),
        ]
      : []),
  ].join('\n');
}

async function writeSection(body: string): Promise<void> {
  const file = await writeBenchmarksRegion('accuracy', body);
  process.stderr.write(`wrote the accuracy region of ${file}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  if (e instanceof UsageError)
    process.stderr.write(`usage: npm run bench:accuracy -- ${DATASET_USAGE} [--json] [--no-hypotheses] [--ablation] [--write]\n`);
  process.exit(e instanceof UsageError ? 2 : 1);
});
