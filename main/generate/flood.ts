import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { EntityId } from '../../core/model/ids.js';
import type { AlertRecord } from '../../core/snapshot/schema.js';
import { GenerateOptionError } from './errors.js';
import { Rng } from './prng.js';
import { iso } from './timeline.js';

/** Shares of the extra alerts: symptoms cascading from the root, unrelated noise, monitoring noise. */
const CASCADE_SHARE = 0.5;
const NOISE_SHARE = 0.35;
/** How long a cascade takes to climb one call hop, and the spread around it. */
const HOP_MS = 30_000;
const JITTER_MS = 60_000;
export const MAX_FLOOD = 10_000;

const cascadeNames = [
  ['HighRequestLatency', 'critical'],
  ['HighErrorRate', 'critical'],
  ['UpstreamTimeouts', 'warning'],
  ['KubePodNotReady', 'warning'],
] as const;
const noiseNames = [
  ['CPUThrottlingHigh', 'warning'],
  ['KubeContainerWaiting', 'warning'],
  ['NodeMemoryHighUtilization', 'warning'],
  ['KubePodCrashLooping', 'critical'],
  ['HighRequestLatency', 'warning'],
] as const;
const monitoringNames = [
  ['Watchdog', 'none'],
  ['InfoInhibitor', 'info'],
  ['PrometheusRuleFailures', 'info'],
  ['TargetDown', 'warning'],
] as const;

interface TopologyFile {
  entities: Array<{ id: string; kind: string; name: string }>;
  edges: Array<{ source: string; target: string; relation: string }>;
}

export interface FloodOptions {
  /** Total alerts become about `factor` × the incident's own (1 adds nothing). */
  factor: number;
  seed: number;
  /** The injected entity and when the fault starts acting (the generator's own answer). */
  rootCause: EntityId;
  onset: number;
}

export interface FloodResult {
  before: number;
  added: { cascade: number; noise: number; monitoring: number };
}

/**
 * Adds an alert flood to a generated bundle (issue #15's bench): about `factor − 1` times the
 * bundle's own alerts, half of them symptoms cascading up the call graph from the root after
 * its onset (one hop every ~30 s), the rest unrelated noise on random sub-networks (an entity
 * and its neighbours) at random times and monitoring noise. Deterministic for the same bundle,
 * factor and seed. Only the alerts file changes; ground_truth.yaml keeps its answer.
 */
export function floodAlerts(dir: string, options: FloodOptions): FloodResult {
  if (!Number.isInteger(options.factor) || options.factor < 1 || options.factor > MAX_FLOOD)
    throw new GenerateOptionError('alert-flood', options.factor, `an integer from 1 to ${MAX_FLOOD}`);
  const file = ['alerts.jsonl', 'alerts.jsonl.gz'].map((f) => join(dir, f)).find((f) => existsSync(f));
  if (!file) throw new GenerateOptionError('out', dir, 'a bundle with an alerts.jsonl file');
  const gz = file.endsWith('.gz');
  const text = (gz ? gunzipSync(readFileSync(file)) : readFileSync(file)).toString('utf8');
  const alerts = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as AlertRecord);
  const topology = JSON.parse(readFileSync(join(dir, 'topology.json'), 'utf8')) as TopologyFile;
  const manifest = JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')) as { window?: { start: string; end: string } };
  const window = { start: Date.parse(manifest.window?.start ?? ''), end: Date.parse(manifest.window?.end ?? '') };
  if (!Number.isFinite(window.start) || !Number.isFinite(window.end))
    throw new GenerateOptionError('out', dir, 'a bundle whose snapshot.json names its window');

  const extra = Math.round((options.factor - 1) * Math.max(1, alerts.length));
  const rng = new Rng(options.seed).fork(`flood-${options.factor}`);
  const cascade = Math.round(extra * CASCADE_SHARE);
  const noise = Math.round(extra * NOISE_SHARE);
  const monitoring = extra - cascade - noise;
  const added = [
    ...cascadeAlerts(rng.fork('cascade'), topology, options, cascade, window.end),
    ...noiseAlerts(rng.fork('noise'), topology, noise, window),
    ...monitoringAlerts(rng.fork('monitoring'), topology, monitoring, window),
  ];
  const all = [...alerts, ...added].sort((a, b) => Date.parse(String(a.startsAt)) - Date.parse(String(b.startsAt)));
  const body = all.map((a) => JSON.stringify(a)).join('\n') + '\n';
  writeFileSync(file, gz ? gzipSync(body) : body);
  return { before: alerts.length, added: { cascade, noise, monitoring } };
}

/**
 * The service an entity acts through: itself, else the nearest Service over any topology
 * edge (a pod's service, a config map's through the pods it configures, a node's through the
 * pods it runs); ties go to the smallest id, so the cascade is deterministic.
 */
function serviceOf(topology: TopologyFile, id: EntityId): EntityId {
  const isService = (e: EntityId): boolean => topology.entities.some((x) => x.id === e && x.kind === 'Service');
  const seen = new Set([id]);
  let ring = [id];
  while (ring.length > 0) {
    const found = ring.filter(isService).sort();
    if (found[0] !== undefined) return found[0];
    const next = new Set<EntityId>();
    for (const e of topology.edges) {
      if (ring.includes(e.source) && !seen.has(e.target)) next.add(e.target);
      if (ring.includes(e.target) && !seen.has(e.source)) next.add(e.source);
    }
    for (const n of next) seen.add(n);
    ring = [...next];
  }
  return id;
}

/** The service, its deployment and its pods: alerts land on instances as in real floods. */
function membersOf(topology: TopologyFile, service: EntityId): EntityId[] {
  const name = topology.entities.find((e) => e.id === service)?.name;
  const pods = topology.edges.filter((e) => e.relation === 'contains' && e.source === service).map((e) => e.target);
  const deployment = topology.entities.filter((e) => e.kind === 'Deployment' && e.name === name).map((e) => e.id);
  return [service, ...deployment, ...pods];
}

/** Services that reach the root through calls, with their hop count (the root's service at 0). */
function callersOf(topology: TopologyFile, root: EntityId): Array<[EntityId, number]> {
  const start = serviceOf(topology, root);
  const hops = new Map<EntityId, number>([[start, 0]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift() as EntityId;
    for (const e of topology.edges) {
      if (e.relation !== 'calls' || e.target !== at || hops.has(e.source)) continue;
      hops.set(e.source, (hops.get(at) ?? 0) + 1);
      queue.push(e.source);
    }
  }
  return [...hops.entries()].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
}

function cascadeAlerts(rng: Rng, topology: TopologyFile, options: FloodOptions, n: number, end: number): AlertRecord[] {
  const chain = callersOf(topology, options.rootCause);
  const out: AlertRecord[] = [];
  for (let i = 0; i < n; i++) {
    const [service, hop] = rng.pick(chain);
    const entity = rng.pick(membersOf(topology, service));
    const [name, severity] = rng.pick(cascadeNames);
    const startsAt = Math.min(end - 1000, options.onset + hop * HOP_MS + rng.int(0, JITTER_MS));
    out.push(alert(rng, topology, entity, name, severity, startsAt, `${name} on ${nameOf(topology, entity)}`));
  }
  return out;
}

/** Noise strikes a few random sub-networks (an entity and its neighbours) at random times in the window. */
function noiseAlerts(rng: Rng, topology: TopologyFile, n: number, window: { start: number; end: number }): AlertRecord[] {
  const candidates = topology.entities.filter((e) => e.kind !== 'ConfigMap' && e.kind !== 'Secret').map((e) => e.id);
  if (candidates.length === 0) return [];
  const hubs = Array.from({ length: Math.max(1, Math.min(6, Math.ceil(n / 50))) }, () => rng.pick(candidates));
  const nets = hubs.map((hub) => [
    hub,
    ...topology.edges.filter((e) => e.source === hub || e.target === hub).map((e) => (e.source === hub ? e.target : e.source)),
  ]);
  const out: AlertRecord[] = [];
  for (let i = 0; i < n; i++) {
    const entity = rng.chance(0.3) ? rng.pick(candidates) : rng.pick(rng.pick(nets));
    const [name, severity] = rng.pick(noiseNames);
    const startsAt = rng.int(window.start, window.end - 1000);
    out.push(alert(rng, topology, entity, name, severity, startsAt, `${name} on ${nameOf(topology, entity)}`));
  }
  return out;
}

function monitoringAlerts(rng: Rng, topology: TopologyFile, n: number, window: { start: number; end: number }): AlertRecord[] {
  const out: AlertRecord[] = [];
  for (let i = 0; i < n; i++) {
    const entity = rng.pick(topology.entities).id;
    const [name, severity] = rng.pick(monitoringNames);
    out.push(alert(rng, topology, entity, name, severity, rng.int(window.start, window.end - 1000), `${name} (monitoring)`));
  }
  return out;
}

function alert(
  rng: Rng,
  topology: TopologyFile,
  entity: EntityId,
  name: string,
  severity: string,
  startsAt: number,
  summary: string,
): AlertRecord {
  const record: AlertRecord = {
    name,
    entity,
    severity,
    startsAt: iso(startsAt),
    summary,
    // Instance labels differ alert to alert; the signature must not depend on them.
    labels: { alertname: name, instance: `10.0.${rng.int(0, 255)}.${rng.int(1, 254)}:9090`, pod: nameOf(topology, entity) },
  };
  if (rng.chance(0.5)) record.endsAt = iso(startsAt + rng.int(1, 10) * 60_000);
  return record;
}

const nameOf = (topology: TopologyFile, id: EntityId): string => topology.entities.find((e) => e.id === id)?.name ?? id;
