import { writeCodeFaultSource } from './code-fault.js';
import { writeDependencySource } from './dependency-source.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { EntityId } from '../../core/model/ids.js';
import type { AlertRecord, ChangeRecord, EventRecord, SnapshotManifest } from '../../core/snapshot/schema.js';
import { GenerateOptionError } from './errors.js';
import { faultTypes, UnknownFaultError, type FaultType } from './faults.js';
import { groundTruthYaml } from './ground-truth.js';
import { LoadModel } from './load.js';
import { simulateMinute, type MinuteContext } from './minute.js';
import { ServiceMonitor } from './monitor.js';
import { planNoise } from './noise.js';
import { planFault, type FaultPlan } from './plan.js';
import { RollingRequests } from './rolling.js';
import { Rng } from './prng.js';
import { serviceRates } from './rates.js';
import { JsonlSink } from './sink.js';
import { MinuteStats } from './stats.js';
import { buildSystem, type SystemModel } from './system.js';
import { buildTimeline, DEFAULT_START_MS, iso, MINUTE_MS, type Timeline } from './timeline.js';
import { buildTopology } from './topology.js';

export interface GenerateOptions {
  fault: FaultType;
  seed: number;
  /** Number of services (default 12); or give `entities` and let the generator size it. */
  services?: number;
  /** Approximate total of topology entities (services, deployments, pods, nodes...). */
  entities?: number;
  /** Approximate total of telemetry records; sets the request rate. */
  rows?: number;
  /** Requests per minute at each entry service (default: about 30 calls a minute per service; ignored when `rows` is given). */
  requestsPerMinute?: number;
  namespace?: string;
  /** Write `.jsonl.gz` instead of `.jsonl`. */
  gzip?: boolean;
  /** Start of the baseline, epoch ms (default 2026-03-01T09:00:00Z). */
  start?: number;
  /**
   * For a code_error: also write every service's source and code.json, the failing handler at
   * fault (the code layer's incident); for an untraced_dependency, every service's source
   * calling its dependencies by URL (the code layer's crossing back to the service graph).
   */
  withSource?: boolean;
}

export interface GeneratedIncident {
  dir: string;
  name: string;
  fault: FaultType;
  seed: number;
  /** The injected entity (only ground_truth.yaml names it inside the bundle). */
  rootCause: EntityId;
  /** Service call edges [caller, callee] that topology.json leaves out (only the spans show them). */
  hiddenEdges: Array<[EntityId, EntityId]>;
  /** When the fault starts acting (ISO). Not written to the bundle: tests and benchmarks use it. */
  onset: string;
  services: number;
  entities: number;
  records: Record<'alerts' | 'events' | 'logs' | 'metrics' | 'spans' | 'changes', number>;
  bytes: number;
}

export const DEFAULT_SERVICES = 12;
export const MAX_SERVICES = 5000;
/** Entities per service (service, deployment, replica set, config map, ~2 pods) plus nodes. */
const ENTITIES_PER_SERVICE = 6.25;
/** Periodic log lines and metric records per pod and minute, for sizing by `rows`. */
const RECORDS_PER_POD_MINUTE = 7.2;
/** Default traffic: calls a minute an average service handles. */
const DEFAULT_CALLS_PER_SERVICE = 30;
/** Below this many requests a minute an entry's p95 is mostly noise. */
const MIN_REQUESTS_PER_ENTRY = 2;

export function bundleName(fault: FaultType, services: number, seed: number): string {
  return `gen-${fault.replace(/_/g, '-')}-${services}svc-seed${seed}`;
}

export function resolveServiceCount(options: Pick<GenerateOptions, 'services' | 'entities'>): number {
  const n =
    options.services ?? (options.entities === undefined ? DEFAULT_SERVICES : Math.round((options.entities - 1) / ENTITIES_PER_SERVICE));
  if (!Number.isInteger(n) || n < 2 || n > MAX_SERVICES) {
    throw new GenerateOptionError(
      options.services === undefined && options.entities !== undefined ? 'entities' : 'services',
      options.services ?? options.entities,
      `large enough for 2 to ${MAX_SERVICES} services (entities ≈ ${ENTITIES_PER_SERVICE} per service)`,
    );
  }
  return n;
}

function requestRate(options: GenerateOptions, system: SystemModel, timeline: Timeline): number {
  const visits = serviceRates(system, 1).reduce((a, b) => a + b, 0);
  if (options.rows === undefined) {
    // By default every service handles about DEFAULT_CALLS_PER_SERVICE calls a minute on average.
    const r = options.requestsPerMinute ?? Math.max(10, (DEFAULT_CALLS_PER_SERVICE * system.services.length) / visits);
    if (!(r > 0) || !Number.isFinite(r)) throw new GenerateOptionError('rate', r, 'a positive number of requests per minute');
    return r;
  }
  if (!Number.isInteger(options.rows) || options.rows <= 0) throw new GenerateOptionError('rows', options.rows, 'a positive integer');
  // Each visit is a server span and an access log, and every visit but the entry's a client
  // span in its caller: solve rows ≈ minutes · (R·(3·visits − 1) + pods·fixed) for R.
  const perRequest = Math.max(1, 3 * visits - 1);
  const fixed = system.pods.length * RECORDS_PER_POD_MINUTE;
  const floor = Math.ceil(timeline.minutes * (fixed + perRequest * MIN_REQUESTS_PER_ENTRY));
  if (options.rows < floor)
    throw new GenerateOptionError(
      'rows',
      options.rows,
      `at least ${floor} for ${system.services.length} services (their metrics and periodic logs alone take that many); raise --rows or lower --services`,
    );
  return (options.rows / timeline.minutes - fixed) / perRequest;
}

/**
 * Writes one synthetic incident as a native bundle (design.md §5) to `dir`, streaming the
 * telemetry minute by minute so memory stays bounded at any scale. The same options and
 * seed give a byte-identical bundle. The bundle is built in a sibling temporary folder and
 * renamed into place, so a failure never leaves half a bundle behind.
 */
export async function generateIncident(dir: string, options: GenerateOptions): Promise<GeneratedIncident> {
  if (!Number.isInteger(options.seed) || options.seed < 0 || options.seed > 0xffffffff)
    throw new GenerateOptionError('seed', options.seed, 'an integer from 0 to 4294967295');
  // Callers from JavaScript (benchmarks, the app) can pass any string: name a bad fault, not a TypeError deep in planning.
  if (!faultTypes.includes(options.fault)) throw new UnknownFaultError(String(options.fault));
  const serviceCount = resolveServiceCount(options);
  const namespace = options.namespace ?? 'shop';
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(namespace))
    throw new GenerateOptionError('namespace', namespace, 'a Kubernetes namespace name (lowercase letters, digits, -)');
  const root = new Rng(options.seed);
  const system = buildSystem(root.fork('system'), serviceCount, namespace);
  const faultRng = root.fork('fault');
  const timeline = buildTimeline(options.start ?? DEFAULT_START_MS, faultRng.int(10 * 60, 13 * 60) * 1000 + faultRng.int(0, 999));
  const plan = planFault(faultRng, system, options.fault, timeline);
  const noise = planNoise(root.fork('noise'), system, plan, timeline);
  const requestsPerEntry = requestRate(options, system, timeline);
  const load = new LoadModel(system, plan, timeline, requestsPerEntry);
  const name = bundleName(options.fault, serviceCount, options.seed);

  assertReplaceable(dir);
  const temp = join(dirname(dir), `.${basename(dir)}.partial-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  try {
    const ext = options.gzip ? '.jsonl.gz' : '.jsonl';
    const sink = (base: string): JsonlSink => new JsonlSink(join(temp, `${base}${ext}`), options.gzip ?? false);
    const spans = sink('spans');
    const logs = sink('logs');
    const metrics = sink('metrics');
    const monitor = new ServiceMonitor(system, timeline);
    const ctx: MinuteContext = {
      rng: root.fork('telemetry'),
      system,
      plan,
      noise,
      load,
      timeline,
      requestsPerEntry,
      stats: new MinuteStats(system.pods.length, system.services.length),
      rolling: new RollingRequests(system.pods.length),
      queue: new Float64Array(system.pods.length),
      spans,
      logs,
      metrics,
      drain: async () => void (await Promise.all([spans.drain(), logs.drain(), metrics.drain()])),
    };
    for (let minute = 0; minute < timeline.minutes; minute++) {
      await simulateMinute(ctx, minute);
      monitor.record(minute, ctx.stats);
    }
    await Promise.all([spans.close(), logs.close(), metrics.close()]);

    const golden = monitor.alerts();
    const alerts = [...golden, ...noise.alerts, ...plan.alerts];
    const events = [...noise.events, ...oomEvents(system, plan, load, timeline), ...scaleDownEvents(system, plan)];
    const changes: ChangeRecord[] = [...plan.changes, ...noise.changes];
    const small = {
      alerts: await writeSorted(sink('alerts'), alerts, (a) => String(a.startsAt)),
      events: await writeSorted(sink('events'), events, (e) => String(e.time)),
      changes: await writeSorted(sink('changes'), changes, (c) => String(c.time)),
    };
    const topology = buildTopology(system, plan);
    writeFileSync(join(temp, 'topology.json'), `${JSON.stringify(topology, null, 1)}\n`);
    writeFileSync(
      join(temp, 'snapshot.json'),
      `${JSON.stringify(manifest(options, system, timeline, golden, topology.entities.length), null, 2)}\n`,
    );
    writeFileSync(join(temp, 'ground_truth.yaml'), groundTruthYaml(system, plan, golden, name));
    if (options.withSource && plan.untraced.length > 0) writeDependencySource(temp, system);
    else if (options.withSource && plan.spans)
      writeCodeFaultSource(
        temp,
        system.services.map((sv) => sv.name),
        system.services[plan.service]?.name ?? '',
        plan.spans.errorLog,
      );
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    renameSync(temp, dir);
    return {
      dir,
      name,
      fault: options.fault,
      seed: options.seed,
      rootCause: plan.rootCause,
      hiddenEdges: plan.hiddenEdges.map(([from, to]): [EntityId, EntityId] => [
        system.services[from]?.id ?? '',
        system.services[to]?.id ?? '',
      ]),
      onset: iso(timeline.onset),
      services: serviceCount,
      entities: topology.entities.length,
      records: { ...small, spans: spans.count, logs: logs.count, metrics: metrics.count },
      bytes: readdirSync(dir).reduce((sum, f) => sum + (statSync(join(dir, f)).isFile() ? statSync(join(dir, f)).size : 0), 0),
    };
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

/** Only a new folder, an empty one or an earlier generated bundle may be (re)written: never user data. */
function assertReplaceable(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new GenerateOptionError('out', dir, 'a folder path, not a file');
  if (readdirSync(dir).length === 0) return;
  const manifest = join(dir, 'snapshot.json');
  let kind: unknown = null;
  try {
    kind = (JSON.parse(readFileSync(manifest, 'utf8')) as { source?: { kind?: unknown } }).source?.kind;
  } catch {
    kind = null;
  }
  if (kind !== 'generated')
    throw new GenerateOptionError('out', dir, 'a new or empty folder, or a bundle written by eog generate (which is replaced)');
}

async function writeSorted<T extends object>(sink: JsonlSink, records: T[], key: (r: T) => string): Promise<number> {
  const sorted = [...records].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  for (const r of sorted) sink.write(r);
  await sink.close();
  return sink.count;
}

function oomEvents(system: SystemModel, plan: FaultPlan, load: LoadModel, timeline: Timeline): EventRecord[] {
  const pod = plan.pod === null ? undefined : system.pods[plan.pod];
  if (!pod) return [];
  const limitMi = Math.round(pod.memoryLimitBytes / 1024 ** 2);
  return load.oomKills(timeline.baselineStart, timeline.windowEnd).flatMap((t, i): EventRecord[] => [
    {
      time: iso(t),
      entity: pod.id,
      type: 'Warning',
      reason: 'OOMKilled',
      message: `Container app in pod ${pod.name} exceeded its memory limit (${limitMi}Mi) and was OOMKilled (exit code 137)`,
      count: i + 1,
    },
    { time: iso(t + 3_000), entity: pod.id, type: 'Normal', reason: 'Started', message: 'Started container app', count: i + 2 },
  ]);
}

/** What the cluster records of an autoscaler's scale-down: its rescale, the Deployment's, each removed pod stopped. */
function scaleDownEvents(system: SystemModel, plan: FaultPlan): EventRecord[] {
  const down = plan.scaleDown;
  const s = down === null ? undefined : system.services[down.service];
  const hpa = plan.autoscalers.find((a) => a.service === down?.service);
  if (!down || !s || !hpa) return [];
  const size = down.remaining.length;
  return [
    {
      time: iso(down.rescaledAt),
      entity: hpa.id,
      type: 'Normal',
      reason: 'SuccessfulRescale',
      message: `New size: ${size}; reason: Current number of replicas above Spec.MaxReplicas`,
    },
    {
      time: iso(down.rescaledAt + 100),
      entity: s.deploymentId,
      type: 'Normal',
      reason: 'ScalingReplicaSet',
      message: `Scaled down replica set ${s.replicaSetName} to ${size} from ${size + down.removed.length}`,
    },
    ...down.removed.map((p): EventRecord => ({
      time: iso(down.rescaledAt + 300),
      entity: system.pods[p]?.id ?? s.id,
      type: 'Normal',
      reason: 'Killing',
      message: 'Stopping container app',
    })),
  ];
}

function manifest(
  options: GenerateOptions,
  system: SystemModel,
  timeline: Timeline,
  golden: readonly AlertRecord[],
  entities: number,
): SnapshotManifest {
  const firstAlert = golden.reduce<number | null>((min, a) => {
    const t = Date.parse(String(a.startsAt));
    return min === null || t < min ? t : min;
  }, null);
  return {
    format: 'eog-snapshot',
    version: 1,
    // The folder is named after the fault; the manifest an analyst or a model reads is not.
    name: `gen-${system.services.length}svc-seed${options.seed}`,
    // The answer lives in ground_truth.yaml only: what an analyst or a model reads must not give it away.
    description: `Synthetic incident in a ${system.services.length}-service system (eog generate, seed ${options.seed}).`,
    // Without an alert the analyst still gets a time: the middle of the window.
    incidentTime: iso(firstAlert ?? timeline.windowStart + (timeline.windowEnd - timeline.windowStart) / 2),
    window: { start: iso(timeline.windowStart), end: iso(timeline.windowEnd) },
    baseline: { start: iso(timeline.baselineStart), end: iso(timeline.windowStart - 1) },
    source: {
      kind: 'generated',
      generator: 'eog generate',
      seed: options.seed,
      services: system.services.length,
      entities,
      minutes: timeline.minutes,
      minuteMs: MINUTE_MS,
    },
  };
}
