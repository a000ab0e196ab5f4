/**
 * The regression guard over the real cases (CONTRIBUTING.md, "Accuracy protocol"):
 *
 *   npm run bench:guard -- --nezha-tt <root> --nezha-ob <root> [--bundles-tt <dir> --bundles-ob <dir>] [--update]
 *
 * Exits 1 naming every case whose injected service ranks worse than guard.json records;
 * --update records this run's ranks instead.
 */
import { DATASET_USAGE, parseDatasetArgs, progress, UsageError } from './args.js';
import { runGuard } from './guard-run.js';

try {
  const { sources, values } = parseDatasetArgs(process.argv.slice(2), { update: { type: 'boolean' } });
  const started = performance.now();
  const outcome = await runGuard({ sources, update: values.update === true, onProgress: progress });
  progress('');
  process.stdout.write(`${outcome.lines.join('\n')}\n`);
  process.stderr.write(`${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  process.exitCode = outcome.exitCode;
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  if (e instanceof UsageError) process.stderr.write(`usage: npm run bench:guard -- ${DATASET_USAGE} [--update]\n`);
  process.exitCode = e instanceof UsageError ? 2 : 1;
}
