import type { FaultPlan } from './plan.js';
import { servingPods } from './plan-base.js';
import { serviceRates, visitsFrom } from './rates.js';
import type { SystemModel } from './system.js';
import { MINUTE_MS, type Timeline } from './timeline.js';

export interface PodCondition {
  utilisation: number;
  /** Multiplier on the pod's own processing time (queueing as utilisation nears 1). */
  queueFactor: number;
  cpuCores: number;
  memoryBytes: number;
}

const MAX_UTILISATION = 0.93;
const GC_OVERHEAD = 0.3;
/** How long an OOM-killed container takes to serve again; its sidecar answers 503 meanwhile. */
export const RESTART_MS = 30_000;

/**
 * Expected load and resource use of every pod, minute by minute. Latency and CPU follow
 * load through a simple queueing rule (wait ∝ 1 / (1 − utilisation)), so a surge or a CPU
 * hog shows up consistently in spans, in the latency metric and in the CPU metric.
 */
export class LoadModel {
  readonly rates: Float64Array;
  /** Extra calls per minute each service receives while a surge runs. */
  readonly surgeRates: Float64Array;
  /** Calls per minute the surge job sends to its target. */
  readonly surgeCallsPerMinute: number;

  constructor(
    private readonly system: SystemModel,
    private readonly plan: FaultPlan,
    private readonly timeline: Timeline,
    requestsPerEntry: number,
  ) {
    this.rates = serviceRates(system, requestsPerEntry);
    this.surgeRates = new Float64Array(system.services.length);
    const surge = plan.surge;
    this.surgeCallsPerMinute = surge ? (surge.loadFactor - 1) * (this.rates[surge.to] ?? 0) : 0;
    if (surge) {
      const visits = visitsFrom(system, surge.to);
      for (let i = 0; i < visits.length; i++) this.surgeRates[i] = this.surgeCallsPerMinute * (visits[i] ?? 0);
    }
  }

  /** Memory of a leaking pod grows from the onset and drops back each time it is OOM-killed. */
  private leakFraction(pod: number, t: number): number {
    if (this.plan.pod !== pod || this.plan.leakBytesPerMinute <= 0 || t < this.timeline.onset) return 0;
    const p = this.system.pods[pod];
    if (!p) return 0;
    const fillMs = ((p.memoryLimitBytes - p.memoryBaseBytes) / this.plan.leakBytesPerMinute) * MINUTE_MS;
    return ((t - this.timeline.onset) % fillMs) / fillMs;
  }

  /** Times the leaking pod hits its memory limit, in [from, to). */
  oomKills(from: number, to: number): number[] {
    const pod = this.plan.pod === null ? undefined : this.system.pods[this.plan.pod];
    if (!pod || this.plan.leakBytesPerMinute <= 0) return [];
    const fillMs = ((pod.memoryLimitBytes - pod.memoryBaseBytes) / this.plan.leakBytesPerMinute) * MINUTE_MS;
    const kills: number[] = [];
    for (let t = this.timeline.onset + fillMs; t < to; t += fillMs) if (t >= from) kills.push(Math.round(t));
    return kills;
  }

  isRestarting(podIndex: number, t: number): boolean {
    if (this.plan.pod !== podIndex || this.plan.leakBytesPerMinute <= 0 || t < this.timeline.onset) return false;
    return this.oomKills(t - RESTART_MS, t + 1).length > 0;
  }

  /** True once a pod the autoscaler removed has left the service (it serves, logs and reports nothing more). */
  isRemoved(podIndex: number, t: number): boolean {
    return !this.serving(podIndex, t).includes(podIndex);
  }

  /** After a scale-down the pods left share the service's whole load: each carries pods ÷ serving times its own. */
  private concentration(podIndex: number, t: number): number {
    const serving = this.serving(podIndex, t);
    const all = this.system.services[this.system.pods[podIndex]?.service ?? -1]?.pods.length ?? serving.length;
    return serving.includes(podIndex) ? all / Math.max(1, serving.length) : 1;
  }

  /** The pods of `podIndex`'s service that serve at `t` (plan-base.ts `servingPods`). */
  private serving(podIndex: number, t: number): readonly number[] {
    const s = this.system.services[this.system.pods[podIndex]?.service ?? -1];
    return s === undefined ? [podIndex] : servingPods(this.plan, s, this.timeline.onset, t);
  }

  condition(podIndex: number, t: number): PodCondition {
    const pod = this.system.pods[podIndex];
    if (!pod) throw new RangeError(`pod ${podIndex} missing`);
    const service = pod.service;
    const active = t >= this.timeline.onset;
    const base = this.rates[service] ?? 0;
    const extra = active ? (this.surgeRates[service] ?? 0) : 0;
    const loadRatio = (base > 0 ? (base + extra) / base : 1) * this.concentration(podIndex, t);
    const leak = this.leakFraction(podIndex, t);
    // Garbage collection runs more often as free heap shrinks: overhead ∝ 1 / free heap.
    let capacity = 1 - Math.min(0.9, GC_OVERHEAD / Math.max(1e-6, 1 - leak) - GC_OVERHEAD);
    const isHog = active && this.plan.pod === podIndex && this.plan.capacityFactor < 1;
    if (isHog) capacity *= this.plan.capacityFactor;
    const rho0 = pod.baselineUtilisation;
    const utilisation = (rho0 * loadRatio) / capacity;
    const queueFactor = Math.min(12, Math.max(0.9, (1 - rho0) / (1 - Math.min(utilisation, MAX_UTILISATION))));
    const busy = isHog ? 0.97 : Math.min(0.97, 0.04 + 0.9 * Math.min(utilisation, 1));
    return {
      utilisation,
      queueFactor,
      cpuCores: pod.cpuLimitCores * busy,
      memoryBytes: pod.memoryBaseBytes * (1 + 0.05 * Math.min(utilisation, 1)) + leak * (pod.memoryLimitBytes - pod.memoryBaseBytes),
    };
  }
}
