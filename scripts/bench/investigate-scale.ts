/**
 * Heuristic investigation at scale: generated incidents of about 100 / 1k / 10k topology
 * entities (`eog generate --entities N`). The parent generates and imports each bundle; a
 * child process runs only the investigation, so its peak RSS is the investigation's (plus
 * the Node/tsx baseline, measured separately). Run:
 *   npx tsx scripts/bench/investigate-scale.ts [--entities 100,1000,10000] [--seeds 3] [--repeats 1] [--fault config_change]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { generateIncident, parseFaultType, type FaultType } from '../../main/generate/index.js';
import { investigateSnapshot } from '../../main/session/index.js';
import { importBundle } from '../../main/store/index.js';
import { median } from './stats.js';

export interface ScaleSize {
  entities: number;
  /** Incidents generated at this size (seeds 1..n). */
  seeds: number;
  /** Investigations of each incident; a 10k-entity bundle takes minutes to generate and import, so big sizes repeat instead. */
  repeats: number;
}

export interface ScaleBenchOptions {
  sizes: readonly ScaleSize[];
  fault: FaultType;
  log?: (line: string) => void;
}

export interface ScaleFigures {
  /** Requested size and the generated topology's actual entity count (median over seeds). */
  requestedEntities: number;
  entities: number;
  records: number;
  seeds: number;
  repeats: number;
  investigationSeconds: number;
  steps: number;
  peakRssMb: number;
  /** Peak RSS of a child that only loads the same modules: the floor under peakRssMb. */
  baselineRssMb: number;
  importSeconds: number;
}

interface ChildResult {
  ms: number;
  steps: number;
  maxRssMb: number;
}

export class ScaleChildError extends Error {
  override name = 'ScaleChildError';
  constructor(status: number | null, stderr: string) {
    super(
      `the investigation benchmark child exited with ${status}; rerun scripts/bench/investigate-scale.ts alone to reproduce. stderr:\n${stderr}`,
    );
  }
}

async function child(storeFile: string | null): Promise<void> {
  let ms = 0;
  let steps = 0;
  if (storeFile !== null) {
    const started = performance.now();
    const { diagnosis } = await investigateSnapshot(storeFile, { policy: createHeuristicPolicy() });
    steps = diagnosis.run.steps;
    ms = performance.now() - started;
  }
  const result: ChildResult = { ms, steps, maxRssMb: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runChild(storeFile: string | null): ChildResult {
  const self = fileURLToPath(import.meta.url);
  const out = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', storeFile ?? '-'], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (out.status !== 0) throw new ScaleChildError(out.status, out.stderr);
  return JSON.parse(out.stdout.trim().split('\n').pop() ?? '') as ChildResult;
}

/** Median wall time, steps and peak RSS of one heuristic investigation per size, over seeds and repeats. */
export async function benchInvestigationScale(options: ScaleBenchOptions): Promise<ScaleFigures[]> {
  const log = options.log ?? (() => undefined);
  const root = mkdtempSync(join(tmpdir(), 'eog-bench-scale-'));
  try {
    const baselineRssMb = runChild(null).maxRssMb;
    const out: ScaleFigures[] = [];
    for (const size of options.sizes) {
      const requested = size.entities;
      const samples: Array<ChildResult & { entities: number; records: number; importMs: number }> = [];
      for (let seed = 1; seed <= size.seeds; seed++) {
        const dir = join(root, `${requested}-${seed}`);
        const incident = await generateIncident(dir, { fault: options.fault, seed, entities: requested });
        const storeFile = join(root, `${requested}-${seed}.sqlite`);
        const started = performance.now();
        await importBundle(dir, storeFile);
        const importMs = performance.now() - started;
        rmSync(dir, { recursive: true, force: true });
        const records = Object.values(incident.records).reduce((a, b) => a + b, 0);
        for (let repeat = 1; repeat <= size.repeats; repeat++) {
          const result = runChild(storeFile);
          samples.push({ ...result, entities: incident.entities, records, importMs });
          log(
            `scale: ${incident.entities} entities seed ${seed} run ${repeat}: ${Math.round(result.ms)} ms, ${result.steps} steps, ${Math.round(result.maxRssMb)} MB`,
          );
        }
        rmSync(storeFile, { force: true });
      }
      out.push({
        requestedEntities: requested,
        entities: median(samples.map((s) => s.entities)),
        records: median(samples.map((s) => s.records)),
        seeds: size.seeds,
        repeats: size.repeats,
        investigationSeconds: median(samples.map((s) => s.ms)) / 1000,
        steps: median(samples.map((s) => s.steps)),
        peakRssMb: median(samples.map((s) => s.maxRssMb)),
        baselineRssMb,
        importSeconds: median(samples.map((s) => s.importMs)) / 1000,
      });
    }
    return out;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const isEntryPoint = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntryPoint && process.argv[2] === '--child') {
  await child(process.argv[3] === '-' ? null : (process.argv[3] ?? null));
} else if (isEntryPoint) {
  const { values } = parseArgs({
    options: {
      entities: { type: 'string', default: '100,1000,10000' },
      seeds: { type: 'string', default: '3' },
      repeats: { type: 'string', default: '1' },
      fault: { type: 'string', default: 'config_change' },
    },
  });
  const sizes = values.entities
    .split(',')
    .map((n) => ({ entities: Number(n), seeds: Number(values.seeds), repeats: Number(values.repeats) }));
  const rows = await benchInvestigationScale({
    sizes,
    fault: parseFaultType(values.fault),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(
    '| entities | records | seeds x runs | investigation (s) | steps | peak RSS (MB) | baseline RSS (MB) |\n|---:|---:|---:|---:|---:|---:|---:|\n',
  );
  for (const r of rows)
    process.stdout.write(
      `| ${r.entities} | ${r.records} | ${r.seeds} x ${r.repeats} | ${r.investigationSeconds.toFixed(2)} | ${r.steps} | ${Math.round(r.peakRssMb)} | ${Math.round(r.baselineRssMb)} |\n`,
    );
}
