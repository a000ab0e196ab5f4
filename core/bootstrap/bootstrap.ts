import type { EntityId } from '../model/ids.js';
import type { TimeWindow } from '../model/packet.js';
import { CHRONIC_FAILURE_COUNT } from '../signals/k8s/classify-event.js';
import { classifyAlert, isGoldenSignal, type AlertSignal } from './golden.js';

export interface BootstrapAlert {
  id: string;
  entity: EntityId;
  name: string;
  severity: string;
  summary?: string;
  startsAt: number;
  endsAt: number | null;
}

export interface BootstrapInput {
  alerts: readonly BootstrapAlert[];
  changes: ReadonlyArray<{ id: string; entity: EntityId; time: number }>;
  /** Failure events (core/signals/k8s) in the window and the lead time before it, with their reason and cumulative count. */
  failureEvents: ReadonlyArray<{ id: string; entity: EntityId; time: number; reason: string; count: number }>;
  /** The snapshot's own window, when it names one. */
  window: TimeWindow | null;
  incidentTime: number | null;
  /** Entities an entity depends on (callees, its config maps, its node). */
  dependenciesOf: (entity: EntityId) => readonly EntityId[];
  /** The entity and the other members of its alias group (service, deployment, pods). */
  aliasesOf: (entity: EntityId) => readonly EntityId[];
  /** What a change on an entity can act on (core/graph changeTargets): named in the seed's reason. */
  changeTargetsOf?: (entity: EntityId) => readonly EntityId[];
  /** Where users' requests enter the system: seeds when no golden-signal alert fired. */
  entryPoints?: () => readonly EntityId[];
}

export type SeedStrength =
  'change_before_alert' | 'failure_event' | 'dependency_change' | 'alerting' | 'failure_candidate' | 'entry_point' | 'change_candidate';

/** Seeds that stand on something other than an alert: an alert flood does not set them aside (core/scopes). */
export const UNALERTED_SEEDS: ReadonlySet<SeedStrength> = new Set(['failure_candidate', 'change_candidate']);

export interface Seed {
  node: EntityId;
  strength: SeedStrength;
  reason: string;
}

export interface BootstrapResult {
  window: TimeWindow;
  seeds: Seed[];
  ignoredAlerts: Array<{ id: string; name: string; reason: string }>;
}

/** How far before the first alert a cause may lie and still count as preceding it. */
export const ONSET_LEAD_MS = 15 * 60_000;
const TAIL_MS = 5 * 60_000;
const rank: Record<SeedStrength, number> = {
  change_before_alert: 0,
  failure_event: 1,
  dependency_change: 2,
  alerting: 3,
  failure_candidate: 4,
  entry_point: 5,
  change_candidate: 6,
};
const severityRank = (s: string): number => ({ critical: 0, error: 1, high: 1, warning: 2, major: 2 })[s.toLowerCase()] ?? 3;

/**
 * Bootstrap (design.md §2): choose the window from golden-signal alerts, drop noise, and seed
 * the ActiveSet with alerting entities ordered by causal evidence strength: a change preceding
 * the alert on that entity > a failure event on it > a change on a dependency > alerting alone.
 */
export function bootstrap(input: BootstrapInput): BootstrapResult {
  const ignoredAlerts: BootstrapResult['ignoredAlerts'] = [];
  const golden: Array<BootstrapAlert & { signal: AlertSignal }> = [];
  for (const alert of input.alerts) {
    const signal = classifyAlert(alert.name, alert.summary, alert.severity);
    if (signal === 'noise')
      ignoredAlerts.push({ id: alert.id, name: alert.name, reason: 'monitoring noise (heartbeat, inhibitor or informational)' });
    else golden.push({ ...alert, signal });
  }
  // Golden signals first; other alerts only when no golden one fired.
  const useful = golden.some((a) => isGoldenSignal(a.signal)) ? golden.filter((a) => isGoldenSignal(a.signal)) : golden;
  for (const a of golden) if (!useful.includes(a)) ignoredAlerts.push({ id: a.id, name: a.name, reason: 'not a golden signal' });

  const window = input.window ?? windowFromAlerts(useful, input.incidentTime);
  const inWindow = useful.filter((a) => a.startsAt <= window.end && (a.endsAt ?? Infinity) >= window.start);
  const seeds = new Map<EntityId, Seed & { order: [number, number, number] }>();
  for (const alert of inWindow) {
    const seed = strengthOf(alert, input);
    const order: [number, number, number] = [rank[seed.strength], severityRank(alert.severity), alert.startsAt];
    const known = seeds.get(alert.entity);
    if (!known || compare(order, known.order) < 0) seeds.set(alert.entity, { ...seed, order });
  }
  const ordered = [...seeds.values()].sort((a, b) => compare(a.order, b.order) || a.node.localeCompare(b.node));
  const alerted = ordered.map(({ order: _order, ...seed }) => seed);
  const failures = failureCandidates(input, window, alerted);
  // Without a golden-signal alert nothing says where users feel the incident: start where their requests come in too.
  const hasGolden = inWindow.some((a) => isGoldenSignal(a.signal));
  const taken = new Set([...alerted, ...failures].map((s) => s.node));
  const entries: Seed[] = hasGolden
    ? []
    : [...(input.entryPoints?.() ?? [])]
        .filter((node) => !taken.has(node))
        .sort()
        .map((node) => ({
          node,
          strength: 'entry_point' as const,
          reason:
            inWindow.length === 0
              ? 'no alert fired in the window; starting from an entry point'
              : 'no golden-signal alert fired in the window; starting from an entry point too',
        }));
  const first = [...alerted, ...failures, ...entries];
  return { window, seeds: [...first, ...changeCandidates(input, window, first)], ignoredAlerts };
}

/**
 * A pod that crashed or was killed in the window is a place to look even when no alert fired
 * on it (a failure event is strong enough to seed, core/signals/k8s), earliest first. A failure
 * whose count was already high when the window saw it first began long before: chronic, left out.
 */
function failureCandidates(input: BootstrapInput, window: TimeWindow, taken: readonly Seed[]): Seed[] {
  const seen = new Set(taken.flatMap((s) => [s.node, ...input.aliasesOf(s.node)]));
  const first = new Map<string, BootstrapInput['failureEvents'][number]>();
  for (const e of input.failureEvents) {
    if (e.time < window.start - ONSET_LEAD_MS || e.time > window.end) continue;
    const key = `${e.entity}\u0000${e.reason}`;
    const known = first.get(key);
    if (!known || e.time < known.time) first.set(key, e);
  }
  const onsets = [...first.values()]
    .filter((e) => e.count < CHRONIC_FAILURE_COUNT)
    .sort((a, b) => a.time - b.time || a.entity.localeCompare(b.entity));
  const out: Seed[] = [];
  for (const e of onsets) {
    if (seen.has(e.entity)) continue;
    for (const id of [e.entity, ...input.aliasesOf(e.entity)]) seen.add(id);
    out.push({
      node: e.entity,
      strength: 'failure_candidate',
      reason: `failure event ${e.id} (${e.reason}) on ${e.entity} in the window, no alert on it`,
    });
  }
  return out;
}

/**
 * Changes are candidates in their own right (docs/changes.md): every entity changed in the
 * window or the lead time before it is visited after the alerting ones, latest change first, so
 * a change that precedes nothing abnormal is refuted rather than never looked at.
 */
function changeCandidates(input: BootstrapInput, window: TimeWindow, taken: readonly Seed[]): Seed[] {
  // A changed Deployment whose Service is already a seed is the same thing: its packet holds the change.
  const seen = new Set(taken.flatMap((s) => [s.node, ...input.aliasesOf(s.node)]));
  const recent = input.changes
    .filter((c) => c.time >= window.start - ONSET_LEAD_MS && c.time <= window.end)
    .sort((a, b) => b.time - a.time || a.entity.localeCompare(b.entity));
  const out: Seed[] = [];
  for (const c of recent) {
    if (seen.has(c.entity)) continue;
    for (const id of [c.entity, ...input.aliasesOf(c.entity)]) seen.add(id);
    const acts = (input.changeTargetsOf?.(c.entity) ?? []).filter((t) => t !== c.entity && /\/Service\//.test(t));
    out.push({
      node: c.entity,
      strength: 'change_candidate',
      reason: `change ${c.id} on ${c.entity} in the window: a candidate cause${acts.length ? ` (acts on ${acts.join(', ')})` : ''}`,
    });
  }
  return out;
}

function windowFromAlerts(alerts: readonly BootstrapAlert[], incidentTime: number | null): TimeWindow {
  if (alerts.length === 0) {
    const t = incidentTime ?? 0;
    return { start: t - ONSET_LEAD_MS, end: t + ONSET_LEAD_MS };
  }
  const first = Math.min(...alerts.map((a) => a.startsAt));
  const last = Math.max(...alerts.map((a) => a.endsAt ?? a.startsAt + TAIL_MS));
  return { start: first - ONSET_LEAD_MS, end: Math.max(last, first + TAIL_MS) };
}

function strengthOf(alert: BootstrapAlert, input: BootstrapInput): Seed {
  const own = new Set(input.aliasesOf(alert.entity));
  own.add(alert.entity);
  const precedes = (t: number): boolean => t <= alert.startsAt && t >= alert.startsAt - ONSET_LEAD_MS;
  const ownChange = input.changes.find((c) => own.has(c.entity) && precedes(c.time));
  if (ownChange)
    return {
      node: alert.entity,
      strength: 'change_before_alert',
      reason: `${alert.name}; change ${ownChange.id} on ${ownChange.entity} precedes it`,
    };
  const failure = input.failureEvents.find(
    (e) => own.has(e.entity) && e.time <= alert.startsAt + TAIL_MS && e.time >= alert.startsAt - ONSET_LEAD_MS,
  );
  if (failure)
    return { node: alert.entity, strength: 'failure_event', reason: `${alert.name}; failure event ${failure.id} on ${failure.entity}` };
  const deps = new Set([...own].flatMap((e) => input.dependenciesOf(e)));
  const depChange = input.changes.find((c) => deps.has(c.entity) && precedes(c.time));
  if (depChange)
    return {
      node: alert.entity,
      strength: 'dependency_change',
      reason: `${alert.name}; change ${depChange.id} on dependency ${depChange.entity}`,
    };
  return { node: alert.entity, strength: 'alerting', reason: `${alert.name} (${alert.severity})` };
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}
