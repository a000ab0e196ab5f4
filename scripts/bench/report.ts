/** Turns measured figures into the BENCHMARKS.md section; every table names the command behind it. */
import type { ControllerBenchOptions, ControllerFigures } from './controller.js';
import type { FaultCheckOptions, FaultCheckResult } from './generate-check.js';
import { IMPORT_TARGETS, type ImportFigures } from './import.js';
import { IMPORT_RATIO_TARGET, type ImportRatioFigures, type InvestigateFigures, type StepTime } from './import-ratio-figures.js';
import type { ScaleBenchOptions, ScaleFigures } from './investigate-scale.js';
import type { MachineInfo } from './machine.js';
import { fixed, integer, table, verdict } from './markdown.js';
import type { UiOutcome } from './ui.js';

export interface BenchReport {
  machine: MachineInfo;
  quick: boolean;
  totalSeconds: number;
  importFigures: ImportFigures;
  importRatio: ImportRatioFigures;
  controller: { options: ControllerBenchOptions; figures: ControllerFigures[] };
  scale: { options: ScaleBenchOptions; figures: ScaleFigures[] };
  faults: { options: FaultCheckOptions; result: FaultCheckResult };
  ui: UiOutcome;
}

const command = (cmd: string): string => `Command: \`npm run bench\` (this section), or alone: \`${cmd}\``;

function header(r: BenchReport): string {
  const m = r.machine;
  return [
    `## Performance${r.quick ? ' (QUICK SMOKE RUN: small sizes, one run each; not the reference figures)' : ''}`,
    '',
    `Written by \`npm run bench${r.quick ? ' -- --quick --write' : ''}\` on ${m.date} in ${fixed(r.totalSeconds / 60, 1)} min.`,
    '',
    `Machine: ${m.cpuModel}, ${m.cpuCount} CPUs, ${fixed(m.memoryGiB, 1)} GiB RAM; Node ${m.node}; ${m.os}. Load average at start: ${fixed(m.loadAverage, 1)}.`,
    '',
    '> The machine is shared with other engineers running tests and builds while these figures are taken, so wall-clock figures are noisy (often pessimistic); medians of several runs damp, but do not remove, that noise. Where given, CPU-time figures are less sensitive to it.',
  ].join('\n');
}

function importSection(f: ImportFigures): string {
  const t = IMPORT_TARGETS;
  return [
    `### 1. Import (generated ${integer(f.rows)}-row bundle, median of ${f.runs} runs)`,
    '',
    command(`npx tsx scripts/bench/import.ts --rows ${f.rows} --runs ${f.runs} --worker ${f.worker}`),
    '',
    table(
      ['metric', 'median', 'target', 'status'],
      [
        ['rows imported', integer(f.rows), '5,000,000', f.rows >= 5_000_000 ? 'full size' : '**smaller than the target size**'],
        ['import time', `${fixed(f.importSeconds, 2)} s`, '', ''],
        [
          'throughput',
          `${integer(f.rowsPerSecond)} rows/s`,
          `>= ${integer(t.rowsPerSecond)} rows/s`,
          verdict(f.rowsPerSecond, 'at_least', t.rowsPerSecond),
        ],
        ['rows per CPU-second (user + system)', integer(f.rowsPerCpuSecond), '', ''],
        ['load average before each run', f.loadDuringRuns.map((l) => fixed(l, 1)).join(' / '), '', ''],
        [
          'peak RSS (import child process)',
          `${integer(f.peakRssMb)} MB`,
          `< ${t.peakRssMb} MB`,
          verdict(f.peakRssMb, 'below', t.peakRssMb),
        ],
        [`entity-in-window query p50 (${f.queries} queries, limit 50)`, `${fixed(f.queryP50Ms, 2)} ms`, '', ''],
        [
          'entity-in-window query p95',
          `${fixed(f.queryP95Ms, 2)} ms`,
          `<= ${t.queryP95Ms} ms`,
          verdict(f.queryP95Ms, 'at_most', t.queryP95Ms),
        ],
      ],
    ),
  ].join('\n');
}

/** Section 1b; `alone` is the machine it was measured on when written by import-ratio.ts --write rather than the full run. */
export function importRatioSection(f: ImportRatioFigures, alone?: MachineInfo): string {
  const cpu = (seconds: number | null): string => (seconds === null ? 'n/a' : `${fixed(seconds, 2)} s`);
  const cpuRatio = f.parseCpuSeconds !== null && f.importCpuSeconds !== null ? fixed(f.importCpuSeconds / f.parseCpuSeconds, 2) : 'n/a';
  return [
    `### 1b. The \`eog\` CLI: import vs a bare JSON.parse, and start-up (median of ${f.runs} runs)`,
    '',
    command(
      `npx tsx scripts/bench/import-ratio.ts --rows ${f.requestedRows} --services ${f.services} --runs ${f.runs} --starts ${f.starts}`,
    ),
    '',
    ...(alone
      ? [
          `Measured alone (\`import-ratio.ts --write\`) on ${alone.date}: ${alone.cpuModel}, ${alone.cpuCount} CPUs; Node ${alone.node}. Load average at start: ${fixed(alone.loadAverage, 1)}.`,
          '',
        ]
      : []),
    `A bundle from \`eog generate --fault config_change --services ${f.services} --rows ${f.requestedRows}\` (${integer(f.rows)} records: metrics, logs and spans over ${f.services} services, ${integer(f.entities)} entities, ${integer(f.bundleMiB)} MiB). ` +
      "Each command is spawned and timed end to end, the two alternating: the yardstick `node scripts/bench/bare-parse.mjs <bundle>` (read every record file in 1 MiB chunks, split lines, `JSON.parse` each; nothing else) and the user-facing `node dist/main/cli.js import <bundle> --store <tmp>` (validation, SQLite with indexes; the derived signals are left to the store's first reader, below). CPU is user + system time of all the process's threads.",
    '',
    table(
      ['metric', 'bare JSON.parse', 'eog import', 'ratio', 'target', 'status'],
      [
        [
          'wall time',
          `${fixed(f.parseSeconds, 2)} s`,
          `${fixed(f.importSeconds, 2)} s`,
          fixed(f.ratio, 2),
          `<= ${IMPORT_RATIO_TARGET}`,
          verdict(f.ratio, 'at_most', IMPORT_RATIO_TARGET),
        ],
        ['CPU time (user + system)', cpu(f.parseCpuSeconds), cpu(f.importCpuSeconds), cpuRatio, '', ''],
      ],
    ),
    '',
    `Load average before each run (parses, then imports): ${f.loadBeforeRuns.map((l) => fixed(l, 1)).join(' / ')}.`,
    '',
    ...(f.investigate ? [investigateTable(f.investigate), ''] : []),
    table(
      ['start-up to `eog --help` (median of ' + f.starts + ')', 'ms'],
      [
        ['built CLI (`node dist/main/cli.js`, what `eog` and `npm run eog` run)', integer(f.startBuiltMs)],
        ['sources under tsx (`node --import tsx main/cli/main.ts`, how `npm run eog` used to run)', integer(f.startSourcesMs)],
      ],
      ['l', 'r'],
    ),
  ].join('\n');
}

/** Where the derived signals' cost went: import, then the first and second investigation of the store. */
function investigateTable(v: InvestigateFigures): string {
  const step = (t: StepTime): string => `${fixed(t.wallSeconds, 2)} s${t.cpuSeconds === null ? '' : ` (CPU ${fixed(t.cpuSeconds, 2)} s)`}`;
  const sum = (a: StepTime, b: StepTime): StepTime => ({
    wallSeconds: a.wallSeconds + b.wallSeconds,
    cpuSeconds: a.cpuSeconds === null || b.cpuSeconds === null ? null : a.cpuSeconds + b.cpuSeconds,
  });
  const row = (label: string, r: InvestigateFigures['now']): string[] => [
    label,
    step(r.importTime),
    step(r.first),
    step(r.second),
    step(sum(r.importTime, r.first)),
  ];
  return [
    `Where the signals went (median of ${v.rounds}; \`eog investigate <store> --out <file>\`, heuristic policy, same bundle; the two diagnoses are checked identical): the first investigation of a store imported by \`eog import\` derives the log templates, metric anomalies and trace edges from the stored rows and stores them; later ones find them.`,
    '',
    table(
      ['path', 'import', '1st investigate', '2nd investigate', 'import + 1st'],
      [
        row('`eog import --signals now` (signals at import, as before)', v.now),
        row('`eog import` (signals deferred to the first reader)', v.deferred),
      ],
    ),
  ].join('\n');
}

function controllerSection(c: BenchReport['controller']): string {
  const o = c.options;
  return [
    `### 2. Controller overhead per step (no-op policy, in-memory packets, median of ${o.runs} runs)`,
    '',
    command('npx tsx scripts/bench/controller.ts'),
    '',
    `Random graphs with 3 outgoing \`calls\` edges per entity, ${o.seeds} seeds, budget ${o.steps} steps. The policy does nothing, so this is the controller's own cost (queue, messages, damping, ledger events) per evaluation.`,
    '',
    table(
      ['entities', 'topology edges', 'steps', 'ledger events/step', 'µs/step in memory', 'µs/step with ledger file'],
      c.figures.map((f) => [
        integer(f.entities),
        integer(f.topologyEdges),
        f.steps,
        fixed(f.eventsPerStep, 1),
        fixed(f.microsInMemory, 1),
        fixed(f.microsWithLedger, 1),
      ]),
      ['r', 'r', 'r', 'r', 'r', 'r'],
    ),
  ].join('\n');
}

function scaleSection(s: BenchReport['scale']): string {
  const o = s.options;
  return [
    `### 3. Heuristic investigation at scale (\`${o.fault}\` incidents, medians over seeds x runs)`,
    '',
    `Command: \`npm run bench\` (this section), or alone, per size: ${o.sizes.map((z) => `\`npx tsx scripts/bench/investigate-scale.ts --entities ${z.entities} --seeds ${z.seeds} --repeats ${z.repeats} --fault ${o.fault}\``).join('; ')}`,
    '',
    'Each bundle comes from `eog generate --entities N --seed S` (default traffic) and is imported first (import time is the median over seeds, measured in the runner process); each investigation (open store, bootstrap, heuristic run to a fixed point, diagnosis) runs alone in a child process so its peak RSS is its own. The baseline column is the peak RSS of a child that loads the same modules and investigates nothing.',
    '',
    table(
      [
        'entities (requested)',
        'entities (generated)',
        'telemetry records',
        'seeds x runs',
        'import (s)',
        'investigation wall time (s)',
        'steps',
        'peak RSS (MB)',
        'baseline RSS (MB)',
      ],
      s.figures.map((f) => [
        integer(f.requestedEntities),
        integer(f.entities),
        integer(f.records),
        `${f.seeds} x ${f.repeats}`,
        fixed(f.importSeconds, 1),
        fixed(f.investigationSeconds, 2),
        f.steps,
        integer(f.peakRssMb),
        integer(f.baselineRssMb),
      ]),
      ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
  ].join('\n');
}

function faultSection(f: BenchReport['faults']): string {
  const o = f.options;
  const rows = f.result.rows;
  const failing = rows.filter((r) => r.found < r.runs);
  const misses = rows.flatMap((r) =>
    r.misses.map(
      (m) =>
        `- ${r.fault}, seed ${m.seed}: injected \`${m.injected}\`; outcome ${m.outcome}; frontier ${m.frontier.map((e) => `\`${e}\``).join(', ') || '(empty)'}; top of ranking ${m.topRanking.map((e) => `\`${e}\``).join(', ') || '(none)'}`,
    ),
  );
  return [
    `### 3b. Results by fault type (acceptance: the injected entity is in the heuristic frontier)`,
    '',
    command(`npx tsx scripts/bench/generate-check.ts --seeds ${o.seeds} --services ${o.services}`),
    '',
    `${o.services} services per incident, seeds 1..${o.seeds}. "In frontier" = root-cause recall > 0 of the frontier against the bundle's ground_truth.yaml (core/scoring \`scoreRootCause\`, ITBench semantics: any alias of the injected entity counts, e.g. its deployment, pod or service).`,
    '',
    'The `feature_flag*` and `autoscaler_limit` rows are change-driven incidents with a red herring each (docs/changes.md): "root cause only" = the frontier holds nothing but the injected ConfigMap and its aliases (the autoscaler has none); "hidden edge found" = an E_S claim joins the two ends of the call edge topology.json leaves out.',
    '',
    table(
      [
        'fault type',
        'runs',
        'injected entity in frontier',
        'injected entity first',
        'confident outcome',
        'frontier = root cause only',
        'mean frontier size',
        'hidden edge found',
        'status',
      ],
      rows.map((r) => [
        r.fault,
        r.runs,
        `${r.found}/${r.runs}`,
        `${r.top1}/${r.runs}`,
        `${r.confident}/${r.runs}`,
        `${r.onlyRootCause}/${r.runs}`,
        fixed(r.meanFrontierSize, 1),
        r.hiddenRuns > 0 ? `${r.hiddenFound}/${r.hiddenRuns}` : '—',
        r.found === r.runs ? 'pass' : '**FAIL**',
      ]),
    ),
    '',
    failing.length === 0
      ? 'Every fault type passes on every seed.'
      : `Failing: ${failing.map((r) => r.fault).join(', ')}. Missed runs:\n\n${misses.join('\n')}`,
  ].join('\n');
}

function uiSection(ui: UiOutcome): string {
  const body = ui.status === 'skipped' ? `UI rendering: skipped (${ui.reason})` : ui.markdown;
  const about =
    'The built renderer in Debian Chromium (WebGL through SwiftShader, i.e. on the CPU), medians of the runs per size. ' +
    '"First render" is the first frame with the graph drawn (from a cheap layered layout); "layout done" is when the worker\'s ForceAtlas2 refinement lands (skipped above 20,000 nodes). ' +
    '"Pan frame" is the median interval between frames while the page itself drags the camera, one move per frame, for 120 frames after the layout is done; on this machine it is dominated by software rendering (an almost empty graph already takes 66-117 ms a frame), while "sigma render per frame" is the renderer\'s own JavaScript time.';
  return ['### 4. UI rendering', '', command('npx tsx scripts/bench/ui-render.ts'), '', about, '', body].join('\n');
}

export function renderReport(r: BenchReport): string {
  return [
    header(r),
    importSection(r.importFigures),
    importRatioSection(r.importRatio),
    controllerSection(r.controller),
    scaleSection(r.scale),
    faultSection(r.faults),
    uiSection(r.ui),
  ].join('\n\n');
}
