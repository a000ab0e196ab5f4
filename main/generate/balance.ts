import type { Rng } from './prng.js';
import { serviceRates } from './rates.js';
import type { ServiceModel, SystemModel } from './model.js';

/** A service is starved below this share of the median service's traffic... */
const STARVED_SHARE = 0.35;
/** ...and gets an extra caller bringing it up to about this share. */
const TARGET_SHARE = 0.6;
/** Extra callers are drawn from this many of the busiest services above. */
const DONORS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Random layered DAGs leave some deep services with a trickle of calls, which makes their
 * statistics noise. Real fleets rarely look like that (shared back ends are the busiest), so
 * each starved service gets an extra caller among the busiest services above it. Layers are
 * visited top-down because new calls change the traffic of everything below.
 */
export function balanceTraffic(rng: Rng, system: SystemModel): void {
  const layers = [...new Set(system.services.map((s) => s.layer))].sort((a, b) => a - b);
  const inner = system.services.filter((s) => !s.isEntry);
  if (inner.length === 0) return;
  const reference = median(inner.map((s) => serviceRates(system, 1)[s.index] ?? 0));
  for (const layer of layers.slice(1)) {
    const rates = serviceRates(system, 1);
    for (const s of system.services.filter((x) => x.layer === layer)) {
      const rate = rates[s.index] ?? 0;
      if (rate >= STARVED_SHARE * reference) continue;
      const donors = system.services
        .filter((d) => d.layer < layer && !s.callers.includes(d.index))
        .sort((a, b) => (rates[b.index] ?? 0) - (rates[a.index] ?? 0) || a.index - b.index)
        .slice(0, DONORS);
      if (donors.length === 0) continue;
      const donor: ServiceModel = rng.pick(donors);
      const probability = Math.min(
        1,
        ((TARGET_SHARE * reference - rate) / Math.max(1e-9, rates[donor.index] ?? 0)) * rng.uniform(0.9, 1.1),
      );
      donor.callees.push({ from: donor.index, to: s.index, probability });
      donor.callees.sort((a, b) => a.to - b.to);
      s.callers.push(donor.index);
      s.callers.sort((a, b) => a - b);
    }
  }
  system.edges = system.services.flatMap((s) => s.callees);
}
