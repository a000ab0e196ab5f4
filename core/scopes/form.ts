import { classifyAlert } from '../bootstrap/index.js';
import type { DismissedSignature, ScopeRecord } from '../ledger/events-scopes.js';
import type { EntityId } from '../model/ids.js';
import type { TimeWindow } from '../model/packet.js';
import { alertSeverities, type NormalisedAlert } from './normalise.js';
import { isHighVolume, summariseSignature } from './signature.js';
import type { ScopeTopology } from './topology.js';

/** XiHE's sliding window: alerts further apart than this are not considered together. */
export const DEFAULT_ALERT_WINDOW_MS = 2 * 60_000;
const SAMPLE = 5;

export interface ScopeOptions {
  /** The investigation window: the alerts that overlap it are scoped. */
  window: TimeWindow;
  /** The baseline, for a signature's usual rate; null when the snapshot has none. */
  baseline: TimeWindow | null;
  windowMs?: number;
}

export interface Scoping {
  windowMs: number;
  alerts: number;
  scopes: ScopeRecord[];
  dismissed: DismissedSignature[];
}

interface Draft {
  entities: Set<EntityId>;
  alerts: NormalisedAlert[];
  merged: Set<'fusion' | 'cluster'>;
}

/**
 * XiHE's dispatcher (docs/scopes.md §2): monitoring noise is dismissed; high-volume signatures
 * become signature-bound scopes (a filtered, propagation-relevant summary); the other alerts
 * start one entity-bound scope per (representative) entity, then horizontal fusion merges
 * scopes of one tier whose signatures are the same and that fired within one window, and
 * vertical clustering merges adjacent scopes an alert references together. Deterministic:
 * the same alerts and topology give the same scopes, numbered by first alert.
 */
export function formScopes(alerts: readonly NormalisedAlert[], topology: ScopeTopology, options: ScopeOptions): Scoping {
  const windowMs = options.windowMs ?? DEFAULT_ALERT_WINDOW_MS;
  const { window, baseline } = options;
  const inWindow = alerts.filter((a) => a.startsAt <= window.end && (a.endsAt ?? Infinity) >= window.start);
  const inBaseline = baseline ? alerts.filter((a) => a.startsAt >= baseline.start && a.startsAt <= baseline.end) : [];
  const dismissed: DismissedSignature[] = [];
  const bySignature = groupBy(inWindow, (a) => a.signature);
  const floods: ScopeRecord[] = [];
  const rest: NormalisedAlert[] = [];
  for (const [signature, group] of bySignature) {
    const first = group[0] as NormalisedAlert;
    if (classifyAlert(first.name, '', first.severity) === 'noise') {
      dismissed.push({ signature, alerts: group.length, reason: 'monitoring noise (heartbeat, inhibitor or informational)' });
      continue;
    }
    if (!isHighVolume(group, topology, windowMs)) {
      rest.push(...group);
      continue;
    }
    const flood = summariseSignature(
      signature,
      group,
      inBaseline.filter((a) => a.signature === signature),
      window,
      baseline,
      topology,
      windowMs,
    );
    if (flood.kept === 0) {
      dismissed.push({
        signature,
        alerts: group.length,
        reason: flood.filtered.baseline > 0 ? 'fires at its baseline rate' : 'informational severity',
      });
      continue;
    }
    const entities = [...new Set(group.filter((a) => a.severity !== 'info').map((a) => topology.representative(a.entity)))];
    floods.push({
      id: '',
      kind: 'signature',
      entities: entities.sort(),
      tiers: flood.perTier.map((t) => t.tier),
      alerts: flood.kept,
      sample: group.slice(0, SAMPLE).map((a) => a.id),
      signatures: [{ signature, count: flood.kept }],
      severity: worstSeverity(group),
      first: flood.first,
      last: flood.last,
      merged: [],
      neighbours: [],
      flood,
    });
  }
  const drafts = clusterVertically(fuseHorizontally(entityScopes(rest, topology), topology, windowMs), topology);
  const scopes = [...drafts.map((d) => entityRecord(d, topology)), ...floods].sort(
    (a, b) =>
      a.first - b.first ||
      kindRank(a) - kindRank(b) ||
      (a.entities[0] ?? '').localeCompare(b.entities[0] ?? '') ||
      a.signatures[0]!.signature.localeCompare(b.signatures[0]!.signature),
  );
  scopes.forEach((s, i) => (s.id = `S${i + 1}`));
  linkNeighbours(scopes, topology);
  dismissed.sort((a, b) => a.signature.localeCompare(b.signature));
  return { windowMs, alerts: inWindow.length, scopes, dismissed };
}

const kindRank = (s: ScopeRecord): number => (s.kind === 'entity' ? 0 : 1);

function groupBy<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function entityScopes(alerts: readonly NormalisedAlert[], topology: ScopeTopology): Draft[] {
  return [...groupBy(alerts, (a) => topology.representative(a.entity)).entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([entity, group]) => ({ entities: new Set([entity]), alerts: group, merged: new Set() }));
}

const signatureSet = (d: Draft): string => [...new Set(d.alerts.map((a) => a.signature))].sort().join('\u0000');
const firstOf = (d: Draft): number => Math.min(...d.alerts.map((a) => a.startsAt));

/** Same tier, the same signatures, first alerts within one window of the group's first: one scope. */
function fuseHorizontally(drafts: Draft[], topology: ScopeTopology, windowMs: number): Draft[] {
  const groups = groupBy(drafts, (d) => `${topology.tier([...d.entities][0] as EntityId)}\u0001${signatureSet(d)}`);
  const out: Draft[] = [];
  for (const group of groups.values()) {
    const sorted = [...group].sort((a, b) => firstOf(a) - firstOf(b) || [...a.entities][0]!.localeCompare([...b.entities][0]!));
    let current: Draft | null = null;
    let start = 0;
    for (const d of sorted) {
      if (current && firstOf(d) - start <= windowMs) {
        for (const e of d.entities) current.entities.add(e);
        current.alerts.push(...d.alerts);
        current.merged.add('fusion');
        continue;
      }
      current = { entities: new Set(d.entities), alerts: [...d.alerts], merged: new Set(d.merged) };
      start = firstOf(d);
      out.push(current);
    }
  }
  return out;
}

/** Adjacent scopes merge only when one alert references an entity of each. */
function clusterVertically(drafts: Draft[], topology: ScopeTopology): Draft[] {
  const parent = drafts.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] as number)));
  const owner = new Map<EntityId, number>();
  drafts.forEach((d, i) => d.entities.forEach((e) => owner.set(e, i)));
  const joined = new Set<number>();
  drafts.forEach((d, i) => {
    for (const a of d.alerts)
      for (const ref of a.references) {
        const other = owner.get(topology.representative(ref));
        if (other === undefined || find(other) === find(i) || !topology.adjacent(a.entity, ref)) continue;
        parent[Math.max(find(other), find(i))] = Math.min(find(other), find(i));
        joined.add(i).add(other);
      }
  });
  const roots = groupBy(
    drafts.map((d, i) => ({ d, i })),
    ({ i }) => find(i),
  );
  return [...roots.values()].map((members) => {
    const merged: Draft = { entities: new Set(), alerts: [], merged: new Set() };
    for (const { d, i } of members) {
      d.entities.forEach((e) => merged.entities.add(e));
      merged.alerts.push(...d.alerts);
      d.merged.forEach((m) => merged.merged.add(m));
      if (members.length > 1 && joined.has(i)) merged.merged.add('cluster');
    }
    return merged;
  });
}

function entityRecord(d: Draft, topology: ScopeTopology): ScopeRecord {
  const alerts = [...d.alerts].sort((a, b) => a.startsAt - b.startsAt || (a.id < b.id ? -1 : 1));
  const counts = groupBy(alerts, (a) => a.signature);
  const entities = [...d.entities].sort();
  return {
    id: '',
    kind: 'entity',
    entities,
    tiers: [...new Set(entities.map((e) => topology.tier(e)))].sort(),
    alerts: alerts.length,
    sample: alerts.slice(0, SAMPLE).map((a) => a.id),
    signatures: [...counts.entries()]
      .map(([signature, list]) => ({ signature, count: list.length }))
      .sort((a, b) => b.count - a.count || a.signature.localeCompare(b.signature)),
    severity: worstSeverity(alerts),
    first: alerts[0]?.startsAt ?? 0,
    last: alerts.at(-1)?.startsAt ?? 0,
    merged: [...d.merged].sort(),
    neighbours: [],
  };
}

function worstSeverity(alerts: readonly NormalisedAlert[]): string {
  const rank = (s: string): number => alertSeverities.indexOf(s as (typeof alertSeverities)[number]);
  return alerts.reduce<string>((worst, a) => (rank(a.severity) < rank(worst) ? a.severity : worst), 'info');
}

/** Scopes are neighbours when an entity of one is adjacent to an entity of the other (or they share one). */
function linkNeighbours(scopes: ScopeRecord[], topology: ScopeTopology): void {
  for (const a of scopes)
    for (const b of scopes) {
      if (a === b) continue;
      const linked = a.entities.some((x) => b.entities.some((y) => x === y || topology.adjacent(x, y)));
      if (linked) a.neighbours.push(b.id);
    }
}
