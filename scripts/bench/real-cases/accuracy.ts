/**
 * Accuracy of the built-in heuristic over the real cases, split into development and
 * validation (split.json; CONTRIBUTING.md, "Accuracy protocol"):
 *
 *   npm run bench:accuracy -- --nezha-tt <root> --nezha-ob <root> --lab <incidents dir>
 *                             [--bundles-tt <dir> --bundles-ob <dir> --bundles-lab <dir>]
 *                             [--no-time] [--json] [--no-hypotheses] [--ablation] [--write]
 *
 * Every real system is measured two ways: "time given" (the default: the incident time and the
 * baseline a user who knows them would give) and "window only" (--no-time: Nezha converted with
 * --no-incident-time, the lab with --window alone).
 * --ablation re-runs everything once per heuristic rule with that rule alone switched off;
 * --write puts the figures in the region of BENCHMARKS.md for the way run
 * (`accuracy-time-given` or `accuracy-window-only`).
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
  const { sources, timeGiven, values } = parseDatasetArgs(argv, {
    json: { type: 'boolean' },
    'no-hypotheses': { type: 'boolean' },
    ablation: { type: 'boolean' },
    write: { type: 'boolean' },
  });
  const hypotheses = values['no-hypotheses'] !== true;
  const split = readSplit();
  const started = performance.now();
  const { systems, cleanup } = await openSystems(sources, { timeGiven, onProgress: progress });
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
        way: wayOf(timeGiven),
        split: SPLIT_RULE,
        figures: report(cases),
        cases,
        ...(values.ablation ? { ablation } : {}),
      };
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    } else process.stdout.write(`${renderText(cases, ablation, hypotheses, timeGiven)}\n`);
    if (values.write) await writeSection(renderMarkdown(cases, ablation, command, hypotheses, timeGiven), timeGiven);
  } finally {
    cleanup();
  }
}

/** The two ways every real system is measured. */
function wayOf(timeGiven: boolean): string {
  return timeGiven
    ? 'time given (the incident time and baseline a user who knows them gives)'
    : 'window only (no incident time, no baseline chosen with the fault list: Nezha with --no-incident-time, the lab with --window alone)';
}

function renderText(cases: readonly CaseResult[], ablation: readonly AblationRow[], hypotheses: boolean, timeGiven: boolean): string {
  return [
    `Real cases, ${wayOf(timeGiven)}; heuristic policy with eog bench's defaults${hypotheses ? ' (the hypothesis layer on)' : ', the hypothesis layer off'}. ${SPLIT_RULE}`,
    '',
    textTable(FIGURE_HEADER, figureRows(report(cases))),
    '',
    textTable(CASE_HEADER, caseRows(cases)),
    ...(ablation.length
      ? ['', 'AC@1 change in points with one rule off (all rules on is 0):', textTable(ABLATION_HEADER, ablationRows(ablation))]
      : []),
  ].join('\n');
}

function renderMarkdown(
  cases: readonly CaseResult[],
  ablation: readonly AblationRow[],
  command: string,
  hypotheses: boolean,
  timeGiven: boolean,
): string {
  const m = describeMachine();
  const misses = cases.filter((c) => !c.ac1);
  return [
    `#### ${timeGiven ? 'Time given' : 'Window only (`--no-time`)'}`,
    '',
    `Written by \`${command}\` on ${m.date}: ${m.cpuModel}, ${m.cpuCount} CPUs; Node ${m.node}. The way: ${wayOf(timeGiven)}.`,
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

async function writeSection(body: string, timeGiven: boolean): Promise<void> {
  const region = timeGiven ? 'accuracy-time-given' : 'accuracy-window-only';
  const file = await writeBenchmarksRegion(region, body);
  process.stderr.write(`wrote the ${region} region of ${file}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  if (e instanceof UsageError)
    process.stderr.write(`usage: npm run bench:accuracy -- ${DATASET_USAGE} [--json] [--no-hypotheses] [--ablation] [--write]\n`);
  process.exit(e instanceof UsageError ? 2 : 1);
});
