/**
 * `npm run bench`: runs every benchmark and rewrites the figures in BENCHMARKS.md (only the
 * part between the bench markers; the accuracy section and notes outside them are kept).
 *   npm run bench                       full run (reference sizes, several runs), writes
 *   npm run bench -- --quick            smoke run (small sizes, one run each), prints only
 *   npm run bench -- --quick --write    smoke run that also writes BENCHMARKS.md
 * Not part of `npm test`: speed targets are never asserted in timed tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchController, CONTROLLER_DEFAULTS, type ControllerBenchOptions } from './controller.js';
import { benchFaultTypes, type FaultCheckOptions } from './generate-check.js';
import { benchImport, type ImportBenchOptions } from './import.js';
import { benchImportRatio, type ImportRatioOptions } from './import-ratio.js';
import { benchInvestigationScale, type ScaleBenchOptions } from './investigate-scale.js';
import { describeMachine } from './machine.js';
import { renderReport } from './report.js';
import { newBenchmarksDocument, replaceBenchSectionKeeping } from './section.js';
import { runUiBench, type UiOutcome } from './ui.js';
import { writeBenchmarksDocument } from './write-doc.js';

interface Plan {
  importOptions: ImportBenchOptions;
  importRatio: ImportRatioOptions;
  controller: ControllerBenchOptions;
  scale: ScaleBenchOptions;
  faults: FaultCheckOptions;
}

const log = (line: string): void => void process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

function plan(quick: boolean): Plan {
  if (quick) {
    return {
      importOptions: { rows: 200_000, runs: 1, worker: 'auto', queries: 50, log },
      importRatio: { rows: 100_000, services: 50, runs: 1, starts: 3, investigations: 1, log },
      controller: { sizes: [1_000, 10_000], runs: 1, steps: 500, seeds: 200, log },
      scale: {
        sizes: [
          { entities: 100, seeds: 1, repeats: 1 },
          { entities: 1_000, seeds: 1, repeats: 1 },
        ],
        fault: 'config_change',
        log,
      },
      faults: { seeds: 1, services: 12, log },
    };
  }
  return {
    importOptions: { rows: 5_000_000, runs: 3, worker: 'auto', queries: 200, log },
    importRatio: { rows: 1_000_000, services: 200, runs: 3, starts: 10, investigations: 1, log },
    controller: { ...CONTROLLER_DEFAULTS, log },
    // One 10k-entity bundle (~7M records) takes minutes to generate and import on 2 cores: investigate it 3 times instead of 3 bundles.
    scale: {
      sizes: [
        { entities: 100, seeds: 3, repeats: 1 },
        { entities: 1_000, seeds: 3, repeats: 1 },
        { entities: 10_000, seeds: 1, repeats: 3 },
      ],
      fault: 'config_change',
      log,
    },
    faults: { seeds: 5, services: 12, log },
  };
}

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, write: { type: 'boolean', default: false } } });
const quick = values.quick ?? false;
const p = plan(quick);
const machine = describeMachine();
const started = performance.now();
log(`start (${quick ? 'quick' : 'full'}) on ${machine.cpuModel} x${machine.cpuCount}`);
log('1/4 import');
const importFigures = await benchImport(p.importOptions);
log('1b/4 the eog CLI: import vs bare JSON.parse, start-up');
const importRatio = await benchImportRatio(p.importRatio);
log('2/4 controller');
const controllerFigures = await benchController(p.controller);
log('3/4 heuristic investigation (scale, then fault types)');
const scaleFigures = await benchInvestigationScale(p.scale);
const faultResult = await benchFaultTypes(p.faults);
const shouldWrite = !quick || (values.write ?? false);
const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'BENCHMARKS.md');

async function writeReport(ui: UiOutcome): Promise<string> {
  const body = renderReport({
    machine,
    quick,
    totalSeconds: (performance.now() - started) / 1000,
    importFigures,
    importRatio,
    controller: { options: p.controller, figures: controllerFigures },
    scale: { options: p.scale, figures: scaleFigures },
    faults: { options: p.faults, result: faultResult },
    ui,
  });
  if (shouldWrite) {
    const next = existsSync(file) ? replaceBenchSectionKeeping(readFileSync(file, 'utf8'), body) : newBenchmarksDocument(body);
    await writeBenchmarksDocument(file, next);
    log(`wrote ${file}`);
  }
  return body;
}

// The browser benchmark is the longest and the most fragile: record everything else first.
await writeReport({ status: 'skipped', reason: 'not measured yet: the UI benchmark was still running or was interrupted' });
log('4/4 UI rendering');
const ui = await runUiBench({ quick, log });
if (ui.status === 'skipped') log(`UI rendering: skipped (${ui.reason})`);
process.stdout.write(`${await writeReport(ui)}\n`);
if (!shouldWrite) log('quick run: BENCHMARKS.md left unchanged (add --write to update it)');
