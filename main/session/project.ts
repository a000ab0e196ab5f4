import type { InvestigationSettings, InvestigationState } from '../../core/ipc/index.js';
import type { HypothesisLayerView } from '../../core/ipc/index.js';
import type { ModelActivity } from '../../core/ipc/model-activity.js';
import { redHerrings } from '../../core/hypotheses/index.js';
import { budgetLeft, hypothesesInOrder, type InvestigationState as LedgerState } from '../../core/ledger/index.js';
import { causalGraphView } from '../../core/causal/index.js';

export type ViewStatus = InvestigationState['status'];

// Process-wide, so revisions keep increasing across sessions (a new snapshot, a reset).
let lastRevision = 0;

/**
 * The serialisable view of a ledger fold. `status` is what the UI can do next: `running` only
 * while a run loop is in flight; a run stopped by hand or manual steps read as `paused`.
 */
export function projectState(
  state: LedgerState,
  settings: InvestigationSettings | null,
  isRunning: boolean,
  lastError: string | null,
  waiting: { inFlight: number; waitingFor: string | null } = { inFlight: 0, waitingFor: null },
): InvestigationState {
  const finished = state.status === 'finished' ? state.finished : null;
  const status: ViewStatus =
    state.status === 'finished'
      ? 'finished'
      : isRunning
        ? 'running'
        : state.evaluations === 0 && state.status !== 'paused'
          ? 'new'
          : 'paused';
  return {
    revision: ++lastRevision,
    status,
    seq: state.seq,
    evaluations: state.evaluations,
    settings,
    budgetLeft: budgetLeft(state),
    activeSet: state.active.toArray(),
    nodes: [...state.nodes.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([node, n]) => ({
        node,
        belief: n.belief,
        beliefSource: n.beliefSource,
        visits: n.visits,
        flips: n.flips,
        isDamped: n.isDamped,
        isPinned: n.isPinned,
      })),
    edges: [...state.edges.values()].map((e) => ({
      from: e.from,
      to: e.to,
      by: e.by,
      evidence: [...e.evidence],
      condition: e.condition,
      effect: e.effect,
      isDiscovered: e.isDiscovered,
    })),
    frontier: finished?.frontier ?? [],
    outcome: finished?.outcome ?? null,
    confidence: finished?.confidence ?? null,
    ranking: finished?.ranking ?? [],
    tokensIn: state.tokensIn,
    tokensOut: state.tokensOut,
    lastError,
    ...hypothesisView(state),
    ...causalView(state),
    ...modelActivity(state, waiting),
  };
}

/** The causal-graph layer's graph and metrics (a pure function of the fold); nothing when it is off. */
function causalView(state: LedgerState): Pick<InvestigationState, 'causalGraph'> {
  const graph = causalGraphView(state);
  return graph ? { causalGraph: graph } : {};
}

function modelActivity(state: LedgerState, waiting: { inFlight: number; waitingFor: string | null }): { model?: ModelActivity } {
  const { llm } = state;
  if (llm.calls === 0 && llm.fallbacks === 0 && waiting.inFlight === 0 && llm.stopped === null) return {};
  return {
    model: {
      ...waiting,
      calls: llm.calls,
      failedCalls: llm.failedCalls,
      fallbacks: llm.fallbacks,
      stopped: llm.stopped ? `${llm.stopped.reason}: ${llm.stopped.detail}` : null,
    },
  };
}

/** The hypothesis layer's view; nothing when the investigation runs without it. */
function hypothesisView(state: LedgerState): { hypotheses?: HypothesisLayerView } {
  const layer = state.settings?.hypotheses;
  if (!layer) return {};
  const { level, focus } = state.hypotheses;
  const hypotheses = hypothesesInOrder(state.hypotheses).map((h) => ({
    id: h.id,
    level: h.level,
    parent: h.parent,
    cause: h.cause,
    statement: h.statement,
    entity: h.entity,
    confidence: h.confidence,
    status: h.status,
    support: [...h.support],
    refute: [...h.refute],
    isPinned: h.isPinned,
    isRejected: h.isRejected,
    ...(h.source ? { source: h.source } : {}),
  }));
  return { hypotheses: { level, focus, delta: layer.delta, eta: layer.eta, hypotheses, redHerrings: redHerrings(state) } };
}
