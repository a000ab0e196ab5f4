/**
 * The regression guard over the real cases (CONTRIBUTING.md, "Accuracy protocol"):
 *
 *   npm run bench:guard -- --nezha-tt <root> --nezha-ob <root> --lab <incidents dir>
 *                          [--bundles-tt <dir> --bundles-ob <dir> --bundles-lab <dir>] [--no-time] [--update]
 *
 * Exits 1 naming every development case whose injected service ranks worse than guard.json
 * records; a validation case ranking worse is printed, not a failure. --update records this
 * run's ranks instead; --no-time runs (and records) the "window only" way, kept apart.
 */
import { DATASET_USAGE, parseDatasetArgs, progress, UsageError } from './args.js';
import { runGuard } from './guard-run.js';

try {
  const { sources, timeGiven, values } = parseDatasetArgs(process.argv.slice(2), { update: { type: 'boolean' } });
  const started = performance.now();
  const outcome = await runGuard({ sources, timeGiven, update: values.update === true, onProgress: progress });
  progress('');
  process.stdout.write(`${outcome.lines.join('\n')}\n`);
  process.stderr.write(`${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  process.exitCode = outcome.exitCode;
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  if (e instanceof UsageError) process.stderr.write(`usage: npm run bench:guard -- ${DATASET_USAGE} [--update]\n`);
  process.exitCode = e instanceof UsageError ? 2 : 1;
}
