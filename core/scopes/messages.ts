import type { InvestigationState, LedgerEvent, NewLedgerEvent, ScopeRecord } from '../ledger/index.js';
import type { EntityId } from '../model/ids.js';

/** An Origin this sure of itself, citing a change, is worth telling the neighbour scopes. */
export const BROADCAST_CONFIDENCE = 0.8;
const MAX_EVIDENCE = 3;

export interface ScopeRouting {
  scopes: readonly ScopeRecord[];
  /** The entity a node's alerts are scoped under (its Service, or itself). */
  representative: (node: EntityId) => EntityId;
  /** True when the node is in the operational graph (only such nodes can be visited). */
  has: (node: EntityId) => boolean;
}

/**
 * The scopes' reaction to one tick's judgements (docs/scopes.md §4), routed along the
 * topology (a scope writes only to its neighbour scopes):
 * - a node judged Symptom makes its scope `request` evidence from each neighbour scope once:
 *   that scope's first entity not yet looked at is visited next (Activated, reason `message`);
 * - a requested entity, once judged, makes its scope `confirm` the verdict to the requester;
 * - an Origin at or above BROADCAST_CONFIDENCE citing a change is `broadcast` to every
 *   neighbour scope, whose packets then carry it.
 * Pure and deterministic: the same state and tick give the same events.
 */
export function scopeReactions(routing: ScopeRouting, state: InvestigationState, tick: readonly LedgerEvent[]): NewLedgerEvent[] {
  const out: NewLedgerEvent[] = [];
  const sent = [...state.scopes.messages];
  const send = (message: Omit<Extract<NewLedgerEvent, { type: 'ScopeMessage' }>, 'type'>): void => {
    const event = { type: 'ScopeMessage' as const, ...message };
    out.push(event);
    sent.push({ ...event, seq: -1 });
  };
  const byId = new Map(routing.scopes.map((s) => [s.id, s]));
  const scopeOf = (node: EntityId): ScopeRecord | undefined =>
    routing.scopes.find((s) => s.kind === 'entity' && s.entities.includes(routing.representative(node)));
  for (const event of tick) {
    if (event.type !== 'BeliefSet' || event.source !== 'policy') continue;
    const { node, belief } = event;
    const own = scopeOf(node);
    if (!own) continue;
    const evidence = belief.evidence.slice(0, MAX_EVIDENCE);
    for (const request of sent.filter((m) => m.kind === 'request' && m.to === own.id && m.node === node)) {
      if (sent.some((m) => m.kind === 'confirm' && m.from === own.id && m.to === request.from && m.node === node)) continue;
      send({
        kind: 'confirm',
        from: own.id,
        to: request.from,
        node,
        text: `${node} judged ${belief.label} (${belief.confidence})`,
        evidence,
      });
    }
    if (belief.label === 'Origin' && belief.confidence >= BROADCAST_CONFIDENCE && belief.evidence.some((id) => id.startsWith('change:'))) {
      for (const to of own.neighbours) {
        if (
          byId.get(to)?.kind !== 'entity' ||
          sent.some((m) => m.kind === 'broadcast' && m.from === own.id && m.to === to && m.node === node)
        )
          continue;
        send({ kind: 'broadcast', from: own.id, to, node, text: `Origin ${node}: ${belief.summary}`.slice(0, 300), evidence });
      }
    }
    if (belief.label !== 'Symptom') continue;
    for (const to of own.neighbours) {
      const target = byId.get(to);
      if (target?.kind !== 'entity' || sent.some((m) => m.kind === 'request' && m.from === own.id && m.to === to)) continue;
      const unseen = target.entities.find((e) => routing.has(e) && (state.nodes.get(e)?.visits ?? 0) === 0 && !state.active.has(e));
      if (unseen === undefined) continue;
      send({
        kind: 'request',
        from: own.id,
        to,
        node: unseen,
        text: `${node} is a symptom; ${to} is asked for evidence on ${unseen}`,
        evidence,
      });
      out.push({
        type: 'Activated',
        node: unseen,
        reason: 'message',
        by: node,
        note: `scope ${own.id} requested evidence from scope ${to}`,
      });
    }
  }
  return out;
}
