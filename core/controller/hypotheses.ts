import { focusVisits, reasonHypotheses, type AliasesOf } from '../hypotheses/index.js';
import type { HypothesisSettings } from '../ledger/index.js';
import { activate } from './evaluate.js';
import type { EvaluationContext } from './evaluate.js';
import type { Tick } from './tick.js';

/** Alias groups from the operational graph: a hypothesis on an entity speaks for its group. */
export function aliasesIn(ctx: EvaluationContext): AliasesOf {
  return (id) => (ctx.graph.has(id) ? ctx.graph.aliases(id) : [id]);
}

/**
 * The hypothesis layer's turn in a tick: labels become support and refute edges, the focus
 * settles (drill-down, backtracking), and the focus decides which nodes are evaluated next —
 * its entity's unvisited dependencies and configuration, at the front of the ActiveSet.
 */
export function followFocus(tick: Tick, ctx: EvaluationContext, settings: HypothesisSettings): void {
  reasonHypotheses(tick, settings, aliasesIn(ctx));
  const layer = tick.state.hypotheses;
  const focus = layer.focus === null ? undefined : layer.hypotheses.get(layer.focus);
  if (!focus?.entity) return;
  // Front pushes reverse the order: activate the last first, so the first is evaluated first.
  for (const node of focusVisits(tick.state, ctx.graph).reverse()) activate(tick, ctx, node, 'hypothesis', focus.entity);
}
