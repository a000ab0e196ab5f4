import { outcomeWords } from '../../core/diagnosis/outcome-words.js';
import type { BootstrapRecord, LedgerEvent } from '../../core/ledger/index.js';
import { formatDateTime, formatTimeRange, type TimeZoneChoice } from '../../core/time/index.js';

/** Short node names for a crowded list: `shop/Service/db` → `Service/db`. */
function short(id: string): string {
  const parts = id.split('/');
  return parts.length === 3 ? `${parts[1]}/${parts[2]}` : id;
}

/** The investigation's window and incident time, written in the chosen zone (docs/ui.md). */
export function describeWindow(bootstrap: BootstrapRecord, zone: TimeZoneChoice): string {
  const incident = bootstrap.incidentTime === null ? '' : ` · incident ${formatDateTime(bootstrap.incidentTime, zone)}`;
  return `window ${formatTimeRange(bootstrap.window.start, bootstrap.window.end, zone)}${incident}`;
}

/**
 * One line per ledger event for the timeline; null hides bookkeeping events (requeues, packet
 * builds, messages) that would drown the steps the analyst scrubs through. Times are written
 * in `zone`, 24-hour, the zone named.
 */
export function describeEvent(e: LedgerEvent, zone: TimeZoneChoice = 'utc'): string | null {
  switch (e.type) {
    case 'InvestigationStarted':
      return e.bootstrap ? `Investigation started · ${describeWindow(e.bootstrap, zone)}` : 'Investigation started';
    case 'StepStarted':
      return `Step ${e.evaluation}: evaluate ${short(e.node)}`;
    case 'BeliefSet':
      return `${short(e.node)} → ${e.belief.label}${e.previous ? ` (was ${e.previous.label})` : ''}${e.source === 'analyst' ? ' · analyst' : ''}`;
    case 'EdgeClaimed':
      return `${short(e.from)} explains ${short(e.to)}${e.isDiscovered ? ' (discovered)' : ''}`;
    case 'AnalystOverride':
      return `Analyst override: ${short(e.node)} = ${e.label}`;
    case 'ClaimRejected':
      return `Claim rejected at ${short(e.node)}: ${e.reason}`;
    case 'Damped':
      return `${short(e.node)} damped after ${e.flips} flips`;
    case 'Paused':
      return 'Paused';
    case 'Resumed':
      return 'Resumed';
    case 'Finished':
      return `Finished: ${outcomeWords(e).headline}`;
    case 'DrilledDown':
      return `Hypothesis ${e.hypothesis}: drill down to level ${e.toLevel} (gap ${e.gap}, ${e.support} supporting)`;
    case 'Backtracked':
      return `Backtrack to level ${e.toLevel}: ${e.ancestor} lost first place`;
    case 'FocusMoved':
      return e.to === null ? 'Focus cleared' : `Focus → ${e.to} (level ${e.level})`;
    case 'HypothesisRefuted':
      return e.isRefuted ? `Hypothesis ${e.id} refuted: ${e.reason}` : null;
    case 'HypothesisAccepted':
      return `Hypothesis ${e.id} accepted`;
    case 'HypothesisProposed':
      return `${short(e.node)}: model proposed a ${e.cause} hypothesis on ${short(e.entity)}`;
    case 'HypothesisRejected':
      return `${short(e.node)}: model's hypothesis on ${short(e.proposal.entity)} rejected (${e.reason})`;
    case 'AnalystHypothesis':
      return `Analyst ${e.action === 'pin' ? 'pinned' : 'rejected'} hypothesis ${e.id}`;
    case 'ModelCalled':
      return e.outcome === 'ok'
        ? null
        : `Model ${e.phase}${e.node ? ` of ${short(e.node)}` : ''}: ${e.outcome}${e.detail ? ` (${e.detail})` : ''}`;
    case 'PolicyFellBack':
      return `${short(e.node)}: model unusable, heuristic judged it (${e.reason})`;
    case 'OriginUnverified':
      return `${short(e.node)}: Origin not verified (${e.reason})`;
    case 'SupportDistrusted':
      return `${short(e.node)}: ${e.claim ? 'claim' : `label ${e.label ?? ''}`} rested only on suspicious text; not believed`;
    case 'PolicyConfigured':
      return null;
    case 'BootstrapChosen':
      return `Bootstrap: ${e.byModel ? 'model-chosen' : 'controller'} window ${formatTimeRange(e.window.start, e.window.end, zone)} and ${e.seeds.length} seed(s)${e.note ? ` (${e.note})` : ''}`;
    case 'ProseWritten':
      return `Model-written prose recorded (model text, not evidence)${e.note ? `: ${e.note}` : ''}`;
    case 'Activated':
      // A causal-graph reminder steers the walk: shown; the controller's own activations are bookkeeping.
      return e.reason === 'reminder' ? `Reminder: visit ${short(e.node)} (${e.note})` : null;
    case 'RunStopped':
      return `Stopped early: ${e.reason.replaceAll('_', ' ')} (${e.detail})`;
    case 'CodeDrilled':
      return `Code: ${short(e.node)} → ${e.blocks[0] ? `${e.blocks[0].service === undefined ? '' : `${short(e.blocks[0].service)} `}${e.blocks[0].file}:${e.blocks[0].startLine} ${e.blocks[0].function}` : e.status}`;
    case 'CodeDependencyFound':
      return `Code: ${short(e.node)} names ${short(e.target)} at ${e.file}:${e.line} (${e.by}); visiting it`;
    case 'CodeStep':
      return e.rejected === null
        ? null
        : `Code step ${e.step} of ${short(e.node)}: model answer rejected (${e.rejected}); heuristic ${e.action}`;
    case 'VoteCast': {
      const winner = e.runs.find((r) => r.run === e.winner)?.root;
      return `Vote over ${e.runs.length} runs: run ${e.winner} wins${winner ? ` (${short(winner.entity)}, ${winner.type})` : ''}`;
    }
    case 'ScopesFormed':
      return `Alerts scoped: ${e.alerts} alert(s) into ${e.scopes.length} scope(s) (${e.scopes.filter((x) => x.kind === 'signature').length} flood summaries, ${e.dismissed.length} signature(s) dismissed)`;
    case 'CasePriorGiven':
      return `Prior from ${e.cases.length} similar past case(s), not evidence: ${e.line}`;
    case 'ScopeMessage':
      return `Scope ${e.from} → ${e.to}: ${e.kind} on ${short(e.node)}`;
    case 'AnomalyCreated':
      return `Causal graph: anomaly ${e.anomalyType} on ${short(e.entity)}`;
    case 'CausalityAdded':
      return `Causal graph: ${e.from} causes ${e.to}${e.violation ? ' (violates the knowledge)' : ''}`;
    case 'CausalViolation':
      return `Causal graph: ${e.operation.replace('_', ' ')} ${e.enforced ? 'rejected' : 'applied despite'}: ${e.reason}`;
    case 'AlertLinked':
    case 'CallsDiscovered':
      return null;
    case 'HypothesisDerived':
    case 'HypothesisRefined':
    case 'HypothesisSupported':
    case 'HypothesisPruned':
    case 'Skipped':
    case 'Requeued':
    case 'PacketBuilt':
    case 'PolicyCalled':
    case 'MessageSent':
      return null;
  }
}
