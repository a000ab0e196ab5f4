import type { FloodSummary } from '../ledger/events-scopes.js';
import type { EntityId } from '../model/ids.js';
import type { TimeWindow } from '../model/packet.js';
import type { NormalisedAlert } from './normalise.js';
import type { ScopeTopology } from './topology.js';

/** A signature is high-volume when it fires this often in the window… */
export const FLOOD_MIN_ALERTS = 10;
/** …on at least this many entities within one sliding window: it fires everywhere at once. */
export const FLOOD_MIN_ENTITIES = 4;
/** At or below this multiple of its baseline rate a signature is chronic, not the incident's. */
const CHRONIC_RATE_RATIO = 2;
const TOP_ENTITIES = 8;
const FIRST_ENTITIES = 5;
const MINUTE_MS = 60_000;

/** Most distinct representatives one signature hit within any window of `windowMs` (alerts sorted by start). */
export function burstOf(alerts: readonly NormalisedAlert[], topology: ScopeTopology, windowMs: number): number {
  let best = 0;
  let from = 0;
  const inWindow = new Map<EntityId, number>();
  for (const a of alerts) {
    const rep = topology.representative(a.entity);
    inWindow.set(rep, (inWindow.get(rep) ?? 0) + 1);
    while ((alerts[from] as NormalisedAlert).startsAt < a.startsAt - windowMs) {
      const old = topology.representative((alerts[from] as NormalisedAlert).entity);
      const n = (inWindow.get(old) ?? 1) - 1;
      if (n === 0) inWindow.delete(old);
      else inWindow.set(old, n);
      from++;
    }
    best = Math.max(best, inWindow.size);
  }
  return best;
}

export function isHighVolume(alerts: readonly NormalisedAlert[], topology: ScopeTopology, windowMs: number): boolean {
  return alerts.length >= FLOOD_MIN_ALERTS && burstOf(alerts, topology, windowMs) >= FLOOD_MIN_ENTITIES;
}

/**
 * The propagation-relevant summary of one high-volume signature (XiHE's signature-bound
 * scope): the alerts kept after the severity filter and the baseline-rate filter, counted per
 * entity and tier, when it started and ended, and which entities it reached first.
 */
export function summariseSignature(
  signature: string,
  inWindow: readonly NormalisedAlert[],
  inBaseline: readonly NormalisedAlert[],
  window: TimeWindow,
  baseline: TimeWindow | null,
  topology: ScopeTopology,
  windowMs: number,
): FloodSummary {
  const bySeverity = inWindow.filter((a) => a.severity !== 'info');
  const rateRatio =
    baseline && inBaseline.length > 0
      ? inWindow.length /
        Math.max(1, (window.end - window.start) / MINUTE_MS) /
        (inBaseline.length / Math.max(1, (baseline.end - baseline.start) / MINUTE_MS))
      : null;
  const chronic = rateRatio !== null && rateRatio <= CHRONIC_RATE_RATIO;
  const kept = chronic ? [] : bySeverity;
  const perEntity = new Map<EntityId, number>();
  const perTier = new Map<string, number>();
  const firstSeen: EntityId[] = [];
  for (const a of kept) {
    const rep = topology.representative(a.entity);
    perEntity.set(rep, (perEntity.get(rep) ?? 0) + 1);
    const tier = topology.tier(rep);
    perTier.set(tier, (perTier.get(tier) ?? 0) + 1);
    if (!firstSeen.includes(rep)) firstSeen.push(rep);
  }
  const ranked = <K extends string>(m: Map<K, number>): Array<[K, number]> =>
    [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return {
    signature,
    total: inWindow.length,
    kept: kept.length,
    filtered: { severity: inWindow.length - bySeverity.length, baseline: chronic ? bySeverity.length : 0 },
    rateRatio: rateRatio === null ? null : Math.round(rateRatio * 100) / 100,
    entities: perEntity.size,
    perEntity: ranked(perEntity)
      .slice(0, TOP_ENTITIES)
      .map(([entity, count]) => ({ entity, count })),
    perTier: ranked(perTier).map(([tier, count]) => ({ tier, count })),
    first: kept[0]?.startsAt ?? inWindow[0]?.startsAt ?? window.start,
    last: kept.at(-1)?.startsAt ?? inWindow.at(-1)?.startsAt ?? window.start,
    firstEntities: firstSeen.slice(0, FIRST_ENTITIES),
    burst: burstOf(kept, topology, windowMs),
  };
}
