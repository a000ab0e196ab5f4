import type { LedgerEvent } from './events.js';
import { edgeKey, nodeOf } from './state.js';
import { applyHypothesisEvent, reopenAccepted } from './state-hypotheses.js';
import { applyCausalEvent } from './state-causal.js';
import { codeClaimant } from './events-code-cross.js';
import type { InvestigationState } from './state.js';

export class LedgerOrderError extends Error {
  override name = 'LedgerOrderError';
  constructor(expected: number, found: number) {
    super(`Ledger event ${found} arrived where ${expected} was expected; the ledger is corrupt or was written by two runs at once.`);
  }
}

/**
 * Applies one event to a state the caller owns (mutating it, for speed on long ledgers).
 * This is the only place that interprets events, so replay and live runs cannot diverge.
 */
export function applyEvent(state: InvestigationState, event: LedgerEvent): void {
  if (event.seq !== state.seq + 1) throw new LedgerOrderError(state.seq + 1, event.seq);
  state.seq = event.seq;
  switch (event.type) {
    case 'InvestigationStarted':
      state.started = event;
      state.settings = event.settings;
      state.status = 'running';
      return;
    case 'Activated':
      // The hypothesis layer's focus asks for these next (depth-first); every other reason queues.
      if (event.reason === 'hypothesis') state.active.pushFront(event.node);
      else state.active.push(event.node);
      nodeOf(state, event.node);
      markRunning(state);
      return;
    case 'Skipped':
      state.active.remove(event.node);
      return;
    case 'Requeued':
      state.active.remove(event.node);
      state.active.push(event.node);
      return;
    case 'StepStarted': {
      state.active.remove(event.node);
      // A fresh evaluation replaces the node's earlier claims: what it still holds it claims again.
      retractClaims(state, event.node);
      const entry = nodeOf(state, event.node);
      entry.visits += 1;
      entry.lastEvaluation = event.evaluation;
      state.evaluations = event.evaluation;
      markRunning(state);
      return;
    }
    case 'PacketBuilt': {
      const entry = nodeOf(state, event.node);
      entry.packetHash = event.packetHash;
      entry.window = event.window;
      entry.packetEvidence = new Map(event.evidence.map((ref) => [ref.id, ref]));
      return;
    }
    case 'PolicyCalled':
      state.tokensIn += event.tokensIn ?? 0;
      state.tokensOut += event.tokensOut ?? 0;
      return;
    case 'ClaimRejected':
      return;
    case 'BeliefSet': {
      const entry = nodeOf(state, event.node);
      const previous = entry.belief;
      if (event.source !== 'analyst' && previous !== null && previous.label !== event.belief.label) entry.flips += 1;
      entry.belief = event.belief;
      entry.beliefSeq = event.seq;
      entry.beliefSource = event.source;
      entry.rules = event.rules ?? [];
      entry.isUnverified = false;
      // An analyst keeps the evidence the policy had cited; nothing new becomes citable.
      if (event.source !== 'analyst') {
        entry.cited = event.belief.evidence.flatMap((id) => {
          const ref = entry.packetEvidence.get(id);
          return ref ? [ref] : [];
        });
      }
      return;
    }
    case 'Damped':
      nodeOf(state, event.node).isDamped = true;
      return;
    case 'EdgeClaimed': {
      const { seq, from, to, by, evidence, condition, effect, isDiscovered } = event;
      const key = edgeKey(from, to);
      // The first claim's wording stays while it stands; a later claimant only joins it.
      const standing = state.edges.get(key);
      if (!standing || !state.claimants.get(key)?.size)
        state.edges.set(key, { from, to, by, evidence, condition, effect, isDiscovered, seq });
      let claimants = state.claimants.get(key);
      if (!claimants) {
        claimants = new Set();
        state.claimants.set(key, claimants);
      }
      claimants.add(by);
      link(state, from, to);
      link(state, to, from);
      return;
    }
    case 'MessageSent': {
      const { message } = event;
      let box = state.inbox.get(message.to);
      if (!box) {
        box = new Map();
        state.inbox.set(message.to, box);
      }
      box.set(message.from, message);
      return;
    }
    case 'AnalystOverride':
      nodeOf(state, event.node).isPinned = true;
      reopenAccepted(state.hypotheses);
      markRunning(state);
      return;
    case 'Paused':
      state.status = 'paused';
      return;
    case 'Resumed':
      state.status = 'running';
      return;
    case 'CodeDrilled':
      state.code.set(event.node, event);
      return;
    case 'CodeStep':
    case 'VoteCast':
      return;
    case 'CodeDependencyFound': {
      // The dependency may explain the Origin: an E_S edge target → node that no re-evaluation retracts.
      const { seq, node, target, evidence, file, line, text } = event;
      const key = edgeKey(target, node);
      if (!state.edges.has(key)) {
        const condition = `${node}'s code calls ${target} (${file}:${line}: ${JSON.stringify(text)})`;
        const effect = `${node} fails with what ${target} does`;
        state.edges.set(key, { from: target, to: node, by: node, evidence, condition, effect, isDiscovered: true, seq });
        link(state, target, node);
        link(state, node, target);
      }
      let claimants = state.claimants.get(key);
      if (!claimants) {
        claimants = new Set();
        state.claimants.set(key, claimants);
      }
      claimants.add(codeClaimant(node));
      const list = state.codeDependencies.get(node) ?? [];
      list.push(event);
      state.codeDependencies.set(node, list);
      reopenAccepted(state.hypotheses);
      markRunning(state);
      return;
    }
    case 'Finished':
      state.finished = event;
      state.status = 'finished';
      return;
    case 'HypothesisDerived':
    case 'HypothesisRefined':
    case 'HypothesisSupported':
    case 'HypothesisRefuted':
    case 'FocusMoved':
    case 'DrilledDown':
    case 'Backtracked':
    case 'HypothesisPruned':
    case 'HypothesisAccepted':
    case 'HypothesisProposed':
    case 'HypothesisRejected':
      applyHypothesisEvent(state.hypotheses, event);
      return;
    case 'AnalystHypothesis':
      applyHypothesisEvent(state.hypotheses, event);
      markRunning(state);
      return;
    case 'ModelCalled':
      state.llm.calls += 1;
      if (event.outcome !== 'ok') state.llm.failedCalls += 1;
      // Explore and map tokens are in PolicyCalled already; the phases around the walk count here.
      if (event.phase === 'bootstrap' || event.phase === 'finalize' || event.phase === 'code') {
        state.tokensIn += event.tokensIn;
        state.tokensOut += event.tokensOut;
      }
      return;
    case 'PolicyFellBack':
      state.llm.fallbacks += 1;
      return;
    case 'OriginUnverified':
      nodeOf(state, event.node).isUnverified = true;
      return;
    case 'SupportDistrusted':
      return;
    case 'PolicyConfigured':
      state.llm.settings = event.settings;
      return;
    case 'BootstrapChosen':
      state.llm.bootstrap = event;
      return;
    case 'ProseWritten':
      state.llm.prose = event;
      return;
    case 'RunStopped':
      state.llm.stopped = event;
      return;
    case 'CallsDiscovered':
    case 'AnomalyCreated':
    case 'AlertLinked':
    case 'CausalityAdded':
    case 'CausalViolation':
      applyCausalEvent(state.causal, event);
      return;
    case 'ScopesFormed':
      state.scopes.formed = event;
      return;
    case 'ScopeMessage':
      state.scopes.messages.push(event);
      return;
    case 'CasePriorGiven':
      state.casePrior = event;
      return;
    default: {
      const unreachable: never = event;
      throw new Error(`Unhandled ledger event ${JSON.stringify(unreachable)}`);
    }
  }
}

function markRunning(state: InvestigationState): void {
  if (state.status === 'finished' || state.status === 'new') state.status = 'running';
}

function link(state: InvestigationState, a: string, b: string): void {
  let set = state.edgeNeighbours.get(a);
  if (!set) {
    set = new Set();
    state.edgeNeighbours.set(a, set);
  }
  set.add(b);
}

/** Drops `node`'s claims; an edge goes once nobody asserts it any more (both directions checked for adjacency). */
function retractClaims(state: InvestigationState, node: string): void {
  for (const [key, claimants] of state.claimants) {
    if (!claimants.delete(node) || claimants.size > 0) continue;
    state.claimants.delete(key);
    const edge = state.edges.get(key);
    state.edges.delete(key);
    if (edge && !state.edges.has(edgeKey(edge.to, edge.from))) {
      state.edgeNeighbours.get(edge.from)?.delete(edge.to);
      state.edgeNeighbours.get(edge.to)?.delete(edge.from);
    }
  }
}
