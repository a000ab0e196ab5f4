import type { HypothesisNode, HypothesisSettings, InvestigationState, NewLedgerEvent } from '../ledger/index.js';
import { observe } from './observe.js';
import type { AliasesOf, ClassObservation } from './observe.js';
import { noAliases } from './observations.js';
import { classStatements } from './statements.js';
import { chainOf, childrenOf, isStanding, nextHypothesisId, rankedChildren } from './tree.js';

/** What the engine needs of a controller tick: the live state and a way to append events to it. */
export interface HypothesisEmitter {
  readonly state: InvestigationState;
  emit(event: NewLedgerEvent): number;
}

/** Level 3 (mechanism) answers the incident; level 4 (code region) comes from the code layer (code-regions.ts). */
export const MAX_LEVEL = 3;
/** A focus loop drills or backtracks at most this many times per tick (each move is a ledger event). */
const MAX_MOVES = 12;
const MAX_SYMPTOMS = 20;

interface Target {
  confidence: number;
  support: string[];
  refute: string[];
  isRefuted: boolean;
  reason: string;
}

const round = (x: number): number => Math.round(x * 1e6) / 1e6;

function targetOf(h: HypothesisNode, observed: readonly ClassObservation[], state: InvestigationState): Target {
  const gone: Target = { confidence: 0, support: [], refute: [], isRefuted: true, reason: 'no longer observed' };
  if (h.level === 1) {
    const cls = observed.find((o) => o.cause === h.cause);
    return cls ?? gone;
  }
  const parent = h.parent === null ? undefined : state.hypotheses.hypotheses.get(h.parent);
  // A code region (level 4, from the code layer) keeps its own support; it stands while its mechanism does.
  if (h.level === 4) {
    if (!parent) return gone;
    const mechanism = targetOf(parent, observed, state);
    if (mechanism.isRefuted) return { ...gone, reason: `its mechanism ${parent.id} no longer stands` };
    return { confidence: h.confidence, support: [], refute: [], isRefuted: false, reason: '' };
  }
  const cause = h.level === 2 ? h.cause : (parent?.cause ?? h.cause);
  const entity = observed.find((o) => o.cause === cause)?.entities.find((e) => e.entity === h.entity);
  if (!entity) return gone;
  if (h.level === 2) return entity;
  const mechanism = entity.mechanism;
  if (entity.isRefuted || !mechanism) return { ...gone, refute: entity.refute, reason: entity.reason || gone.reason };
  return { confidence: mechanism.confidence, support: mechanism.support, refute: [], isRefuted: false, reason: '' };
}

/** Emits the support / refute edges and confidence change that bring `h` to what is observed. */
function update(tick: HypothesisEmitter, h: HypothesisNode, target: Target): void {
  if (h.status === 'pruned') return;
  const confidence = round(target.confidence);
  const newSupport = target.support.filter((id) => !h.support.includes(id));
  const newRefute = target.refute.filter((id) => !h.refute.includes(id));
  const isRefuted = h.status === 'refuted';
  if (target.isRefuted) {
    // What the refuted hypothesis rested on stays visible (e.g. the change that preceded nothing).
    if (newSupport.length > 0) tick.emit({ type: 'HypothesisSupported', id: h.id, evidence: newSupport, confidence });
    if (!isRefuted || newSupport.length > 0 || newRefute.length > 0 || confidence !== h.confidence) {
      tick.emit({ type: 'HypothesisRefuted', id: h.id, evidence: newRefute, confidence, reason: target.reason, isRefuted: true });
    }
    return;
  }
  if (h.isRejected) return;
  if (isRefuted || newSupport.length > 0 || confidence > h.confidence) {
    tick.emit({ type: 'HypothesisSupported', id: h.id, evidence: newSupport, confidence });
  } else if (newRefute.length > 0 || confidence < h.confidence) {
    tick.emit({
      type: 'HypothesisRefuted',
      id: h.id,
      evidence: newRefute,
      confidence,
      reason: target.reason || 'weaker evidence',
      isRefuted: false,
    });
  }
}

function symptomsOf(state: InvestigationState): string[] {
  const fromAlerts = (state.started?.bootstrap?.alerts ?? []).map((a) => a.entity);
  return [...new Set(fromAlerts)].sort().slice(0, MAX_SYMPTOMS);
}

/** Refine edges: every observed child of `parent` that it does not have yet (level 2: entities; 3: the mechanism). */
function refine(tick: HypothesisEmitter, parent: HypothesisNode, observed: readonly ClassObservation[]): void {
  const layer = tick.state.hypotheses;
  const existing = childrenOf(layer, parent.id);
  if (parent.level === 1) {
    const cls = observed.find((o) => o.cause === parent.cause);
    for (const e of cls?.entities ?? []) {
      const old = existing.find((c) => c.entity === e.entity);
      if (old && old.status !== 'pruned') continue;
      const id = old?.id ?? nextHypothesisId(layer);
      tick.emit({
        type: 'HypothesisRefined',
        id,
        parent: parent.id,
        level: 2,
        cause: parent.cause,
        statement: e.statement,
        entity: e.entity,
        confidence: 0,
        ...(e.source ? { source: e.source } : {}),
      });
    }
  } else if (parent.level === 2 && parent.level < MAX_LEVEL) {
    const entity = observed.find((o) => o.cause === parent.cause)?.entities.find((e) => e.entity === parent.entity);
    const mechanism = entity?.mechanism;
    const old = existing[0];
    if (!mechanism || (old && old.status !== 'pruned')) return;
    const id = old?.id ?? nextHypothesisId(layer);
    tick.emit({
      type: 'HypothesisRefined',
      id,
      parent: parent.id,
      level: 3,
      cause: parent.cause,
      statement: mechanism.statement,
      entity: parent.entity,
      confidence: 0,
      ...(mechanism.source ? { source: mechanism.source } : {}),
    });
  }
}

function updateAll(tick: HypothesisEmitter, observed: readonly ClassObservation[]): void {
  for (const h of [...tick.state.hypotheses.hypotheses.values()].sort((a, b) => a.seq - b.seq)) {
    update(tick, h, targetOf(h, observed, tick.state));
  }
}

function hasChildrenToDerive(h: HypothesisNode, observed: readonly ClassObservation[]): boolean {
  if (h.level >= MAX_LEVEL) return false;
  const cls = observed.find((o) => o.cause === h.cause);
  if (h.level === 1) return (cls?.entities.length ?? 0) > 0;
  return cls?.entities.find((e) => e.entity === h.entity)?.mechanism != null;
}

function moveFocus(tick: HypothesisEmitter, to: HypothesisNode | null, level: number): void {
  const from = tick.state.hypotheses.focus;
  if (from === (to?.id ?? null) && tick.state.hypotheses.level === level) return;
  tick.emit({ type: 'FocusMoved', from, to: to?.id ?? null, level });
}

/**
 * Backtracking: the shallowest ancestor of the focus that is no longer first among its siblings
 * sends the state machine back to its level; every hypothesis deeper than that is pruned.
 * Returns true when it moved.
 */
function backtrack(tick: HypothesisEmitter, focus: HypothesisNode): boolean {
  const layer = tick.state.hypotheses;
  const chain = chainOf(layer, focus).slice(0, -1);
  for (const ancestor of chain) {
    const top = rankedChildren(layer, ancestor.parent)[0];
    if (top?.id === ancestor.id) continue;
    const toLevel = ancestor.level;
    const fromLevel = layer.level;
    for (const h of [...layer.hypotheses.values()].sort((a, b) => a.seq - b.seq)) {
      // Refuted hypotheses keep their status and reason: pruning discards branches, not verdicts.
      if (h.level > toLevel && isStanding(h)) {
        tick.emit({ type: 'HypothesisPruned', id: h.id, reason: `backtracked to level ${toLevel}: ${ancestor.id} lost first place` });
      }
    }
    tick.emit({ type: 'Backtracked', ancestor: ancestor.id, fromLevel, toLevel });
    moveFocus(tick, top ?? null, toLevel);
    return true;
  }
  return false;
}

/** Drill-down: P(top) − P(second) > δ and |E_sup(top)| ≥ η (a pinned top needs no gap). */
export function isDecisive(top: HypothesisNode, second: HypothesisNode | undefined, settings: HypothesisSettings): boolean {
  const gap = top.confidence - (second?.confidence ?? 0);
  return (top.isPinned || gap > settings.delta + 1e-9) && top.support.length >= settings.eta;
}

/** Moves the focus, backtracks and drills down until the state machine rests. */
function settle(tick: HypothesisEmitter, settings: HypothesisSettings, observed: readonly ClassObservation[]): void {
  const layer = tick.state.hypotheses;
  for (let moves = 0; moves < MAX_MOVES; moves++) {
    const current = layer.focus === null ? undefined : layer.hypotheses.get(layer.focus);
    if (current && current.status !== 'pruned' && backtrack(tick, current)) continue;
    const focus = current && current.status !== 'pruned' ? current : undefined;
    const siblings = rankedChildren(layer, focus?.parent ?? null);
    const top = siblings[0];
    if (top?.id !== focus?.id) {
      moveFocus(tick, top ?? null, top?.level ?? 1);
      if (!top) return;
      continue;
    }
    if (!top || !isDecisive(top, siblings[1], settings) || !hasChildrenToDerive(top, observed)) return;
    tick.emit({
      type: 'DrilledDown',
      hypothesis: top.id,
      fromLevel: top.level,
      toLevel: top.level + 1,
      gap: round(top.confidence - (siblings[1]?.confidence ?? 0)),
      support: top.support.length,
    });
    refine(tick, top, observed);
    updateAll(tick, observed);
    const child = rankedChildren(layer, top.id)[0];
    moveFocus(tick, child ?? top, child ? top.level + 1 : top.level);
    if (!child) return;
  }
}

/**
 * One round of abductive reasoning after the policy's labels changed: derive cause classes from
 * the symptoms, turn labels into support and refute edges, keep the drilled branch's children
 * complete, then backtrack or drill down. Deterministic: the same state gives the same events.
 */
export function reasonHypotheses(tick: HypothesisEmitter, settings: HypothesisSettings, aliasesOf: AliasesOf = noAliases): void {
  const observed = observe(tick.state, aliasesOf);
  const layer = tick.state.hypotheses;
  for (const cls of observed) {
    if ([...layer.hypotheses.values()].some((h) => h.level === 1 && h.cause === cls.cause)) continue;
    tick.emit({
      type: 'HypothesisDerived',
      id: nextHypothesisId(layer),
      level: 1,
      cause: cls.cause,
      statement: classStatements[cls.cause],
      entity: null,
      confidence: 0,
      symptoms: symptomsOf(tick.state),
      ...(cls.source ? { source: cls.source } : {}),
    });
  }
  // The drilled branch keeps every observed alternative, so siblings compete on the same evidence.
  const focus = layer.focus === null ? undefined : layer.hypotheses.get(layer.focus);
  if (focus) for (const ancestor of chainOf(layer, focus).slice(0, -1)) if (isStanding(ancestor)) refine(tick, ancestor, observed);
  updateAll(tick, observed);
  settle(tick, settings, observed);
}
