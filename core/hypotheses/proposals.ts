import type { EntityId } from '../model/index.js';
import type { CauseClass, InvestigationState, ProposedHypothesis } from '../ledger/index.js';
import type { EntityObservation } from './observations.js';
import { entityStatement } from './statements.js';

const SUMMARY_CHARS = 200;

function clip(text: string): string {
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text;
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...a, ...b.filter((id) => !a.includes(id))];
}

/** The proposals that passed the guard, one per (cause, entity): the latest wins, the support of all counts. */
function latestProposals(state: InvestigationState): ProposedHypothesis[] {
  const byKey = new Map<string, ProposedHypothesis>();
  for (const p of state.hypotheses.proposals) {
    const key = `${p.cause}\u0000${p.entity}`;
    const old = byKey.get(key);
    byKey.set(key, old ? { ...p, support: union(old.support, p.support), refute: union(old.refute, p.refute) } : p);
  }
  return [...byKey.values()];
}

/**
 * Model-proposed hypotheses as observations (docs/hypotheses.md, "Model-proposed hypotheses").
 * The labels stay the stronger evidence: a proposal on an entity whose label is Healthy,
 * Symptom or Defer is refuted; on an Origin of the same cause class it adds its support (and,
 * at the mechanism level, names the mechanism) while the label's confidence stands; on an
 * entity not judged yet it stands on its own, at the confidence the guard capped.
 */
export function addProposals(state: InvestigationState, byClass: Map<CauseClass, EntityObservation[]>): void {
  for (const p of latestProposals(state)) {
    const list = byClass.get(p.cause) ?? [];
    byClass.set(p.cause, list);
    const mechanism =
      p.level >= 3
        ? { statement: clip(`${p.entity}: ${p.statement}`), support: p.support, confidence: p.confidence, source: 'model' as const }
        : null;
    const existing = list.find((e) => e.entity === p.entity);
    if (existing) {
      if (existing.isRefuted) continue;
      existing.support = union(existing.support, p.support);
      if (mechanism && existing.mechanism) {
        existing.mechanism = {
          ...mechanism,
          support: union(existing.mechanism.support, p.support),
          confidence: existing.mechanism.confidence,
        };
      }
      continue;
    }
    const belief = state.nodes.get(p.entity as EntityId)?.belief ?? null;
    const isContradicted = belief !== null && belief.label !== 'Origin';
    list.push({
      entity: p.entity as EntityId,
      cause: p.cause,
      statement: clip(entityStatement(p.entity, p.cause)),
      confidence: isContradicted ? 0 : p.confidence,
      support: p.support,
      refute: isContradicted ? union(p.refute, belief.evidence) : p.refute,
      isRefuted: isContradicted,
      reason: isContradicted ? `proposed by the model, but its label is ${belief.label}: ${clip(belief.summary)}` : '',
      mechanism: isContradicted ? null : mechanism,
      source: 'model',
    });
  }
}
