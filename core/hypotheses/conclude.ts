import type { EntityId } from '../model/index.js';
import type { HypothesisNode, HypothesisSettings, InvestigationState } from '../ledger/index.js';
import type { OperationalGraph } from '../graph/index.js';
import { reasonHypotheses } from './engine.js';
import type { HypothesisEmitter } from './engine.js';
import { observe } from './observe.js';
import { noAliases, type AliasesOf } from './observations.js';
import { chainOf, compareHypotheses, isStanding, rankedChildren } from './tree.js';

/** Hypotheses within δ of `best` among `ranked`: the evidence does not tell them apart. */
function tiedWith(best: HypothesisNode, ranked: readonly HypothesisNode[], settings: HypothesisSettings): HypothesisNode[] {
  if (best.isPinned) return ranked.filter((h) => h.isPinned);
  return ranked.filter((h) => best.confidence - h.confidence <= settings.delta + 1e-9);
}

/**
 * Stop and report (at Finished): the drilled chain down to the focus is accepted, with the
 * focus's siblings the evidence cannot separate from it (within δ). A cause class has to name
 * an entity to answer, so an accepted class accepts its entities within δ of its best one.
 */
export function concludeHypotheses(tick: HypothesisEmitter, settings: HypothesisSettings, aliasesOf: AliasesOf = noAliases): void {
  reasonHypotheses(tick, settings, aliasesOf);
  const layer = tick.state.hypotheses;
  const focus = layer.focus === null ? undefined : layer.hypotheses.get(layer.focus);
  if (!focus || !isStanding(focus)) return;
  const accepted: HypothesisNode[] = chainOf(layer, focus).slice(0, -1);
  const tied = tiedWith(focus, rankedChildren(layer, focus.parent), settings);
  const observed = observe(tick.state, aliasesOf);
  for (const h of tied) {
    accepted.push(h);
    if (h.level !== 1) continue;
    const cls = observed.find((o) => o.cause === h.cause);
    const best = cls?.entities.find((e) => !e.isRefuted);
    for (const e of cls?.entities ?? []) {
      if (e.isRefuted || !best || best.confidence - e.confidence > settings.delta + 1e-9) continue;
      // A child pruned by an earlier backtrack is re-derived under its own id, not duplicated.
      const existing = [...layer.hypotheses.values()].find((c) => c.parent === h.id && c.entity === e.entity);
      const id = existing?.id ?? `h${layer.hypotheses.size + 1}`;
      if (!existing || existing.status === 'pruned') {
        tick.emit({
          type: 'HypothesisRefined',
          id,
          parent: h.id,
          level: 2,
          cause: h.cause,
          statement: e.statement,
          entity: e.entity,
          confidence: 0,
        });
        tick.emit({ type: 'HypothesisSupported', id, evidence: e.support, confidence: Math.round(e.confidence * 1e6) / 1e6 });
      }
      const child = layer.hypotheses.get(id);
      if (child) accepted.push(child);
    }
  }
  for (const h of accepted) if (h.status !== 'accepted') tick.emit({ type: 'HypothesisAccepted', id: h.id });
}

/** The entities of the accepted entity hypotheses, best first: the layer's frontier. */
export function acceptedEntities(state: InvestigationState): EntityId[] {
  const accepted = [...state.hypotheses.hypotheses.values()].filter((h) => h.status === 'accepted' && h.level === 2 && h.entity !== null);
  return [...new Set(accepted.sort(compareHypotheses).map((h) => h.entity as EntityId))];
}

const MAX_VISITS_PER_FOCUS = 8;

/**
 * Nodes that would confirm or refute the focus: the unvisited dependencies of its entity's
 * alias group — what it calls, depends on or runs on, and the ConfigMaps/Secrets that
 * configure it. If one of them turns out to be an origin, the focus is explained by it.
 */
export function focusVisits(state: InvestigationState, graph: OperationalGraph): EntityId[] {
  const layer = state.hypotheses;
  const focus = layer.focus === null ? undefined : layer.hypotheses.get(layer.focus);
  if (!focus || focus.entity === null || !graph.has(focus.entity)) return [];
  const wanted = new Set<EntityId>();
  for (const member of graph.aliases(focus.entity)) {
    if (!graph.has(member)) continue;
    for (const n of graph.neighbours(member)) {
      const isDependency = n.direction === 'out' && (n.relation === 'calls' || n.relation === 'depends_on' || n.relation === 'runs_on');
      const isConfiguration = n.direction === 'in' && n.relation === 'configures';
      if ((isDependency || isConfiguration) && (state.nodes.get(n.id)?.visits ?? 0) === 0 && !state.active.has(n.id)) wanted.add(n.id);
    }
  }
  return [...wanted].sort().slice(0, MAX_VISITS_PER_FOCUS);
}
