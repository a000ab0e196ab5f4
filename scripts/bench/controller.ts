/**
 * Controller overhead per step: a no-op policy and an in-memory packet builder on random
 * graphs of 1k, 10k and 100k entities, with and without a ledger file. Prints the median of
 * several runs as a markdown table. Run: npx tsx scripts/bench/controller.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createController } from '../../core/controller/index.js';
import type { Policy } from '../../core/controller/index.js';
import { createMemoryPacketBuilder, seededRandom } from '../../core/controller/test-support.js';
import { OperationalGraph } from '../../core/graph/index.js';
import type { Entity, TopologyEdge } from '../../core/model/index.js';
import { openLedger } from '../../main/ledger/index.js';
import { median } from './stats.js';

export interface ControllerBenchOptions {
  sizes: readonly number[];
  runs: number;
  /** Policy evaluations per run (the budget). */
  steps: number;
  seeds: number;
  log?: (line: string) => void;
}

export interface ControllerFigures {
  entities: number;
  topologyEdges: number;
  steps: number;
  eventsPerStep: number;
  microsInMemory: number;
  microsWithLedger: number;
}

export const CONTROLLER_DEFAULTS: ControllerBenchOptions = { sizes: [1_000, 10_000, 100_000], runs: 5, steps: 2_000, seeds: 1_000 };

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
  const entities: Entity[] = Array.from({ length: size }, (_, i) => ({
    id: id(i),
    kind: 'Service',
    name: `s${i}`,
    namespace: 'bench',
    labels: {},
    attrs: {},
  }));
  const edges: TopologyEdge[] = [];
  for (let i = 0; i < size; i++) {
    for (let k = 0; k < 3; k++) edges.push({ source: id(i), target: id(Math.floor(random() * size)), relation: 'calls' });
  }
  return OperationalGraph.fromTopology({ entities, edges });
}

interface Sample {
  micros: number;
  eventsPerStep: number;
  steps: number;
}

async function measure(graph: OperationalGraph, options: ControllerBenchOptions, ledgerFile: string | null): Promise<Sample> {
  const ledger = ledgerFile === null ? null : openLedger(ledgerFile);
  const ids = graph.ids();
  const stride = Math.max(1, Math.floor(ids.length / options.seeds));
  const controller = createController({
    graph,
    settings: { budget: options.steps },
    seeds: ids
      .filter((_, i) => i % stride === 0)
      .slice(0, options.seeds)
      .map((node) => ({ node, reason: 'bench' })),
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
  return { micros: (elapsed * 1000) / steps, eventsPerStep: controller.events.length / steps, steps };
}

/** Median µs per controller step for each graph size, in memory and with a SQLite ledger file. */
export async function benchController(options: ControllerBenchOptions): Promise<ControllerFigures[]> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'eog-bench-controller-'));
  try {
    const out: ControllerFigures[] = [];
    for (const size of options.sizes) {
      const graph = randomGraph(size);
      const inMemory: Sample[] = [];
      const withFile: Sample[] = [];
      for (let run = 0; run < options.runs; run++) {
        inMemory.push(await measure(graph, options, null));
        withFile.push(await measure(graph, options, join(dir, `ledger-${size}-${run}.sqlite`)));
      }
      const figures: ControllerFigures = {
        entities: size,
        topologyEdges: graph.size,
        steps: median(inMemory.map((s) => s.steps)),
        eventsPerStep: median(inMemory.map((s) => s.eventsPerStep)),
        microsInMemory: median(inMemory.map((s) => s.micros)),
        microsWithLedger: median(withFile.map((s) => s.micros)),
      };
      log(
        `controller: ${size} entities: ${figures.microsInMemory.toFixed(1)} µs/step in memory, ${figures.microsWithLedger.toFixed(1)} with ledger`,
      );
      out.push(figures);
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await benchController(CONTROLLER_DEFAULTS);
  console.log(
    `Controller overhead per step (no-op policy, median of ${CONTROLLER_DEFAULTS.runs} runs, ${CONTROLLER_DEFAULTS.seeds} seeds)\n`,
  );
  console.log('| entities | topology edges | steps | ledger events/step | µs/step in memory | µs/step with ledger file |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.entities.toLocaleString('en')} | ${r.topologyEdges.toLocaleString('en')} | ${r.steps} | ${r.eventsPerStep.toFixed(1)} | ${r.microsInMemory.toFixed(1)} | ${r.microsWithLedger.toFixed(1)} |`,
    );
}
