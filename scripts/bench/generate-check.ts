/**
 * Does the heuristic investigation find what `eog generate` injected? For each fault type and
 * seed: generate a bundle, import it, investigate with the heuristic policy, and score the
 * frontier against ground_truth.yaml (ITBench semantics: a match on any alias counts).
 * Prints a markdown table by fault type. Run:
 *   npx tsx scripts/bench/generate-check.ts [--seeds 5] [--services 12] [--keep]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { parseGroundTruth, scoreRootCause } from '../../core/scoring/index.js';
import { faultTypes, generateIncident } from '../../main/generate/index.js';
import { Investigation } from '../../main/session/investigation.js';
import { EvidenceStore, importBundle } from '../../main/store/index.js';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '5' }, services: { type: 'string', default: '12' }, keep: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } } });
const seeds = Number(values.seeds);
const services = Number(values.services);
const root = mkdtempSync(join(tmpdir(), 'eog-generate-check-'));

interface Row {
  found: number;
  top1: number;
  frontierSize: number;
  runs: number;
}

const rows = new Map<string, Row>();
for (const fault of faultTypes) {
  const row: Row = { found: 0, top1: 0, frontierSize: 0, runs: 0 };
  rows.set(fault, row);
  for (let seed = 1; seed <= seeds; seed++) {
    const dir = join(root, `${fault}-${seed}`);
    const incident = await generateIncident(dir, { fault, seed, services });
    const storeFile = join(dir, '.eog', 'store.sqlite');
    await importBundle(dir, storeFile);
    const store = EvidenceStore.open(storeFile);
    try {
      const investigation = new Investigation({ store, policy: createHeuristicPolicy() });
      await investigation.run();
      const diagnosis = investigation.diagnosis();
      investigation.close();
      const gt = parseGroundTruth(readFileSync(join(dir, 'ground_truth.yaml'), 'utf8'));
      const all = scoreRootCause(gt, diagnosis.frontier);
      const first = scoreRootCause(gt, diagnosis.frontier, { k: 1 });
      row.runs += 1;
      row.frontierSize += diagnosis.frontier.length;
      if (all.recall > 0) row.found += 1;
      if (first.recall > 0) row.top1 += 1;
      if (values.verbose || all.recall === 0) {
        process.stderr.write(`${fault} seed ${seed}: injected ${incident.rootCause}; outcome ${diagnosis.outcome}; frontier ${diagnosis.frontier.join(', ') || '(empty)'}; top ranking ${diagnosis.ranking.slice(0, 3).map((r) => r.entity).join(', ')}\n`);
      }
    } finally {
      store.close();
    }
  }
}

process.stdout.write(`\nHeuristic investigation on generated incidents (${services} services, seeds 1..${seeds})\n\n`);
process.stdout.write('| fault | runs | injected entity in frontier | injected entity first | mean frontier size |\n|---|---|---|---|---|\n');
for (const [fault, r] of rows) {
  process.stdout.write(`| ${fault} | ${r.runs} | ${r.found}/${r.runs} | ${r.top1}/${r.runs} | ${(r.frontierSize / Math.max(1, r.runs)).toFixed(1)} |\n`);
}
if (values.keep) process.stdout.write(`\nbundles kept in ${root}\n`);
else rmSync(root, { recursive: true, force: true });
