/**
 * Whole-dataset checks that `npm test` cannot run (the tests use the small slices in the
 * fixtures): the published datasets convert and parse completely, with the published counts.
 *
 *   npm run bench:datasets -- --nezha <nezha-trainticket root> --itbench-gt <itbench-groundtruth dir>
 *
 * Either argument may be left out; at least one is required. Exits 1 when a check fails.
 * Accuracy over the whole Nezha days is `npm run eog -- bench <nezha root>` (BENCHMARKS.md).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseGroundTruth } from '../../core/scoring/index.js';
import { convertNezha, formatWarning } from '../../main/convert/index.js';
import { listDays, readFaultList } from '../../main/convert/nezha/layout.js';
import { readBundleStrict } from '../../main/convert/test-helpers.js';

/** The published TrainTicket part of Nezha: faults per day, as the dataset's README lists them. */
const NEZHA_FAULTS: Readonly<Record<string, number>> = { '2023-01-29': 28, '2023-01-30': 4 };
const ITBENCH_FILES = 62;

const failures: string[] = [];
const check = (ok: boolean, what: string): void => {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${what}\n`);
  if (!ok) failures.push(what);
};

async function checkNezha(root: string): Promise<void> {
  const days = listDays(root);
  const counts = Object.fromEntries(days.map((day) => [day, readFaultList(root, day).length]));
  check(
    JSON.stringify(counts) === JSON.stringify(NEZHA_FAULTS),
    `Nezha fault lists: ${JSON.stringify(counts)} (published: ${JSON.stringify(NEZHA_FAULTS)})`,
  );
  const out = mkdtempSync(path.join(tmpdir(), 'eog-datasets-'));
  try {
    const started = performance.now();
    const { bundles, warnings } = await convertNezha(root, out);
    const seconds = (performance.now() - started) / 1000;
    const expected = Object.values(NEZHA_FAULTS).reduce((a, b) => a + b, 0);
    check(bundles.length === expected, `Nezha: ${bundles.length} bundles written of ${expected}, in ${seconds.toFixed(1)} s`);
    check(warnings.length === 0, `Nezha: the published capture has no gaps${warnings.map((w) => `\n       ${formatWarning(w)}`).join('')}`);
    let invalid = 0;
    let fewPods = 0;
    for (const dir of bundles) {
      try {
        const { topology } = readBundleStrict(dir);
        if (topology.entities.filter((e) => e.kind === 'Pod').length < 40) fewPods++;
      } catch (error) {
        invalid++;
        process.stdout.write(`       ${dir}: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}\n`);
      }
    }
    check(invalid === 0, `Nezha: every bundle valid against the native schemas (${invalid} invalid)`);
    check(fewPods === 0, `Nezha: every bundle's topology has the system's ≥40 pods (${fewPods} with fewer)`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function checkItbench(dir: string): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
  check(files.length === ITBENCH_FILES, `ITBench: ${files.length} ground-truth files (published: ${ITBENCH_FILES})`);
  let bad = 0;
  for (const file of files) {
    try {
      const gt = parseGroundTruth(readFileSync(path.join(dir, file), 'utf8'), file);
      if (gt.rootCauseClasses.length === 0) throw new Error('no root cause');
    } catch (error) {
      bad++;
      process.stdout.write(`       ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  check(bad === 0, `ITBench: every ground truth parses and names a root cause (${bad} do not)`);
}

const { values } = parseArgs({ options: { nezha: { type: 'string' }, 'itbench-gt': { type: 'string' } } });
if (values.nezha === undefined && values['itbench-gt'] === undefined) {
  process.stderr.write('usage: npm run bench:datasets -- --nezha <nezha-trainticket root> --itbench-gt <itbench-groundtruth dir>\n');
  process.exit(2);
}
if (values.nezha !== undefined) await checkNezha(values.nezha);
if (values['itbench-gt'] !== undefined) checkItbench(values['itbench-gt']);
process.stdout.write(failures.length === 0 ? 'all dataset checks passed\n' : `${failures.length} dataset check(s) failed\n`);
process.exit(failures.length === 0 ? 0 : 1);
