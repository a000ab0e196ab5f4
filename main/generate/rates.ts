import type { SystemModel } from './model.js';

/**
 * Expected visits of every service per request entering at `entry`. Layers only call
 * downwards, so one pass in layer order is exact (up to the per-trace span cap).
 */
export function visitsFrom(system: SystemModel, entry: number): Float64Array {
  const visits = new Float64Array(system.services.length);
  visits[entry] = 1;
  const order = [...system.services].sort((a, b) => a.layer - b.layer || a.index - b.index);
  for (const s of order) {
    const v = visits[s.index] ?? 0;
    if (v === 0) continue;
    for (const edge of s.callees) visits[edge.to] = (visits[edge.to] ?? 0) + v * edge.probability;
  }
  return visits;
}

/** Expected calls per minute of every service, given requests per minute at each entry. */
export function serviceRates(system: SystemModel, requestsPerEntry: number): Float64Array {
  const rates = new Float64Array(system.services.length);
  for (const entry of system.entries) {
    const visits = visitsFrom(system, entry);
    for (let i = 0; i < rates.length; i++) rates[i] = (rates[i] ?? 0) + requestsPerEntry * (visits[i] ?? 0);
  }
  return rates;
}

/** Expected calls per minute over the edge from → to. */
export function edgeRate(system: SystemModel, rates: Float64Array, from: number, to: number): number {
  const edge = system.services[from]?.callees.find((e) => e.to === to);
  return edge ? (rates[from] ?? 0) * edge.probability : 0;
}

/** Share of one entry's requests that reach each service (at least once, approximately). */
export function reachFrom(system: SystemModel, entry: number): Float64Array {
  const visits = visitsFrom(system, entry);
  return visits.map((v) => Math.min(1, v));
}
