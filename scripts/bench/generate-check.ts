/**
 * Does the heuristic investigation find what `eog generate` injected? For each fault type and
 * seed: generate a bundle, import it, investigate with the heuristic policy, and score the
 * frontier against ground_truth.yaml (ITBench semantics: a match on any alias counts).
 * Prints a markdown table by fault type. Run:
 *   npx tsx scripts/bench/generate-check.ts [--seeds 5] [--services 12] [--faults a,b] [--no-hypotheses] [--keep] [--verbose]
 * The hypothesis layer is on, as by default everywhere (docs/hypotheses.md): the frontier is the accepted hypotheses' entities; `--no-hypotheses` turns it off.
 * Change-driven faults (feature_flag*, autoscaler_limit) also report whether a hidden call edge the
 * topology leaves out was found (a discovered E_S edge onto it) and how many red herrings joined the frontier.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { parseGroundTruth, scoreRootCause } from '../../core/scoring/index.js';
import { faultTypes, generateIncident, parseFaultType, type FaultType } from '../../main/generate/index.js';
import { investigateSnapshot } from '../../main/session/index.js';
import { importBundle } from '../../main/store/index.js';

export interface FaultCheckOptions {
  seeds: number;
  services: number;
  /** Fault types to check (default: all). */
  faults?: readonly FaultType[];
  /** Keep the generated bundles (their folder is returned) instead of deleting them. */
  keep?: boolean;
  /** The hypothesis layer (default settings δ, η): on unless false, as everywhere by default. */
  hypotheses?: boolean;
  /** Leave out the source an untraced_dependency is generated with (the ablation of the code layer). */
  noSource?: boolean;
  log?: (line: string) => void;
}

/** One investigation that missed: enough to start looking for the missing finding. */
export interface FaultMiss {
  seed: number;
  injected: string;
  outcome: string;
  frontier: string[];
  topRanking: string[];
}

export interface FaultRow {
  fault: FaultType;
  runs: number;
  /** Runs whose frontier holds the injected entity (root-cause recall > 0, aliases count). */
  found: number;
  /** Runs whose first frontier entry is the injected entity. */
  top1: number;
  confident: number;
  meanFrontierSize: number;
  /** Runs whose frontier holds nothing but the injected entity and its aliases (precision 1). */
  onlyRootCause: number;
  /** Runs with a call edge missing from the topology, and those where an E_S claim joined its two ends. */
  hiddenRuns: number;
  hiddenFound: number;
  misses: FaultMiss[];
}

export interface FaultCheckResult {
  rows: FaultRow[];
  keptIn: string | null;
}

async function checkOne(
  dir: string,
  fault: FaultType,
  seed: number,
  services: number,
  row: FaultRow,
  hypotheses: boolean,
  noSource: boolean,
): Promise<void> {
  // A dependency only code reveals needs the source (code.json is read from the bundle folder).
  const withSource = fault === 'untraced_dependency' && !noSource;
  const incident = await generateIncident(dir, { fault, seed, services, withSource });
  const storeFile = join(dir, '.eog', 'store.sqlite');
  await importBundle(dir, storeFile);
  const { diagnosis } = await investigateSnapshot(withSource ? dir : storeFile, {
    policy: createHeuristicPolicy(),
    ...(hypotheses ? { settings: { hypotheses: {} } } : {}),
  });
  const gt = parseGroundTruth(readFileSync(join(dir, 'ground_truth.yaml'), 'utf8'));
  const all = scoreRootCause(gt, diagnosis.frontier);
  const first = scoreRootCause(gt, diagnosis.frontier, { k: 1 });
  row.runs += 1;
  row.meanFrontierSize += diagnosis.frontier.length;
  if (all.recall > 0 && all.precision === 1) row.onlyRootCause += 1;
  if (incident.hiddenEdges.length > 0) {
    row.hiddenRuns += 1;
    // Found: a propagation (an E_S claim) joins the two services of a hidden edge, in either direction.
    const joins = (a: string, b: string): boolean =>
      diagnosis.propagations.some((p) => (p.source === a && p.target === b) || (p.source === b && p.target === a));
    if (incident.hiddenEdges.some(([from, to]) => joins(from, to))) row.hiddenFound += 1;
  }
  if (diagnosis.outcome === 'confident') row.confident += 1;
  if (first.recall > 0) row.top1 += 1;
  if (all.recall > 0) row.found += 1;
  else
    row.misses.push({
      seed,
      injected: incident.rootCause,
      outcome: diagnosis.outcome,
      frontier: [...diagnosis.frontier],
      topRanking: diagnosis.ranking.slice(0, 3).map((r) => r.entity),
    });
}

/** Runs the heuristic on `seeds` generated incidents of every fault type (seeds 1..n). */
export async function benchFaultTypes(options: FaultCheckOptions): Promise<FaultCheckResult> {
  const log = options.log ?? (() => undefined);
  const root = mkdtempSync(join(tmpdir(), 'eog-generate-check-'));
  const rows: FaultRow[] = [];
  try {
    for (const fault of options.faults ?? faultTypes) {
      const row: FaultRow = {
        fault,
        runs: 0,
        found: 0,
        top1: 0,
        confident: 0,
        meanFrontierSize: 0,
        onlyRootCause: 0,
        hiddenRuns: 0,
        hiddenFound: 0,
        misses: [],
      };
      for (let seed = 1; seed <= options.seeds; seed++)
        await checkOne(
          join(root, `${fault}-${seed}`),
          fault,
          seed,
          options.services,
          row,
          options.hypotheses !== false,
          options.noSource === true,
        );
      row.meanFrontierSize /= Math.max(1, row.runs);
      for (const m of row.misses)
        log(
          `faults: ${fault} seed ${m.seed} MISSED: injected ${m.injected}; outcome ${m.outcome}; frontier ${m.frontier.join(', ') || '(empty)'}; top ranking ${m.topRanking.join(', ')}`,
        );
      log(`faults: ${fault}: injected entity in frontier ${row.found}/${row.runs}`);
      rows.push(row);
    }
    return { rows, keptIn: options.keep ? root : null };
  } finally {
    if (!options.keep) rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '5' },
      services: { type: 'string', default: '12' },
      faults: { type: 'string' },
      keep: { type: 'boolean', default: false },
      // The hypothesis layer is on by default, as in eog investigate and eog bench.
      'no-hypotheses': { type: 'boolean', default: false },
      'no-source': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
  const hypotheses = !values['no-hypotheses'];
  const seeds = Number(values.seeds);
  const services = Number(values.services);
  const result = await benchFaultTypes({
    seeds,
    services,
    ...(values.faults === undefined ? {} : { faults: values.faults.split(',').map(parseFaultType) }),
    keep: values.keep,
    hypotheses,
    noSource: values['no-source'],
    log: values.verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
  });
  process.stdout.write(
    `\nHeuristic investigation${hypotheses ? '' : ' without the hypothesis layer'} on generated incidents (${services} services, seeds 1..${seeds})\n\n`,
  );
  process.stdout.write(
    '| fault | runs | injected entity in frontier | injected entity first | frontier = root cause only | mean frontier size | hidden edge found |\n|---|---|---|---|---|---|---|\n',
  );
  for (const r of result.rows)
    process.stdout.write(
      `| ${r.fault} | ${r.runs} | ${r.found}/${r.runs} | ${r.top1}/${r.runs} | ${r.onlyRootCause}/${r.runs} | ${r.meanFrontierSize.toFixed(1)} | ${r.hiddenRuns > 0 ? `${r.hiddenFound}/${r.hiddenRuns}` : '—'} |\n`,
    );
  for (const r of result.rows)
    for (const m of r.misses)
      process.stderr.write(
        `${r.fault} seed ${m.seed}: injected ${m.injected}; outcome ${m.outcome}; frontier ${m.frontier.join(', ') || '(empty)'}; top ranking ${m.topRanking.join(', ')}\n`,
      );
  if (result.keptIn !== null) process.stdout.write(`\nbundles kept in ${result.keptIn}\n`);
}
