import type { EntityId } from '../model/index.js';
import type { CauseClass } from './events-hypotheses.js';
import type { LedgerEvent } from './events.js';

export type HypothesisStatus = 'open' | 'accepted' | 'refuted' | 'pruned';

/** One hypothesis node of the causal graph, as the ledger built it. */
export interface HypothesisNode {
  id: string;
  level: number;
  parent: string | null;
  cause: CauseClass;
  statement: string;
  entity: EntityId | null;
  confidence: number;
  /** Evidence ids with a support edge to the hypothesis, in the order they arrived. */
  support: string[];
  /** Evidence ids with a refute edge. */
  refute: string[];
  status: HypothesisStatus;
  /** Symptom entities it was derived from (level 1). */
  symptoms: string[];
  isPinned: boolean;
  isRejected: boolean;
  /** Sequence number of the event that created it. */
  seq: number;
  /** 'model' when a policy proposed it (HypothesisProposed); absent when the labels derived it. */
  source?: 'model';
}

/** A proposal that passed the guard (HypothesisProposed): input to the engine's observations. */
export interface ProposedHypothesis {
  node: EntityId;
  level: number;
  cause: CauseClass;
  entity: EntityId;
  statement: string;
  confidence: number;
  support: string[];
  refute: string[];
  seq: number;
}

/** The hypothesis layer's part of the investigation state: S_t, h*_t and the causal graph. */
export interface HypothesisLayerState {
  hypotheses: Map<string, HypothesisNode>;
  /** S_t: the level under investigation (1 before anything is derived). */
  level: number;
  /** h*_t: the reasoning focus. */
  focus: string | null;
  /** Model-proposed hypotheses that passed the guard, in ledger order. */
  proposals: ProposedHypothesis[];
}

export function createHypothesisLayer(): HypothesisLayerState {
  return { hypotheses: new Map(), level: 1, focus: null, proposals: [] };
}

type HypothesisEvent = Extract<
  LedgerEvent,
  {
    type:
      | 'HypothesisDerived'
      | 'HypothesisRefined'
      | 'HypothesisSupported'
      | 'HypothesisRefuted'
      | 'FocusMoved'
      | 'DrilledDown'
      | 'Backtracked'
      | 'HypothesisPruned'
      | 'HypothesisAccepted'
      | 'AnalystHypothesis'
      | 'HypothesisProposed'
      | 'HypothesisRejected';
  }
>;

function addAll(list: string[], ids: readonly string[]): void {
  for (const id of ids) if (!list.includes(id)) list.push(id);
}

/** Applies one hypothesis event; called by applyEvent, the only interpreter of events. */
export function applyHypothesisEvent(layer: HypothesisLayerState, event: HypothesisEvent): void {
  const node = 'id' in event ? layer.hypotheses.get(event.id) : undefined;
  switch (event.type) {
    case 'HypothesisDerived':
    case 'HypothesisRefined': {
      const previous = layer.hypotheses.get(event.id);
      layer.hypotheses.set(event.id, {
        id: event.id,
        level: event.level,
        parent: event.type === 'HypothesisRefined' ? event.parent : null,
        cause: event.cause,
        statement: event.statement,
        entity: event.entity,
        confidence: event.confidence,
        support: [],
        refute: [],
        status: 'open',
        symptoms: event.type === 'HypothesisDerived' ? [...event.symptoms] : [],
        isPinned: previous?.isPinned ?? false,
        isRejected: previous?.isRejected ?? false,
        seq: event.seq,
        ...(event.source ? { source: event.source } : {}),
      });
      return;
    }
    case 'HypothesisProposed': {
      const { node: by, level, cause, entity, statement, confidence, support, refute, seq } = event;
      layer.proposals.push({ node: by, level, cause, entity, statement, confidence, support: [...support], refute: [...refute], seq });
      return;
    }
    case 'HypothesisRejected':
      return;
    case 'HypothesisSupported':
      if (!node) return;
      addAll(node.support, event.evidence);
      node.confidence = event.confidence;
      if (node.status === 'refuted' && !node.isRejected) node.status = 'open';
      return;
    case 'HypothesisRefuted':
      if (!node) return;
      addAll(node.refute, event.evidence);
      node.confidence = event.confidence;
      if (event.isRefuted) node.status = 'refuted';
      return;
    case 'FocusMoved':
      layer.focus = event.to;
      layer.level = event.level;
      return;
    case 'DrilledDown':
      layer.level = event.toLevel;
      return;
    case 'Backtracked':
      layer.level = event.toLevel;
      return;
    case 'HypothesisPruned':
      if (node) node.status = 'pruned';
      return;
    case 'HypothesisAccepted':
      if (node) node.status = 'accepted';
      return;
    case 'AnalystHypothesis':
      if (!node) return;
      reopenAccepted(layer);
      if (event.action === 'pin') {
        node.isPinned = true;
        node.isRejected = false;
        if (node.status === 'refuted') node.status = 'open';
      } else {
        node.isRejected = true;
        node.isPinned = false;
        node.status = 'refuted';
      }
      return;
    default: {
      const unreachable: never = event;
      throw new Error(`Unhandled hypothesis event ${JSON.stringify(unreachable)}`);
    }
  }
}

/** An analyst's act puts a finished investigation back to running: its answer is open again. */
export function reopenAccepted(layer: HypothesisLayerState): void {
  for (const h of layer.hypotheses.values()) if (h.status === 'accepted') h.status = 'open';
}

/** Hypotheses in the order they were created (ledger order). */
export function hypothesesInOrder(layer: HypothesisLayerState): HypothesisNode[] {
  return [...layer.hypotheses.values()].sort((a, b) => a.seq - b.seq);
}
