import { makeEntityId, type EntityId } from '../../core/model/ids.js';
import { balanceTraffic } from './balance.js';
import { entryNames, nthName, operationsOf, serviceNames } from './names.js';
import { serviceRates } from './rates.js';
import type { PodModel, ServiceModel, SystemModel } from './model.js';
import type { Rng } from './prng.js';

export type { CallEdge, PodModel, ServiceModel, SystemModel } from './model.js';

/** Children a request spawns on average; keeps traces of big systems at a realistic size. */
const MEAN_FANOUT = 1.6;
const PODS_PER_NODE = 8;

function layerCount(services: number): number {
  if (services < 4) return services;
  if (services < 12) return 3;
  if (services < 40) return 4;
  return 5;
}

/** Services per layer: a few entry services on top, wider layers further down. */
function layerSizes(services: number, rng: Rng): number[] {
  const layers = layerCount(services);
  if (layers <= 1) return [services];
  const entries = Math.max(1, Math.round(services / 30));
  const rest = services - entries;
  const weights = Array.from({ length: layers - 1 }, (_, i) => 1 + i * 0.5 + rng.uniform(0, 0.2));
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(1, Math.floor((rest * w) / total)));
  let assigned = sizes.reduce((a, b) => a + b, 0);
  for (let i = sizes.length - 1; assigned !== rest; i = (i - 1 + sizes.length) % sizes.length) {
    const size = sizes[i] as number;
    if (assigned < rest) sizes[i] = size + 1;
    else if (size > 1) sizes[i] = size - 1;
    else continue;
    assigned += assigned < rest ? 1 : -1;
  }
  return [entries, ...sizes];
}

/**
 * A service call graph that is a DAG layered from the entry services down: every service has
 * at least one caller in the layer above, plus a few extra calls further down, so it is
 * reachable from an entry and requests never loop.
 */
export function buildSystem(rng: Rng, serviceCount: number, namespace: string): SystemModel {
  const sizes = layerSizes(serviceCount, rng);
  const services: ServiceModel[] = [];
  let other = 0;
  sizes.forEach((size, layer) => {
    for (let i = 0; i < size; i++) {
      const isEntry = layer === 0;
      const name = isEntry ? nthName(entryNames, i) : nthName(serviceNames, other++);
      const replicaSetName = `${name}-${rng.hex(9)}`;
      services.push({
        index: services.length,
        name,
        id: makeEntityId('Service', name, namespace),
        deploymentId: makeEntityId('Deployment', name, namespace),
        replicaSetName,
        replicaSetId: makeEntityId('ReplicaSet', replicaSetName, namespace),
        configMapId: makeEntityId('ConfigMap', `${name}-config`, namespace),
        layer,
        isEntry,
        pods: [],
        callees: [],
        callers: [],
        selfMs: rng.logNormal(isEntry ? 12 : 8, 0.5),
        baseErrorRate: rng.uniform(0.0005, 0.002),
        operations: operationsOf(name),
        logStyle: rng.chance(0.5) ? 0 : 1,
      });
    }
  });
  const byLayer = sizes.map((_, layer) => services.filter((s) => s.layer === layer));
  const pairs = new Set<string>();
  const link = (from: ServiceModel, to: ServiceModel): void => {
    const key = `${from.index}>${to.index}`;
    if (pairs.has(key)) return;
    pairs.add(key);
    from.callees.push({ from: from.index, to: to.index, probability: 1 });
    to.callers.push(from.index);
  };
  for (let layer = 1; layer < byLayer.length; layer++) {
    for (const s of byLayer[layer] ?? []) link(rng.pick(byLayer[layer - 1] ?? []), s);
  }
  for (const s of services) {
    const below = services.filter((t) => t.layer > s.layer);
    if (below.length === 0) continue;
    const extra = rng.int(0, 2);
    for (let i = 0; i < extra; i++) link(s, rng.pick(below));
  }
  for (const s of services) {
    s.callees.sort((a, b) => a.to - b.to);
    s.callers.sort((a, b) => a - b);
    const base = Math.min(1, MEAN_FANOUT / Math.max(1, s.callees.length));
    for (const edge of s.callees) edge.probability = Math.min(1, base * rng.uniform(0.75, 1.1));
  }
  const system: SystemModel = {
    namespace,
    services,
    pods: [],
    nodes: [],
    edges: services.flatMap((s) => s.callees),
    entries: services.filter((s) => s.isEntry).map((s) => s.index),
  };
  balanceTraffic(rng, system);
  system.pods = buildPods(rng, system);
  // Nodes are sized from the pod count, so pods learn their node in a second pass.
  system.nodes = Array.from({ length: Math.max(1, Math.ceil(system.pods.length / PODS_PER_NODE)) }, (_, i) =>
    makeEntityId('Node', `node-${String(i + 1).padStart(3, '0')}`),
  );
  for (const pod of system.pods) pod.node = system.nodes[rng.int(0, system.nodes.length - 1)] as EntityId;
  return system;
}

/** Replicas follow traffic, as an autoscaler would set them: busy services run more pods. */
function replicasOf(rate: number, median: number, isEntry: boolean): number {
  if (isEntry || rate >= 1.5 * median) return 3;
  return rate >= 0.6 * median ? 2 : 1;
}

function buildPods(rng: Rng, system: SystemModel): PodModel[] {
  const { services, namespace } = system;
  const rates = serviceRates(system, 1);
  const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)] ?? 0;
  const pods: PodModel[] = [];
  for (const s of services) {
    const replicas = replicasOf(rates[s.index] ?? 0, median, s.isEntry);
    const memoryBase = rng.pick([180, 260, 420, 640]) * 1024 * 1024;
    for (let r = 0; r < replicas; r++) {
      const name = `${s.replicaSetName}-${rng.suffix(5)}`;
      s.pods.push(pods.length);
      pods.push({
        index: pods.length,
        service: s.index,
        name,
        id: makeEntityId('Pod', name, namespace),
        node: '',
        cpuLimitCores: rng.pick([0.5, 1, 2]),
        memoryBaseBytes: memoryBase * rng.uniform(0.95, 1.05),
        memoryLimitBytes: memoryBase * 2,
        baselineUtilisation: rng.uniform(0.2, 0.42),
      });
    }
  }
  return pods;
}
