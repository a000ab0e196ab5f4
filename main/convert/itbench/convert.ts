import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { makeEntityId } from '../../../core/model/ids.js';
import type { MetricRecord, SnapshotManifest } from '../../../core/snapshot/schema.js';
import { writeBundle } from '../bundle-writer.js';
import { UnrecognisedInputError } from '../errors.js';
import { formatWarning, type ConversionWarning } from '../warnings.js';
import { isoFromMillis } from '../time.js';
import { TopologyBuilder } from '../topology-builder.js';
import { readAlerts, readEvents } from './events-alerts.js';
import { addK8sTopology } from './k8s-topology.js';
import { metricFileEntity, readMetricDump } from './metrics.js';
import { readObjects, type K8sObject } from './objects.js';
import { readOtelLogs, readOtelTraces } from './telemetry.js';

export interface ItbenchResult {
  bundle: string;
  /** Things the user should know: e.g. records naming entities the objects do not describe. */
  warnings: string[];
}

/** Converts one ITBench-Lite `Scenario-N/` folder into a native bundle `outDir/<Scenario-N>`. */
export async function convertItbenchLite(scenarioDir: string, outDir: string): Promise<ItbenchResult> {
  const dir = resolve(scenarioDir);
  if (!existsSync(join(dir, 'k8s_objects_raw.tsv')) && !existsSync(join(dir, 'alerts'))) {
    throw new UnrecognisedInputError(
      `${scenarioDir} has neither k8s_objects_raw.tsv nor alerts/: is it an ITBench-Lite Scenario-N folder?`,
    );
  }
  const objects = await readObjects(join(dir, 'k8s_objects_raw.tsv'));
  const namespace = mostCommonNamespace(objects.latest.values());
  const events = await readEvents(join(dir, 'k8s_events_raw.tsv'));
  const logs = await readOtelLogs(join(dir, 'otel_logs_raw.tsv'), namespace);
  const traces = await readOtelTraces(join(dir, 'otel_traces_raw.tsv'), namespace);
  const alerts = readAlerts(dir, namespace);
  const metrics: MetricRecord[] = [];
  const metricDir = join(dir, 'metrics');
  for (const name of existsSync(metricDir) ? readdirSync(metricDir).sort() : []) {
    const entity = metricFileEntity(name, namespace);
    if (entity !== null) metrics.push(...(await readMetricDump(join(metricDir, name), entity)));
  }

  const builder = new TopologyBuilder();
  addK8sTopology(builder, objects.latest.values());
  for (const [caller, callee, ns] of traces.calls) {
    builder.addEdge(makeEntityId('Service', caller, ns), makeEntityId('Service', callee, ns), 'calls');
  }
  const warnings: ConversionWarning[] = missingInputs(dir);
  const sources: [string, readonly { entity: string }[]][] = [
    ['alerts', alerts],
    ['events', events],
    ['logs', logs],
    ['spans', traces.spans],
    ['metrics', metrics],
    ['changes', objects.changes],
  ];
  for (const [file, records] of sources) {
    for (const entity of new Set(records.map((r) => r.entity))) {
      if (builder.has(entity)) continue;
      warnings.push({ file, message: `entity ${entity} is not among the Kubernetes objects; created from its id` });
      builder.ensure(entity);
    }
  }

  const name = basename(dir);
  // Heartbeat alerts (Watchdog, InfoInhibitor, severity none) fire all the time and date nothing.
  const firstAlert = alerts.find((a) => a.severity !== 'none' && !/^(Watchdog|InfoInhibitor)$/.test(a.name));
  const manifest: SnapshotManifest = {
    format: 'eog-snapshot',
    version: 1,
    name,
    description: `ITBench-Lite SRE scenario ${name}`,
    ...(firstAlert ? { incidentTime: firstAlert.startsAt } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    source: {
      kind: 'itbench-lite',
      scenario: name,
      ...(namespace ? { namespace } : {}),
      ...(objects.firstObservation === null ? {} : { firstObservation: isoFromMillis(objects.firstObservation) }),
      metrics: 'counters as per-second rates rate(<name>), histograms as p95(<name>) per interval, others as gauges',
    },
  };
  const groundTruth = join(dir, 'ground_truth.yaml');
  mkdirSync(outDir, { recursive: true });
  const bundle = join(outDir, name);
  writeBundle(bundle, {
    manifest,
    topology: builder.build(),
    records: { alerts, events, logs, spans: traces.spans, metrics, changes: objects.changes },
    ...(existsSync(groundTruth) ? { groundTruthYaml: readFileSync(groundTruth, 'utf8') } : {}),
  });
  return { bundle, warnings: warnings.map(formatWarning) };
}

/** The scenario's inputs, and what a bundle lacks without each (a missing one is read as empty). */
const INPUTS: readonly [string, string][] = [
  ['alerts', 'no alerts: the incident time and the investigation seeds must come from elsewhere'],
  ['k8s_objects_raw.tsv', 'no Kubernetes objects: no topology from them and no changes'],
  ['k8s_events_raw.tsv', 'no Kubernetes events'],
  ['otel_logs_raw.tsv', 'no logs'],
  ['otel_traces_raw.tsv', 'no spans and no call edges'],
  ['metrics', 'no metrics'],
];

function missingInputs(dir: string): ConversionWarning[] {
  return INPUTS.filter(([name]) => !existsSync(join(dir, name))).map(([file, lack]) => ({ file, message: `missing: ${lack}` }));
}

function mostCommonNamespace(objects: Iterable<K8sObject>): string | null {
  const counts = new Map<string, number>();
  for (const o of objects) if (o.kind === 'Pod' && o.namespace) counts.set(o.namespace, (counts.get(o.namespace) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}
