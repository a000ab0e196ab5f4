import type { TokenCounter } from '../../../core/context/index.js';
import type { ModelCallRecord } from '../../../core/controller/index.js';
import type { ScopeRecord } from '../../../core/ledger/index.js';
import type { EntityId, TimeWindow } from '../../../core/model/index.js';
import { ask, type AskContext } from './ask.js';
import { promptBudget, promptTokens } from './budget.js';
import { embedJson, renderPrompt, type PromptTemplate, type RenderedPrompt } from './prompts.js';
import { BootstrapReply, responseSchemaText } from './schemas.js';

export interface BootstrapAlertView {
  name: string;
  entity: EntityId;
  severity: string;
  startsAt: number;
  summary?: string;
}

export interface BootstrapCandidates<S extends { node: EntityId }> {
  /** Candidate windows; the first is the controller's own choice and the fallback. */
  windows: readonly TimeWindow[];
  /** Candidate seeds in the controller's order, which is also the fallback. */
  seeds: readonly S[];
  alerts: readonly BootstrapAlertView[];
  /** The alert scopes of the window (docs/scopes.md): shown one line each, so a flood cannot grow the request. */
  scopes?: readonly ScopeRecord[];
}

export interface BootstrapChoice<S> {
  window: TimeWindow;
  seeds: S[];
  /** Why the model's choice was (partly) not used, or it failed; null when used as given. */
  error: string | null;
  reasoning: string;
  tokensIn: number;
  tokensOut: number;
  cached: boolean;
  /** Every exchange, as the ledger records it (ModelCalled). */
  calls: ModelCallRecord[];
  /** The model's choice was used, fully or partly. */
  byModel: boolean;
}

export class NoBootstrapCandidatesError extends Error {
  override name = 'NoBootstrapCandidatesError';
  constructor() {
    super('The LLM bootstrap needs at least one candidate window; pass the controller window as the first candidate.');
  }
}

/**
 * The bootstrap phase: the model may pick one candidate window and choose/reorder candidate
 * seeds. Anything else it says is discarded; on any failure the caller's defaults stand.
 */
export async function chooseBootstrap<S extends { node: EntityId }>(
  ctx: AskContext,
  template: PromptTemplate,
  count: TokenCounter,
  candidates: BootstrapCandidates<S>,
): Promise<BootstrapChoice<S>> {
  const fallbackWindow = candidates.windows[0];
  if (fallbackWindow === undefined) throw new NoBootstrapCandidatesError();
  const fallback: BootstrapChoice<S> = {
    window: fallbackWindow,
    seeds: [...candidates.seeds],
    error: null,
    reasoning: '',
    tokensIn: 0,
    tokensOut: 0,
    cached: false,
    calls: [],
    byModel: false,
  };
  const prompt = fitPrompt(template, count, promptBudget(ctx.options), candidates);
  if (prompt === null) return { ...fallback, error: 'the candidates do not fit the model context; kept the controller choice' };
  const outcome = await ask(ctx, {
    template,
    prompt,
    schemaName: 'bootstrap_choice',
    schema: BootstrapReply,
    phase: 'bootstrap',
    node: null,
  });
  const base = { ...fallback, tokensIn: outcome.tokensIn, tokensOut: outcome.tokensOut, cached: outcome.cached, calls: outcome.calls };
  if (outcome.value === null) return { ...base, error: `kept the controller choice: ${outcome.error ?? 'no usable answer'}` };
  const problems: string[] = [];
  const window = candidates.windows[outcome.value.window];
  if (window === undefined) problems.push(`window ${outcome.value.window} is not a candidate`);
  const byNode = new Map(candidates.seeds.map((s) => [s.node, s] as const));
  const chosen = [...new Set(outcome.value.seeds)].flatMap((id) => byNode.get(id) ?? []);
  const discarded = outcome.value.seeds.filter((id) => !byNode.has(id));
  if (discarded.length > 0) problems.push(`discarded ${discarded.length} seed(s) that were not candidates`);
  if (chosen.length === 0) problems.push('no candidate seed chosen; kept the controller order');
  return {
    ...base,
    window: window ?? fallbackWindow,
    seeds: chosen.length > 0 ? chosen : base.seeds,
    byModel: window !== undefined || chosen.length > 0,
    error: problems.length > 0 ? problems.join('; ') : null,
    reasoning: outcome.value.reasoning.slice(0, 1000),
  };
}

/** The earliest alerts shown in full; the scope lines stand for the rest. */
const MAX_ALERTS = 20;
/** Scopes shown (XiHE forms at most 27 on its largest incidents); the earliest first. */
const MAX_SCOPES = 27;
const MAX_NAMES = 4;
const MAX_SIGNATURES = 3;
const MAX_LINE_CHARS = 400;

/**
 * Renders with the scope lines and as many of the earliest alerts as fit (at most MAX_ALERTS,
 * then fewer, then fewer scopes); null when even the candidates do not fit.
 */
function fitPrompt<S extends { node: EntityId }>(
  template: PromptTemplate,
  count: TokenCounter,
  budget: number,
  candidates: BootstrapCandidates<S>,
): RenderedPrompt | null {
  const alerts = [...candidates.alerts].sort((a, b) => a.startsAt - b.startsAt || a.entity.localeCompare(b.entity));
  const scopes = [...(candidates.scopes ?? [])].sort((a, b) => a.first - b.first || a.id.localeCompare(b.id)).map(scopeLine);
  const candidateJson = embedJson({
    windows: candidates.windows.map((w, index) => ({ index, start: new Date(w.start).toISOString(), end: new Date(w.end).toISOString() })),
    seeds: candidates.seeds.map((s) => s.node),
  });
  const render = (nScopes: number, nAlerts: number): RenderedPrompt => {
    const shown = alerts.slice(0, nAlerts).map(({ name, entity, severity, startsAt, summary }) => ({
      name,
      entity,
      severity,
      startsAt: new Date(startsAt).toISOString(),
      ...(summary === undefined ? {} : { summary: summary.slice(0, MAX_LINE_CHARS) }),
    }));
    const more = alerts.length - shown.length;
    const lines = scopes.slice(0, nScopes);
    return renderPrompt(template, {
      schema: responseSchemaText(BootstrapReply),
      scopes: embedJson(scopes.length > lines.length ? [...lines, `${scopes.length - lines.length} later scope(s) not shown`] : lines),
      alerts: embedJson(more > 0 ? { earliest: shown, notShown: more } : shown),
      candidates: candidateJson,
    });
  };
  for (let nScopes = Math.min(scopes.length, MAX_SCOPES); ; nScopes = Math.floor(nScopes / 2)) {
    for (let nAlerts = Math.min(alerts.length, MAX_ALERTS); ; nAlerts = Math.floor(nAlerts / 2)) {
      const prompt = render(nScopes, nAlerts);
      if (promptTokens(prompt, count) <= budget) return prompt;
      if (nAlerts === 0) break;
    }
    if (nScopes === 0) return null;
  }
}

/** One line for a scope: what the model needs to rank seeds, bounded whatever the scope holds. */
export function scopeLine(scope: ScopeRecord): string {
  const names =
    scope.entities.slice(0, MAX_NAMES).join(', ') + (scope.entities.length > MAX_NAMES ? ` (+${scope.entities.length - MAX_NAMES})` : '');
  const signatures = scope.signatures
    .slice(0, MAX_SIGNATURES)
    .map((s) => `${s.signature}×${s.count}`)
    .join(', ');
  const since = new Date(scope.first).toISOString();
  const flood = scope.flood
    ? `; flood: ${scope.flood.kept} of ${scope.flood.total} kept, on ${scope.flood.entities} entities, reached first ${scope.flood.firstEntities.slice(0, 3).join(', ')}`
    : '';
  const line = `${scope.id} (${scope.kind}): ${scope.alerts} alert(s), ${scope.severity}, from ${since}; ${names}; ${signatures}${flood}`;
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line;
}
