import type { EntityId } from '../../core/model/ids.js';
import type { AlertRecord, ChangeRecord } from '../../core/snapshot/schema.js';
import type { FaultType } from './faults.js';
import type { Rng } from './prng.js';
import { reachFrom } from './rates.js';
import type { ServiceModel, SystemModel } from './system.js';

/** How the fault changes the spans of the pods it touches, from the onset on. */
export interface SpanFault {
  pods: ReadonlySet<number>;
  errorProbability: number;
  /** Status message of a failing span and the ERROR line the failing pod logs. */
  errorStatus: string;
  errorLog: string;
  /** Added once per span: slow work inside the pod. */
  extraMs: number;
  /**
   * A delay on every packet the pod sends (a chaos tool's netem delay): added to each request
   * it sends and to each reply it returns, outside every span's own work — on the wire, where the
   * caller's client span sees it and the callee's server span does not.
   */
  perCallDelayMs: number;
}

export interface SurgePlan {
  from: number;
  to: number;
  /** The pod of `from` that runs the job. */
  pod: number;
  /** Load on `to` during the surge, as a multiple of its normal load. */
  loadFactor: number;
  job: string;
  /**
   * Null: a background job of \`pod\` sends the extra calls. A number: every request \`from\`
   * serves calls \`to\` this many times more (a feature flag that turns one query into several).
   */
  callsPerRequest: number | null;
}

/** A feature-flag ConfigMap mounted into a service's pods (through its Deployment's pod template). */
export interface FlagConfigMap {
  service: number;
  id: EntityId;
  name: string;
}

/** A HorizontalPodAutoscaler that targets one service's Deployment (autoscaler_limit bundles only). */
export interface AutoscalerPlan {
  service: number;
  id: EntityId;
  name: string;
  minReplicas: number;
  /** Its maximum as topology.json shows it (after any change). */
  maxReplicas: number;
  targetCpuPercent: number;
}

/**
 * An autoscaler's maximum lowered below the pods running: the controller scales the Deployment
 * down at once, the removed pods stop at the onset and the remaining ones carry the whole load.
 */
export interface ScaleDownPlan {
  service: number;
  /** Pods that keep running, and those removed. */
  remaining: number[];
  removed: number[];
  /** When the autoscaler rescaled (the Deployment's and the pods' events); the pods leave the endpoints at the onset. */
  rescaledAt: number;
}

export interface FaultPlan {
  fault: FaultType;
  /** The entity ground_truth.yaml names as root cause. */
  rootCause: EntityId;
  /** The service hosting the root cause. */
  service: number;
  pod: number | null;
  spans: SpanFault | null;
  /** Capacity left to the faulty pod (a runaway thread eats the rest). */
  capacityFactor: number;
  /** Bytes per minute the faulty pod leaks; it is OOM-killed at its limit. */
  leakBytesPerMinute: number;
  surge: SurgePlan | null;
  /** Call edges X → service that topology.json leaves out. */
  hiddenEdges: Array<[number, number]>;
  /** Services with no tracing: their spans are not captured and callers see only an anonymous upstream failure. */
  untraced: number[];
  changes: ChangeRecord[];
  /** Alerts that are not the incident's (a red herring on the monitoring stack). */
  alerts: AlertRecord[];
  /** Feature-flag ConfigMaps in the topology (the injected one among them). */
  flagConfigMaps: FlagConfigMap[];
  /** Autoscalers in the topology (none but in autoscaler_limit bundles, so other bundles stay as they were). */
  autoscalers: AutoscalerPlan[];
  scaleDown: ScaleDownPlan | null;
  /**
   * Whether ground truth aliases the root cause with its service, Deployment (and pods): false when
   * the root cause is an object of its own that naming the service does not find.
   */
  aliasService: boolean;
  /** INFO lines the faulty pods print at the onset (a reload, a job start). */
  onsetLogs: string[];
  mechanism: string;
  condition: string;
}

const MIN_REACH = 0.15;

/** Services worth breaking: reached by a fair share of some entry's requests, so users notice. */
export function candidateServices(system: SystemModel, allowEntry: boolean): ServiceModel[] {
  const reach = system.entries.map((e) => reachFrom(system, e));
  const score = (s: ServiceModel): number => Math.max(...reach.map((r) => r[s.index] ?? 0));
  const pool = system.services.filter((s) => allowEntry || !s.isEntry);
  const usable = pool.length > 0 ? pool : system.services;
  const good = usable.filter((s) => score(s) >= MIN_REACH);
  if (good.length > 0) return good;
  const best = Math.max(...usable.map(score));
  return usable.filter((s) => score(s) === best);
}

export function base(fault: FaultType, service: ServiceModel, rootCause: EntityId): FaultPlan {
  return {
    fault,
    rootCause,
    service: service.index,
    pod: null,
    spans: null,
    capacityFactor: 1,
    leakBytesPerMinute: 0,
    surge: null,
    hiddenEdges: [],
    untraced: [],
    changes: [],
    alerts: [],
    flagConfigMaps: [],
    autoscalers: [],
    scaleDown: null,
    aliasService: true,
    onsetLogs: [],
    mechanism: '',
    condition: '',
  };
}

/**
 * A harmless image rollout on service `s` (a red herring): a patch release. Draws the version
 * first, then asks `time` for the record's time, so callers keep their random sequence.
 */
export function imageRollout(rng: Rng, s: ServiceModel, time: () => string): ChangeRecord {
  const minor = rng.int(2, 9);
  const patch = rng.int(1, 9);
  return {
    time: time(),
    entity: s.deploymentId,
    kind: 'image',
    summary: `Deployment ${s.name} image updated to registry.example.com/shop/${s.name}:2.${minor}.${patch}`,
    diff: [
      {
        path: 'spec.template.spec.containers[0].image',
        from: `registry.example.com/shop/${s.name}:2.${minor}.${patch - 1}`,
        to: `registry.example.com/shop/${s.name}:2.${minor}.${patch}`,
      },
    ],
    actor: 'argocd',
  };
}

/**
 * The pods of service `s` that serve requests at `t`: all of them, or after an autoscaler's
 * scale-down (from the onset) those left; the removed ones have left the endpoints.
 */
export function servingPods(plan: FaultPlan, s: ServiceModel, onset: number, t: number): readonly number[] {
  const down = plan.scaleDown;
  return down !== null && down.service === s.index && t >= onset ? down.remaining : s.pods;
}
