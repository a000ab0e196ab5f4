/** Per-minute request counts, errors and durations, per pod and per service. */
export class MinuteStats {
  readonly podCount: Int32Array;
  readonly podErrors: Int32Array;
  readonly podDurations: number[][];
  readonly serviceCount: Int32Array;
  readonly serviceErrors: Int32Array;
  readonly serviceDurations: number[][];

  constructor(pods: number, services: number) {
    this.podCount = new Int32Array(pods);
    this.podErrors = new Int32Array(pods);
    this.podDurations = Array.from({ length: pods }, () => []);
    this.serviceCount = new Int32Array(services);
    this.serviceErrors = new Int32Array(services);
    this.serviceDurations = Array.from({ length: services }, () => []);
  }

  add(pod: number, service: number, durationMs: number, isError: boolean): void {
    this.podCount[pod] = (this.podCount[pod] ?? 0) + 1;
    this.serviceCount[service] = (this.serviceCount[service] ?? 0) + 1;
    if (isError) {
      this.podErrors[pod] = (this.podErrors[pod] ?? 0) + 1;
      this.serviceErrors[service] = (this.serviceErrors[service] ?? 0) + 1;
    }
    this.podDurations[pod]?.push(durationMs);
    this.serviceDurations[service]?.push(durationMs);
  }

  reset(): void {
    this.podCount.fill(0);
    this.podErrors.fill(0);
    this.serviceCount.fill(0);
    this.serviceErrors.fill(0);
    for (const d of this.podDurations) d.length = 0;
    for (const d of this.serviceDurations) d.length = 0;
  }
}

/** Nearest-rank p95; null without samples. Sorts in place (the minute's samples are discarded after). */
export function p95(samples: number[]): number | null {
  if (samples.length === 0) return null;
  samples.sort((a, b) => a - b);
  return samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)] ?? null;
}
