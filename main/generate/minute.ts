import type { LoadModel } from './load.js';
import type { NoisePlan } from './noise.js';
import { WORKERS } from './plan-autoscaler.js';
import type { FaultPlan } from './plan.js';
import type { Rng } from './prng.js';
import type { RollingRequests } from './rolling.js';
import type { MinuteStats } from './stats.js';
import type { SystemModel } from './system.js';
import { iso, MINUTE_MS, type Timeline } from './timeline.js';
import { simulateJobCall, simulateRequest, type RecordSink, type TraceContext } from './traces.js';

export interface MinuteContext {
  rng: Rng;
  system: SystemModel;
  plan: FaultPlan;
  noise: NoisePlan;
  load: LoadModel;
  timeline: Timeline;
  requestsPerEntry: number;
  stats: MinuteStats;
  rolling: RollingRequests;
  queue: Float64Array;
  spans: RecordSink;
  logs: RecordSink;
  metrics: RecordSink;
  /** Waits for the files to take what was written, so a busy minute never piles up in memory. */
  drain: () => Promise<void>;
}

/** Requests simulated between two drains. */
const DRAIN_EVERY = 2_000;

const sortedTimes = (rng: Rng, n: number, from: number, to: number): number[] =>
  Array.from({ length: n }, () => Math.floor(rng.uniform(from, to))).sort((a, b) => a - b);

/** Everything that happens in one minute: requests, the surge job, periodic logs, metrics. */
export async function simulateMinute(ctx: MinuteContext, minute: number): Promise<void> {
  const { rng, system, plan, load, timeline } = ctx;
  const start = timeline.baselineStart + minute * MINUTE_MS;
  const end = start + MINUTE_MS;
  ctx.stats.reset();
  for (const pod of system.pods) ctx.queue[pod.index] = load.condition(pod.index, start + MINUTE_MS / 2).queueFactor;
  const traces: TraceContext = {
    rng,
    system,
    plan,
    onset: timeline.onset,
    queue: ctx.queue,
    isRestarting: (pod, t) => load.isRestarting(pod, t),
    stats: ctx.stats,
    spans: ctx.spans,
    logs: ctx.logs,
  };

  let sinceDrain = 0;
  for (const entry of system.entries) {
    for (const t of sortedTimes(rng, rng.poisson(ctx.requestsPerEntry), start, end)) {
      simulateRequest(traces, entry, t);
      if (++sinceDrain >= DRAIN_EVERY) {
        sinceDrain = 0;
        await ctx.drain();
      }
    }
  }
  const surge = plan.surge;
  if (surge && surge.callsPerRequest === null && end > timeline.onset) {
    const from = Math.max(start, timeline.onset);
    const calls = rng.poisson((load.surgeCallsPerMinute * (end - from)) / MINUTE_MS);
    for (const t of sortedTimes(rng, calls, from, end)) simulateJobCall(traces, surge.pod, surge.to, t, surge.job);
  }
  writeOnsetLogs(ctx, start, end);
  writePeriodicLogs(ctx, start, minute);
  writeMetrics(ctx, start);
  await ctx.drain();
}

function writeOnsetLogs(ctx: MinuteContext, start: number, end: number): void {
  const { plan, system, timeline } = ctx;
  if (timeline.onset < start || timeline.onset >= end || plan.onsetLogs.length === 0) return;
  const pods = plan.surge?.callsPerRequest === null ? [plan.surge.pod] : (system.services[plan.service]?.pods ?? []);
  for (const pod of pods) {
    for (const body of plan.onsetLogs)
      ctx.logs.write({ time: iso(timeline.onset + ctx.rng.int(0, 900)), entity: system.pods[pod]?.id ?? '', severity: 'INFO', body });
  }
}

/** Lines every pod prints whatever the traffic: health checks, metric flushes, cache refreshes. */
function writePeriodicLogs(ctx: MinuteContext, start: number, minute: number): void {
  const { rng, system, plan, noise, load, timeline } = ctx;
  const chronic = new Set(noise.chronicErrorPods);
  for (const pod of system.pods) {
    const at = start + ((pod.index * 7919) % 55) * 1000 + rng.int(0, 999);
    if (load.isRemoved(pod.index, at)) continue;
    ctx.logs.write({
      time: iso(at),
      entity: pod.id,
      severity: 'INFO',
      body: `health check passed: db=up cache=up uptime=${Math.floor((at - timeline.baselineStart) / 1000) + 86_400}s`,
    });
    ctx.logs.write({
      time: iso(at + 2_000),
      entity: pod.id,
      severity: 'DEBUG',
      body: `flushed ${rng.int(180, 260)} metric series to otel-collector in ${rng.int(2, 30)}ms`,
    });
    if ((minute + pod.index) % 5 === 0)
      ctx.logs.write({
        time: iso(at + 3_000),
        entity: pod.id,
        severity: 'INFO',
        body: `cache refresh completed: ${rng.int(800, 5000)} entries in ${rng.int(20, 400)}ms`,
      });
    if (chronic.has(pod.index) && (minute + pod.index) % 3 === 0) {
      ctx.logs.write({
        time: iso(at + 4_000),
        entity: pod.id,
        severity: 'ERROR',
        body: `failed to refresh exchange rates from rates.example.com: HTTP 503; serving cached values (age ${rng.int(60, 900)}s)`,
      });
    }
  }
  const mid = start + MINUTE_MS / 2;
  if (plan.pod !== null && mid >= timeline.onset) {
    const pod = system.pods[plan.pod];
    const condition = load.condition(plan.pod, mid);
    if (pod && plan.capacityFactor < 1) {
      ctx.logs.write({
        time: iso(mid),
        entity: pod.id,
        severity: 'WARN',
        body: `worker pool saturated: ${rng.int(60, 64)}/64 workers busy, ${rng.int(40, 400)} requests queued`,
      });
    } else if (
      pod &&
      plan.leakBytesPerMinute > 0 &&
      condition.memoryBytes > pod.memoryBaseBytes + 0.6 * (pod.memoryLimitBytes - pod.memoryBaseBytes)
    ) {
      ctx.logs.write({
        time: iso(mid),
        entity: pod.id,
        severity: 'WARN',
        body: `GC pause ${rng.int(200, 900)}ms: heap at ${Math.round((100 * condition.memoryBytes) / pod.memoryLimitBytes)}% of limit`,
      });
    }
  }
  const down = plan.scaleDown;
  if (down !== null && mid >= timeline.onset) {
    for (const p of down.remaining) {
      const pod = system.pods[p];
      if (pod && load.condition(p, mid).utilisation >= 1)
        ctx.logs.write({
          time: iso(mid + 500),
          entity: pod.id,
          severity: 'WARN',
          body: `worker pool saturated: ${WORKERS}/${WORKERS} workers busy, ${rng.int(40, 400)} requests queued`,
        });
    }
  }
  if (down !== null && down.rescaledAt >= start && down.rescaledAt < start + MINUTE_MS) {
    // The removed pods get SIGTERM when the ReplicaSet deletes them, drain and exit.
    for (const p of down.removed) {
      const pod = system.pods[p];
      if (!pod) continue;
      ctx.logs.write({
        time: iso(down.rescaledAt + 400),
        entity: pod.id,
        severity: 'INFO',
        body: 'received SIGTERM: draining in-flight requests and shutting down',
      });
      ctx.logs.write({ time: iso(timeline.onset), entity: pod.id, severity: 'INFO', body: 'server stopped' });
    }
  }
  for (const kill of load.oomKills(start, start + MINUTE_MS)) {
    const pod = plan.pod === null ? undefined : system.pods[plan.pod];
    if (pod)
      ctx.logs.write({
        time: iso(kill + 4_000),
        entity: pod.id,
        severity: 'INFO',
        body: `starting ${system.services[pod.service]?.name ?? 'server'} on :8080 (previous container exited with code 137)`,
      });
  }
  if (plan.surge && plan.surge.callsPerRequest === null && mid >= timeline.onset) {
    const pod = system.pods[plan.surge.pod];
    if (pod)
      ctx.logs.write({
        time: iso(mid),
        entity: pod.id,
        severity: 'INFO',
        body: `job ${plan.surge.job} progress: ${rng.int(1000, 20_000)} items sent to ${system.services[plan.surge.to]?.name ?? 'callee'}`,
      });
  }
}

/** One scrape a minute per pod: CPU, memory, and request metrics over the last five minutes of spans. */
function writeMetrics(ctx: MinuteContext, start: number): void {
  const { rng, system, load, stats } = ctx;
  const time = iso(start + 59_000);
  for (const pod of system.pods)
    ctx.rolling.push(pod.index, stats.podCount[pod.index] ?? 0, stats.podErrors[pod.index] ?? 0, stats.podDurations[pod.index] ?? []);
  ctx.rolling.advance();
  for (const pod of system.pods) {
    // A removed pod is no longer scraped once it has left.
    if (load.isRemoved(pod.index, start + 59_000)) continue;
    const c = load.condition(pod.index, start + MINUTE_MS / 2);
    const requests = ctx.rolling.summary(pod.index);
    ctx.metrics.write({
      time,
      entity: pod.id,
      name: 'cpu_usage_cores',
      value: round4(c.cpuCores * (1 + 0.03 * rng.normal())),
      unit: 'cores',
    });
    ctx.metrics.write({
      time,
      entity: pod.id,
      name: 'memory_working_set_bytes',
      value: Math.round(c.memoryBytes * (1 + 0.004 * rng.normal())),
      unit: 'bytes',
    });
    ctx.metrics.write({
      time,
      entity: pod.id,
      name: 'http_requests_per_minute',
      value: round4(requests.perMinute),
      unit: '1/min',
      labels: { window: '5m' },
    });
    ctx.metrics.write({
      time,
      entity: pod.id,
      name: 'http_error_ratio',
      value: round4(requests.errorRatio),
      unit: 'ratio',
      labels: { window: '5m' },
    });
    if (requests.p95 !== null)
      ctx.metrics.write({ time, entity: pod.id, name: 'http_latency_p95_ms', value: requests.p95, unit: 'ms', labels: { window: '5m' } });
  }
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
