import { buildContextPacket, DEFAULT_TOKEN_BUDGET, GUARANTEED_PER_KIND } from '../../core/context/index.js';
import type { BeliefView, PacketBuilder } from '../../core/controller/index.js';
import { ONSET_LEAD_MS } from '../../core/bootstrap/index.js';
import { changeSources, servedConfigs, type OperationalGraph } from '../../core/graph/index.js';
import { isCitableFault } from '../../core/controller/index.js';
import type { EntityId } from '../../core/model/ids.js';
import { evidenceKinds, type EvidenceItem, type EvidenceKind } from '../../core/model/evidence.js';
import type { ContextPacket, TimeWindow } from '../../core/model/packet.js';
import type { ScopeMessage, ScopeRecord } from '../../core/ledger/index.js';
import type { PacketScope } from '../../core/model/packet-scope.js';
import { packetScope } from '../../core/scopes/index.js';
import { metricMeaning, usageLimit } from '../../core/signals/index.js';
import type { EvidenceStore } from '../store/index.js';

/** Candidates fetched per member entity before the token budget picks among them. */
const CANDIDATES_PER_ENTITY = 150;
/** Alerts fetched per member before the scopes thin them to one per signature. */
const ALERT_CANDIDATES_PER_ENTITY = 2000;
/** Instance pairs of two services shown before other evidence of lower rank may follow. */
const INSTANCE_PAIRS_FIRST = 2;
/** Change records fetched per entity that configures or hosts the node. */
const CHANGES_PER_ENTITY = 20;

export interface StorePacketBuilderOptions {
  store: EvidenceStore;
  graph: OperationalGraph;
  window: TimeWindow;
  incidentTime: number | null;
  tokenBudget?: number;
  /** The alert scopes (docs/scopes.md): one alert per signature in a packet, and the scope's summary. */
  scopes?: PacketScopes;
  /** The case library's prior line (docs/cases.md §4), carried by every packet; none by default. */
  prior?: string | null;
}

export interface PacketScopes {
  records: readonly ScopeRecord[];
  /** Signatures the scoping dismissed (monitoring noise, chronic): counted in a packet, never shown. */
  dismissed: ReadonlySet<string>;
  signatureOf: ReadonlyMap<string, string>;
  representative: (entity: EntityId) => EntityId;
  /** Scope messages so far (the ledger's), newest last. */
  messages: () => readonly ScopeMessage[];
}

/**
 * Builds context packets from the evidence store. A node speaks for its alias group (a
 * Service for its Deployment and Pods), so its packet gathers the group's evidence; trace
 * edges are lifted to the level the investigation walks (pod → its service), so callers and
 * callees in a packet are ids the policy can find among the node's neighbours.
 */
export class StorePacketBuilder implements PacketBuilder {
  private readonly representative = new Map<EntityId, EntityId>();
  /** Whether a served configuration's server is healthy, by the server group's first member. */
  private readonly health = new Map<EntityId, boolean>();

  constructor(private readonly options: StorePacketBuilderOptions) {
    for (const id of options.graph.ids()) {
      const service = options.graph.aliasService(id);
      if (service) this.representative.set(id, service);
    }
  }

  build(node: EntityId, view: BeliefView): ContextPacket {
    const { store, graph, window } = this.options;
    const members = [node, ...graph.aliases(node).filter((m) => m !== node)];
    const items: EvidenceItem[] = [];
    const totals: Partial<Record<EvidenceKind, number>> = {};
    for (const member of members) {
      if (!store.hasEntity(member)) continue;
      for (const page of this.pages(member)) {
        items.push(...page.items);
        for (const kind of evidenceKinds) {
          const shown = page.items.filter((e) => e.kind === kind).length;
          totals[kind] = (totals[kind] ?? 0) + shown + (page.omittedByKind[kind] ?? 0);
        }
      }
    }
    // Changes are candidates in the window and a lead time before it, on the group and on what
    // configures it or hosts it (ConfigMaps, Secrets, Nodes: docs/changes.md).
    const lead = { start: window.start - ONSET_LEAD_MS, end: window.end };
    const served = servedConfigs(graph, node)
      .filter((s) => this.isHealthy(s.server))
      .map((s) => s.config);
    for (const source of [...new Set([...members, ...changeSources(graph, node), ...served])]) {
      if (!store.hasEntity(source)) continue;
      const page = store.evidenceFor(source, lead, { limit: CHANGES_PER_ENTITY, kinds: ['change'] });
      const fresh = page.items.filter((e) => !members.includes(source) || e.time < window.start);
      items.push(...fresh);
      totals.change = (totals.change ?? 0) + fresh.length;
    }
    const thinned = this.options.scopes ? onePerSignature(items, this.options.scopes) : items;
    const memberSet = new Set(members);
    const lift = (id: string): string => (memberSet.has(id) ? node : (this.representative.get(id) ?? id));
    const seen = new Set<string>();
    const evidence = thinned
      .filter((e) => !seen.has(e.id) && seen.add(e.id))
      .map((e) => {
        if (e.detail.type === 'trace_edge') {
          const { caller, callee } = e.detail;
          return {
            ...e,
            detail: { ...e.detail, caller: lift(caller), callee: lift(callee), callerInstance: caller, calleeInstance: callee },
          };
        }
        return e.detail.type === 'metric_anomaly' ? withMeaningAndLimit(e, graph) : e;
      })
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return buildContextPacket({
      entity: graph.entity(node),
      window,
      incidentTime: this.options.incidentTime,
      neighbours: view.neighbours(node),
      inbox: view.inbox(node),
      evidence: eachPairFirst(evidence),
      totals,
      tokenBudget: this.options.tokenBudget ?? DEFAULT_TOKEN_BUDGET,
      ...this.scopeOf(node),
      ...(this.options.prior ? { prior: this.options.prior } : {}),
    });
  }

  /**
   * A service shows no fault of its own in the window (no citable fault in any member's ranked
   * evidence): a configuration it serves acts on its callers, not through its own trouble.
   */
  private isHealthy(group: readonly EntityId[]): boolean {
    const cached = this.health.get(group[0] ?? '');
    if (cached !== undefined) return cached;
    const { store, window } = this.options;
    const healthy = !group.some(
      (m) =>
        store.hasEntity(m) &&
        store
          .evidenceFor(m, window, { limit: CANDIDATES_PER_ENTITY, kinds: evidenceKinds.filter((k) => k !== 'change') })
          .items.some(isCitableFault),
    );
    this.health.set(group[0] ?? '', healthy);
    return healthy;
  }

  /**
   * A member's candidates. With scopes, alerts are fetched apart from the rest: an alert storm
   * ranks above everything and would otherwise fill the candidates, to be thinned to a few
   * alerts afterwards with nothing else left (docs/scopes.md §3).
   */
  private pages(member: EntityId): Array<ReturnType<EvidenceStore['evidenceFor']>> {
    const { store, window, scopes } = this.options;
    if (!scopes) return [store.evidenceFor(member, window, { limit: CANDIDATES_PER_ENTITY })];
    return [
      store.evidenceFor(member, window, { limit: ALERT_CANDIDATES_PER_ENTITY, kinds: ['alert'] }),
      store.evidenceFor(member, window, { limit: CANDIDATES_PER_ENTITY, kinds: evidenceKinds.filter((k) => k !== 'alert') }),
    ];
  }

  private scopeOf(node: EntityId): { scope?: PacketScope } {
    const scopes = this.options.scopes;
    if (!scopes) return {};
    const scope = packetScope(scopes.records, scopes.representative(node), scopes.messages());
    return scope ? { scope } : {};
  }
}

/**
 * An alert storm repeats a few kinds of alert thousands of times: a packet shows the earliest
 * alert of each signature in the node's group, none of a flood's (a signature-bound scope: the
 * packet's scope summary says how far it spread and where it started) and none the scoping
 * dismissed (heartbeats, inhibitors, informational, chronic: they say nothing about the node).
 * The others are counted in "more not shown", so they never crowd out the node's own evidence.
 */
function onePerSignature(items: readonly EvidenceItem[], scopes: PacketScopes): EvidenceItem[] {
  const floods = new Set(scopes.records.filter((s) => s.kind === 'signature').flatMap((s) => s.signatures.map((x) => x.signature)));
  const first = new Map<string, EvidenceItem>();
  for (const e of items) {
    if (e.kind !== 'alert') continue;
    const key = scopes.signatureOf.get(e.id) ?? e.id;
    if (floods.has(key) || scopes.dismissed.has(key)) continue;
    const known = first.get(key);
    if (!known || e.time < known.time || (e.time === known.time && e.id < known.id)) first.set(key, e);
  }
  const kept = new Set([...first.values()].map((e) => e.id));
  return items.filter((e) => e.kind !== 'alert' || kept.has(e.id));
}

/**
 * Rank order, except for the trace edges in it. The first few (those a packet always admits)
 * join distinct pairs of services: a caller whose surge explains me ranks below callers whose
 * calls fail, and would otherwise never be seen beside the second instance pair of each. Beyond
 * two instance pairs of the same two services, further edges between them wait until the end:
 * two instance pairs are what tell a delay of one instance from one of the link, and with many
 * replicas the instance pairs of one busy caller would otherwise fill the packet and push out
 * the node's other dependencies.
 */
export function eachPairFirst(evidence: readonly EvidenceItem[]): EvidenceItem[] {
  const pairOf = (e: EvidenceItem): string | null => (e.detail.type === 'trace_edge' ? `${e.detail.caller}\u0000${e.detail.callee}` : null);
  const shown = new Map<string, number>();
  const first: EvidenceItem[] = [];
  const repeats: EvidenceItem[] = [];
  for (const e of evidence) {
    const pair = pairOf(e);
    const n = pair === null ? 0 : (shown.get(pair) ?? 0);
    if (pair !== null) shown.set(pair, n + 1);
    (n < INSTANCE_PAIRS_FIRST ? first : repeats).push(e);
  }
  // The edges' places in the order stay; which edge takes each is decided here.
  const edges = first.filter((e) => pairOf(e) !== null);
  const leading: EvidenceItem[] = [];
  const pairs = new Set<string>();
  for (const e of edges) {
    const pair = pairOf(e) as string;
    if (leading.length < GUARANTEED_PER_KIND && !pairs.has(pair)) {
      leading.push(e);
      pairs.add(pair);
    }
  }
  const queue = [...leading, ...edges.filter((e) => !leading.includes(e))];
  return [...first.map((e) => (pairOf(e) === null ? e : (queue.shift() as EvidenceItem))), ...repeats];
}

/**
 * A metric anomaly carries its meaning, and a usage the limit its entity declares
 * (core/signals usageLimit), so a policy can read how full it ran. Signals derived before
 * meanings were stored get theirs here, from the same reading of unit and name.
 */
function withMeaningAndLimit(item: EvidenceItem, graph: OperationalGraph): EvidenceItem {
  if (item.detail.type !== 'metric_anomaly') return item;
  let detail = item.detail;
  if (detail.meaning === undefined) {
    const meaning = metricMeaning(detail.metric, detail.unit ?? null);
    if (meaning !== null) detail = { ...detail, meaning };
  }
  const limit = graph.has(item.entity) ? usageLimit(graph.entity(item.entity), detail) : undefined;
  if (limit !== undefined) detail = { ...detail, limit };
  return detail === item.detail ? item : { ...item, detail };
}
