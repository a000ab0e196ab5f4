import type { CompiledKnowledge, CausalLayerContext } from '../causal/index.js';
import {
  applyModelProposals,
  causalProposalsOf,
  deriveCausality,
  deriveNodeAnomalies,
  earlyStopReason,
  selectReminders,
} from '../causal/index.js';
import type { OperationalGraph } from '../graph/index.js';
import type { CausalSettings } from '../ledger/index.js';
import type { ContextPacket, EntityId } from '../model/index.js';
import type { InvestigationState } from '../ledger/index.js';
import type { EvaluationContext } from './evaluate.js';
import { activate } from './evaluate.js';
import { CausalKnowledgeMismatchError } from './errors.js';
import type { Tick } from './tick.js';

/** The causal layer's context, or null when it is off; the knowledge must be the one the settings name. */
export function causalContext(
  graph: OperationalGraph,
  settings: CausalSettings | undefined,
  knowledge: CompiledKnowledge | undefined,
): CausalLayerContext | null {
  if (!settings) return null;
  if (!knowledge || knowledge.sha256 !== settings.knowledge.sha256)
    throw new CausalKnowledgeMismatchError(settings.knowledge, knowledge?.sha256 ?? null);
  return { graph, knowledge, settings };
}

/**
 * The causal layer's turn in a tick (docs/causal-graph.md): each evaluated node's labels and
 * cited evidence become anomalies and alert links, the policy's own proposals are guarded and
 * checked, then the E_S claims become causality.
 */
export function followCausal(
  tick: Tick,
  ctx: CausalLayerContext,
  picks: readonly EntityId[],
  packets: readonly ContextPacket[],
  outputs: readonly unknown[],
): void {
  picks.forEach((node, i) => {
    const packet = packets[i] as ContextPacket;
    deriveNodeAnomalies(tick, ctx, node, packet);
    // What the policy proposed itself (the LLM), after what its labels derived.
    applyModelProposals(tick, ctx, node, packet, causalProposalsOf(outputs[i]));
  });
  deriveCausality(tick, ctx);
}

/**
 * Steering (docs/causal-graph.md §7): the orphan alerts' entities and the uncaused anomalies'
 * neighbours not yet evaluated are queued through the controller's own rule (visit limit, pins,
 * damping), behind what is waiting, with reason `reminder`.
 */
export function remindCausal(tick: Tick, ctx: CausalLayerContext, evaluation: EvaluationContext): void {
  // Only once the walk's own queue is empty: reminders extend the walk, they never displace its exploration.
  if (!ctx.settings.steer || tick.state.active.size > 0) return;
  for (const r of selectReminders(tick.state, ctx.graph, ctx.knowledge, { roots: ctx.settings.steerRoots }))
    activate(tick, evaluation, r.node, 'reminder', r.by, r.note);
}

/** Why the walk may stop now (early stop is on and the graph explains every alert), or null. */
export function causalStop(state: InvestigationState, ctx: CausalLayerContext, seeds: readonly string[]): string | null {
  if (!ctx.settings.earlyStop || state.active.size === 0) return null;
  return earlyStopReason(state, seeds);
}
