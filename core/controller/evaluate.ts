import type { Belief, ContextPacket, EntityId } from '../model/index.js';
import type { OperationalGraph } from '../graph/index.js';
import type { ActivationReason, ControllerSettings } from '../ledger/index.js';
import { edgeKey } from '../ledger/index.js';
import { hashString, seededShuffle } from '../random/index.js';
import { neighbourIds } from './belief-view.js';
import { guardOutput } from './guard.js';
import { guardHypotheses } from './guard-hypotheses.js';
import type { Tick } from './tick.js';
import type { OriginGate, Policy, PolicyResult } from './types.js';

export interface EvaluationContext {
  graph: OperationalGraph;
  settings: ControllerSettings;
  policy: Policy;
  originGate: OriginGate;
}

/** Without revision (the "controller only" arm) each node is evaluated once. */
export function visitLimit(settings: ControllerSettings): number {
  return settings.revision ? settings.maxVisits : 1;
}

/** Label or cited evidence changed; wording and confidence alone are not worth a broadcast. */
export function isBeliefChanged(previous: Belief | null, next: Belief): boolean {
  if (previous === null || previous.label !== next.label) return true;
  const a = [...previous.evidence].sort();
  const b = [...next.evidence].sort();
  return a.length !== b.length || a.some((id, i) => id !== b[i]);
}

/** Queues a node unless it is waiting already or may not be evaluated again. */
export function activate(tick: Tick, ctx: EvaluationContext, node: EntityId, reason: ActivationReason, by: EntityId, note = ''): void {
  const { state } = tick;
  if (state.active.has(node)) return;
  const entry = state.nodes.get(node);
  const visits = entry?.visits ?? 0;
  if ((reason === 'claim' || reason === 'proposal') && visits > 0) return;
  if (entry && (entry.isDamped || entry.isPinned || visits >= visitLimit(ctx.settings))) return;
  tick.emit({ type: 'Activated', node, reason, by, note });
}

/**
 * Nodes woken together (by one broadcast, or proposed by one evaluation) have equal priority in
 * the FIFO queue; a run of a vote (settings.visitSeed) queues them in an order shuffled from its
 * seed and where it is (`at`: seq and sender), so a replay or a resumed run shuffles the same
 * way. Without the setting they keep today's order (sorted; the policy's).
 */
function visitOrder(ctx: EvaluationContext, ids: readonly EntityId[], at: string): readonly EntityId[] {
  const seed = ctx.settings.visitSeed;
  return seed === undefined ? ids : seededShuffle(ids, hashString(`${seed}/${at}`));
}

/**
 * Step 7: send the node's belief to its neighbours (topology ∪ E_S) that are part of the
 * investigation, and re-activate the visited ones. Unvisited, unqueued neighbours are not
 * woken: they will read the belief from their packet if exploration reaches them.
 */
export function broadcast(tick: Tick, ctx: EvaluationContext, node: EntityId, reason: 'message' | 'override'): void {
  const { state } = tick;
  const entry = state.nodes.get(node);
  if (!entry?.belief || entry.beliefSeq === null) return;
  for (const to of visitOrder(ctx, neighbourIds(ctx.graph, state, node), `${state.seq}/${node}`)) {
    const other = state.nodes.get(to);
    const isVisited = (other?.visits ?? 0) > 0;
    if (!isVisited && !state.active.has(to)) continue;
    tick.emit({ type: 'MessageSent', message: { from: node, to, belief: entry.belief, seq: entry.beliefSeq } });
    if (isVisited) activate(tick, ctx, to, reason, node);
  }
}

/** Token counts as the ledger schema accepts them; anything else a policy reports becomes null. */
function tokenCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** Rule ids as the ledger accepts them: strings, once each, in the policy's order; anything else is dropped. */
function firedRules(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/**
 * The verification gate (docs/invariants.md): an Origin must cite discriminating evidence.
 * One that does not keeps its label, is recorded as unverified, and can make no outcome
 * confident. Nothing is written for an Origin that passes.
 */
function checkOrigin(tick: Tick, ctx: EvaluationContext, node: EntityId, packet: ContextPacket, belief: Belief): void {
  if (belief.label !== 'Origin') return;
  const discriminating = new Set(ctx.originGate(packet));
  if (belief.evidence.some((id) => discriminating.has(id))) return;
  const reason =
    discriminating.size === 0
      ? 'nothing in the packet is abnormal against its baseline and unexplained by a neighbour, and no change here precedes the onset'
      : `none of the cited evidence discriminates; the packet's discriminating evidence is ${[...discriminating].slice(0, 5).join(', ')}`;
  tick.emit({ type: 'OriginUnverified', node, cited: [...belief.evidence], reason });
}

/** Steps 3–8 of design.md §2 for one evaluated node, in a fixed order. */
export function applyPolicyResult(tick: Tick, ctx: EvaluationContext, node: EntityId, packet: ContextPacket, result: PolicyResult): void {
  const { state } = tick;
  for (const call of result.calls ?? []) tick.emit({ type: 'ModelCalled', ...call });
  const calledSeq = tick.emit({
    type: 'PolicyCalled',
    node,
    policy: ctx.policy.name,
    model: ctx.policy.model,
    tokensIn: tokenCount(result.tokensIn),
    tokensOut: tokenCount(result.tokensOut),
    cached: result.cached === true,
    error: typeof result.error === 'string' ? result.error : null,
  });
  tick.metrics.push({ seq: calledSeq, ms: Number.isFinite(result.ms) ? result.ms : 0 });
  if (typeof result.fallback === 'string')
    tick.emit({ type: 'PolicyFellBack', node, from: ctx.policy.name, to: 'heuristic', reason: result.fallback });
  const guarded = guardOutput(node, result.output, packet, ctx.graph);
  for (const rejection of guarded.rejections) tick.emit(rejection);
  for (const distrust of guarded.distrusted) tick.emit(distrust);
  // Model-proposed hypotheses, only while the layer is on (off, nothing of it is recorded).
  const proposed = ctx.settings.hypotheses ? guarded.hypotheses : [];
  for (const event of guardHypotheses(node, proposed, packet, ctx.graph)) tick.emit(event);

  const entry = state.nodes.get(node);
  const previous = entry?.belief ?? null;
  const flips = (entry?.flips ?? 0) + (previous !== null && previous.label !== guarded.belief.label ? 1 : 0);
  let belief = guarded.belief;
  const isGuarded = guarded.rejections.some((r) => r.reason === 'fabricated evidence') || guarded.distrusted.some((d) => d.label !== null);
  let source: 'policy' | 'guard' | 'damping' = isGuarded ? 'guard' : 'policy';
  if (flips > ctx.settings.kFlips) {
    tick.emit({ type: 'Damped', node, flips });
    belief = { ...belief, label: 'Defer' };
    source = 'damping';
  }
  const rules = firedRules(result.rules);
  tick.emit({ type: 'BeliefSet', node, belief, previous, source, reasoning: guarded.reasoning, ...(rules.length > 0 ? { rules } : {}) });
  checkOrigin(tick, ctx, node, packet, belief);

  for (const claim of guarded.claims) {
    // A second claimant of an existing edge is recorded too: the edge stands while anyone asserts it.
    if (!state.claimants.get(edgeKey(claim.from, claim.to))?.has(node)) {
      tick.emit({
        type: 'EdgeClaimed',
        from: claim.from,
        to: claim.to,
        by: node,
        evidence: claim.evidence,
        condition: claim.condition,
        effect: claim.effect,
        isDiscovered: !ctx.graph.isAdjacent(claim.from, claim.to),
      });
    }
    for (const end of [claim.from, claim.to]) if (end !== node) activate(tick, ctx, end, 'claim', node);
  }
  if (ctx.settings.revision && isBeliefChanged(previous, belief)) broadcast(tick, ctx, node, 'message');
  for (const proposal of visitOrder(ctx, guarded.proposals, `${tick.state.seq}/${node}/proposals`))
    activate(tick, ctx, proposal, 'proposal', node);
}
