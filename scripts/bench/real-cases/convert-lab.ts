/**
 * Converts the lab's incidents into bundles the protocol scripts take with `--bundles-lab`:
 *
 *   npx tsx scripts/bench/real-cases/convert-lab.ts <incidents dir> --out <dir> [--no-time]
 *
 * Each incident becomes `<dir>/<id>` by `eog convert capture`'s own code path with the flags
 * its times.json holds (--no-time: --window alone), plus the ground_truth.yaml the bench scores
 * it by (lab.ts). `<dir>` must not hold the incidents' bundles yet.
 */
import { parseArgs } from 'node:util';
import { convertLab } from './lab.js';

const usage = 'usage: npx tsx scripts/bench/real-cases/convert-lab.ts <incidents dir> --out <dir> [--no-time]\n';
try {
  const { values, positionals } = parseArgs({
    options: { out: { type: 'string' }, 'no-time': { type: 'boolean' } },
    allowPositionals: true,
  });
  const [dir, ...extra] = positionals;
  if (dir === undefined || extra.length > 0 || values.out === undefined) {
    process.stderr.write(usage);
    process.exit(2);
  }
  const bundles = convertLab(dir, values.out, { timeGiven: values['no-time'] !== true });
  process.stdout.write(`wrote ${bundles.length} bundle(s) to ${values.out}${values['no-time'] ? ' (window only)' : ''}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
