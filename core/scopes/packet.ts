import type { ScopeMessage, ScopeRecord } from '../ledger/events-scopes.js';
import type { EntityId } from '../model/ids.js';
import type { PacketScope } from '../model/packet-scope.js';

const MAX_ENTITIES = 8;
const MAX_SIGNATURES = 6;
const MAX_FLOODS = 4;
const MAX_MESSAGES = 4;
const MAX_TEXT = 160;

/** The scope an entity's alerts belong to, and the floods (signature-bound scopes) that reached it. */
export function scopesOf(scopes: readonly ScopeRecord[], entity: EntityId): { own: ScopeRecord | null; floods: ScopeRecord[] } {
  return {
    own: scopes.find((s) => s.kind === 'entity' && s.entities.includes(entity)) ?? null,
    floods: scopes.filter((s) => s.kind === 'signature' && s.entities.includes(entity)),
  };
}

/**
 * What a node's packet carries of its scope (docs/scopes.md §3): its scope's entities and
 * alert signatures, the floods that reached it (with where the node stands in their order of
 * arrival) and the scope messages addressed to its scopes, newest first. Undefined when the
 * node is in no scope or its scope is itself alone with no flood and no message: the node's
 * own alerts already say everything (and such packets keep their bytes).
 */
export function packetScope(
  scopes: readonly ScopeRecord[],
  entity: EntityId,
  messages: readonly ScopeMessage[] = [],
): PacketScope | undefined {
  const { own, floods } = scopesOf(scopes, entity);
  const mine = new Set([own?.id, ...floods.map((f) => f.id)].filter((id): id is string => id !== undefined));
  const inbox = messages
    .filter((m) => mine.has(m.to))
    .slice(-MAX_MESSAGES)
    .reverse();
  if (floods.length === 0 && inbox.length === 0 && (own === null || own.entities.length <= 1)) return undefined;
  const sorted = own ? [entity, ...own.entities.filter((e) => e !== entity)] : [entity];
  return {
    id: own?.id ?? null,
    entities: sorted.slice(0, MAX_ENTITIES),
    moreEntities: Math.max(0, sorted.length - MAX_ENTITIES),
    alerts: own?.alerts ?? 0,
    signatures: (own?.signatures ?? []).slice(0, MAX_SIGNATURES),
    floods: [...floods]
      .sort((a, b) => (b.flood?.kept ?? 0) - (a.flood?.kept ?? 0) || a.id.localeCompare(b.id))
      .slice(0, MAX_FLOODS)
      .map((f) => {
        const flood = f.flood;
        const order = flood ? flood.firstEntities.indexOf(entity) : -1;
        return {
          scope: f.id,
          signature: f.signatures[0]?.signature ?? '',
          kept: flood?.kept ?? f.alerts,
          entities: flood?.entities ?? f.entities.length,
          onNode: flood ? onNodeOf(flood, entity) : 0,
          order: order >= 0 ? order + 1 : null,
          firstEntities: flood?.firstEntities ?? [],
          first: f.first,
          last: f.last,
        };
      }),
    messages: inbox.map((m) => ({
      kind: m.kind,
      from: m.from,
      node: m.node,
      text: m.text.length > MAX_TEXT ? `${m.text.slice(0, MAX_TEXT)}…` : m.text,
      evidence: m.evidence.slice(0, 3),
    })),
  };
}

/** The flood's alerts on the node: counted when it is among the top entities, else unknown (null), never a false 0. */
function onNodeOf(flood: NonNullable<ScopeRecord['flood']>, entity: EntityId): number | null {
  const top = flood.perEntity.find((p) => p.entity === entity);
  if (top) return top.count;
  return flood.perEntity.length < flood.entities ? null : 0;
}
