/**
 * The causal graph's interpretability metrics (docs/causal-graph.md) over real and generated
 * incidents, heuristic policy, default knowledge: medians of SC, TC, KC and the score, of the
 * graph's size and of the violations. Prints a markdown table for BENCHMARKS.md. Run:
 *   npx tsx scripts/bench/causal-metrics.ts [--nezha <dataset root>] [--seeds 3] [--services 12]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { collectCases } from '../../main/bench/index.js';
import { faultTypes, generateIncident } from '../../main/generate/index.js';
import { investigateSnapshot } from '../../main/session/index.js';
import { importBundle } from '../../main/store/index.js';

type Graph = NonNullable<Diagnosis['causal_graph']>;

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function row(name: string, graphs: readonly Graph[]): string {
  const m = (f: (g: Graph) => number): string => median(graphs.map(f)).toFixed(3);
  const n = (f: (g: Graph) => number): string => String(median(graphs.map(f)));
  return `| ${name} | ${graphs.length} | ${m((g) => g.metrics.SC)} | ${m((g) => g.metrics.TC)} | ${m((g) => g.metrics.KC)} | ${m((g) => g.metrics.score)} | ${n((g) => g.nodes.length)} | ${n((g) => g.edges.length)} | ${n((g) => g.violations.length)} | ${n((g) => g.orphan_alerts.length)} |`;
}

async function graphOf(snapshot: string): Promise<Graph> {
  const { diagnosis } = await investigateSnapshot(snapshot, { policy: createHeuristicPolicy() });
  if (!diagnosis.causal_graph) throw new Error(`${snapshot}: no causal graph in the diagnosis`);
  return diagnosis.causal_graph;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { nezha: { type: 'string' }, seeds: { type: 'string', default: '3' }, services: { type: 'string', default: '12' } },
  });
  const lines = [
    '| incidents | n | SC (median, lower is better) | TC | KC | score | anomalies | edges | violations | orphan alerts |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  if (values.nezha) {
    const cases = await collectCases(values.nezha, undefined);
    try {
      const graphs: Graph[] = [];
      for (const bundle of cases.bundles) graphs.push(await graphOf(bundle));
      lines.push(row('Nezha TrainTicket', graphs));
    } finally {
      cases.cleanup();
    }
  }
  const root = mkdtempSync(join(tmpdir(), 'eog-causal-metrics-'));
  try {
    const graphs: Graph[] = [];
    for (const fault of faultTypes) {
      for (let seed = 1; seed <= Number(values.seeds); seed += 1) {
        const dir = join(root, `${fault}-${seed}`);
        await generateIncident(dir, { fault, seed, services: Number(values.services) });
        const store = join(dir, '.eog', 'store.sqlite');
        await importBundle(dir, store);
        graphs.push(await graphOf(store));
      }
    }
    lines.push(row(`generated (${faultTypes.length} fault types × ${values.seeds} seeds, ${values.services} services)`, graphs));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
