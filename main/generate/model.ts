import type { EntityId } from '../../core/model/ids.js';

/** The generated system: services, pods, nodes and who calls whom. */
export interface PodModel {
  index: number;
  service: number;
  name: string;
  id: EntityId;
  node: EntityId;
  cpuLimitCores: number;
  memoryBaseBytes: number;
  memoryLimitBytes: number;
  /** Share of capacity in use at baseline load; latency grows as this approaches 1. */
  baselineUtilisation: number;
}

export interface CallEdge {
  from: number;
  to: number;
  /** Chance that one request to `from` calls `to` (not every request needs every dependency). */
  probability: number;
}

export interface ServiceModel {
  index: number;
  name: string;
  id: EntityId;
  deploymentId: EntityId;
  replicaSetName: string;
  replicaSetId: EntityId;
  configMapId: EntityId;
  layer: number;
  isEntry: boolean;
  pods: number[];
  callees: CallEdge[];
  callers: number[];
  /** Median time spent in the service itself, without its calls. */
  selfMs: number;
  baseErrorRate: number;
  operations: readonly [string, string];
  /** Which access-log dialect the service prints (services differ in real fleets). */
  logStyle: 0 | 1;
}

export interface SystemModel {
  namespace: string;
  services: ServiceModel[];
  pods: PodModel[];
  nodes: EntityId[];
  edges: CallEdge[];
  entries: number[];
}
