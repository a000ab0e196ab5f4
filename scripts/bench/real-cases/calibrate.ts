/**
 * Fits the confidence calibration (core/controller/calibration.ts) on the development parts of
 * the real datasets, both systems pooled, and says how it holds on the validation parts:
 *
 *   npm run bench:calibrate -- --nezha-tt <root> --nezha-ob <root> [--bundles-tt <dir> --bundles-ob <dir>] [--write]
 *
 * --write rewrites core/controller/calibration-table.ts. Run bench:accuracy afterwards: the
 * outcome words follow the calibrated confidence, so its figures change with the table.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { calibrate, fitCalibration, type CalibrationBlock } from '../../../core/controller/calibration.js';
import { calibrationOf } from '../../../core/scoring/index.js';
import { DATASET_USAGE, parseDatasetArgs, UsageError } from './args.js';
import { openSystems, runAll, type CaseResult } from './run-cases.js';
import { readSplit } from './split.js';

const TABLE_FILE = fileURLToPath(new URL('../../../core/controller/calibration-table.ts', import.meta.url));

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const { sources, timeGiven, values } = parseDatasetArgs(argv, { write: { type: 'boolean' } });
  const { systems, cleanup } = await openSystems(sources, { timeGiven });
  try {
    const cases = await runAll(systems, readSplit(), {});
    const dev = cases.filter((c) => c.part === 'dev');
    const blocks = fitCalibration(dev.map((c) => ({ stated: c.stated, correct: c.ac1 })));
    const lines = [`fitted on ${dev.length} development cases (${systems.map((s) => s.system).join(' + ')}):`];
    for (const b of blocks) lines.push(`  stated ≤ ${b.upTo.toFixed(3)}: ${b.right}/${b.n} right → calibrated ${b.calibrated.toFixed(3)}`);
    for (const part of ['dev', 'val'] as const) {
      const inPart = cases.filter((c) => c.part === part);
      lines.push(
        `${part}: ECE stated ${ece(inPart, (c) => c.stated)}, calibrated ${ece(inPart, (c) => calibrate(c.stated, blocks))} (n ${inPart.length})`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    if (values.write) {
      writeFileSync(
        TABLE_FILE,
        tableSource(
          blocks,
          `${dev.length} development cases of ${systems.map((s) => s.system).join(' + ')}, ${new Date().toISOString().slice(0, 10)}`,
        ),
      );
      process.stdout.write(`wrote ${TABLE_FILE}\n`);
    }
  } finally {
    cleanup();
  }
}

function ece(cases: readonly CaseResult[], confidence: (c: CaseResult) => number): string {
  return calibrationOf(cases.map((c) => ({ confidence: confidence(c), correct: c.ac1 }))).ece.toFixed(3);
}

function tableSource(blocks: readonly CalibrationBlock[], fittedOn: string): string {
  const rows = blocks.map((b) => `    { upTo: ${b.upTo}, calibrated: ${b.calibrated}, n: ${b.n}, right: ${b.right} },`).join('\n');
  return `/**
 * Written by \`npm run bench:calibrate\` (scripts/bench/real-cases/calibrate.ts): the blocks fitted
 * on the development parts of the real datasets. Do not edit by hand; re-fit after a change to
 * the policies, and read the validation parts' calibration it prints (BENCHMARKS.md).
 */
export const calibrationTable: { fittedOn: string; blocks: Array<{ upTo: number; calibrated: number; n: number; right: number }> } = {
  fittedOn: '${fittedOn}',
  blocks: [
${rows}
  ],
};
`;
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\nusage: npm run bench:calibrate -- ${DATASET_USAGE} [--write]\n`);
    process.exit(2);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
