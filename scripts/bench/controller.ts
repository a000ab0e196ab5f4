/**
 * Controller overhead per step: a no-op policy and an in-memory packet builder on random
 * graphs of 1k, 10k and 100k entities, with and without a ledger file. Prints the median of
 * several runs as a markdown table. Run: npx tsx scripts/bench/controller.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createController } from '../../core/controller/index.js';
import type { Policy } from '../../core/controller/index.js';
import { createMemoryPacketBuilder, seededRandom } from '../../core/controller/test-support.js';
import { OperationalGraph } from '../../core/graph/index.js';
import type { Entity, TopologyEdge } from '../../core/model/index.js';
import { openLedger } from '../../main/ledger/index.js';

const SIZES = [1_000, 10_000, 100_000];
const RUNS = 5;
const STEPS = 2_000;
const SEEDS = 1_000;

const noop: Policy = {
  name: 'noop',
  model: null,
  evaluate: () =>
    Promise.resolve({
      output: { label: 'Healthy', confidence: 0.5, evidence: [], summary: 'noop', reasoning: [], claims: [], proposals: [] },
      tokensIn: null,
      tokensOut: null,
      cached: false,
      error: null,
      ms: 0,
    }),
};

function randomGraph(size: number): OperationalGraph {
  const random = seededRandom(size);
  const id = (i: number) => `bench/Service/s${i}`;
  const entities: Entity[] = Array.from({ length: size }, (_, i) => ({ id: id(i), kind: 'Service', name: `s${i}`, namespace: 'bench', labels: {}, attrs: {} }));
  const edges: TopologyEdge[] = [];
  for (let i = 0; i < size; i++) {
    for (let k = 0; k < 3; k++) edges.push({ source: id(i), target: id(Math.floor(random() * size)), relation: 'calls' });
  }
  return OperationalGraph.fromTopology({ entities, edges });
}

interface Sample {
  micros: number;
  eventsPerStep: number;
}

async function measure(graph: OperationalGraph, ledgerFile: string | null): Promise<Sample> {
  const ledger = ledgerFile === null ? null : openLedger(ledgerFile);
  const ids = graph.ids();
  const stride = Math.max(1, Math.floor(ids.length / SEEDS));
  const controller = createController({
    graph,
    settings: { budget: STEPS },
    seeds: ids.filter((_, i) => i % stride === 0).slice(0, SEEDS).map((node) => ({ node, reason: 'bench' })),
    packets: createMemoryPacketBuilder(graph, new Map()),
    policy: noop,
    snapshotHash: 'bench',
    onStep: ledger === null ? undefined : (record) => ledger.appendStep(record),
  });
  const start = performance.now();
  await controller.run();
  const elapsed = performance.now() - start;
  ledger?.close();
  const steps = controller.state.evaluations;
  return { micros: (elapsed * 1000) / steps, eventsPerStep: controller.events.length / steps };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const dir = mkdtempSync(join(tmpdir(), 'eog-bench-controller-'));
try {
  const rows: string[] = [];
  for (const size of SIZES) {
    const graph = randomGraph(size);
    const inMemory: Sample[] = [];
    const withFile: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      inMemory.push(await measure(graph, null));
      withFile.push(await measure(graph, join(dir, `ledger-${size}-${run}.sqlite`)));
    }
    const micros = (samples: Sample[]) => median(samples.map((s) => s.micros)).toFixed(1);
    const events = median(inMemory.map((s) => s.eventsPerStep)).toFixed(1);
    rows.push(`| ${size.toLocaleString('en')} | ${graph.size.toLocaleString('en')} | ${STEPS} | ${events} | ${micros(inMemory)} | ${micros(withFile)} |`);
  }
  console.log(`Controller overhead per step (no-op policy, median of ${RUNS} runs, ${SEEDS} seeds)\n`);
  console.log('| entities | topology edges | steps | ledger events/step | µs/step in memory | µs/step with ledger file |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
