import type { z } from 'zod';
import { countTokens, type TokenCounter } from '../../../core/context/index.js';
import type { Policy, PolicyResult } from '../../../core/controller/index.js';
import type { CodeStepContext } from '../../../core/code/index.js';
import type { Diagnosis } from '../../../core/diagnosis/index.js';
import type { ContextPacket, EntityId } from '../../../core/model/index.js';
import type { RunStopReason } from '../../../core/ledger/index.js';
import { type AskContext, type LlmStats, type ProgressSink } from './ask.js';
import { promptBudget, promptTokens } from './budget.js';
import { seededRandom, systemClock, type Clock, type RandomSource } from './backoff.js';
import { chooseBootstrap, type BootstrapCandidates, type BootstrapChoice } from './bootstrap.js';
import { openResponseCache } from './cache.js';
import { explorePacket } from './explore.js';
import { chooseCodeStep, type CodeStepAnswer } from './code-step.js';
import { finalizeDiagnosis, type FinalizeResult } from './finalize.js';
import { describeLlmOptions, parseLlmOptions, type LlmOptionsInput } from './options.js';
import {
  defaultPromptsDir,
  embedJson,
  EXPLORE_CAUSAL_VERSION,
  EXPLORE_HYPOTHESES_CAUSAL_VERSION,
  EXPLORE_HYPOTHESES_VERSION,
  loadPrompt,
  renderPrompt,
  type PromptTemplate,
} from './prompts.js';
import { exploreReplyFor, responseSchemaText, type ExploreReplySchema } from './schemas.js';
import { createChatTransport, type ResponseMode } from './transport.js';

/** Anomaly types named in the explore prompt, at most (a knowledge file may define more; the guard checks them all). */
const MAX_ANOMALY_TYPES = 60;

/** The explore question for the layers that are on, and the packet it leaves room for. */
interface ExploreMode {
  template: PromptTemplate;
  wire: z.ZodType;
  parse: ExploreReplySchema;
  /** The knowledge's anomaly types as embedded JSON; null while the causal layer is off. */
  anomalyTypes: string | null;
  packetTokenBudget: number;
}

export interface LlmPolicyDeps {
  clock?: Clock;
  random?: RandomSource;
  /** Replaces the global fetch for every request (tests record hosts with it). */
  fetch?: typeof fetch;
  promptsDir?: string;
  countTokens?: TokenCounter;
  /** Told when each request goes out and comes back (the CLI's and the UI's "waiting for the model"). */
  progress?: ProgressSink;
}

export interface LlmPolicy extends Policy {
  /** Bootstrap phase: choose among the caller's candidate windows and seeds. */
  bootstrap<S extends { node: EntityId }>(candidates: BootstrapCandidates<S>): Promise<BootstrapChoice<S>>;
  /** Finalize phase: model-written prose for the report's entities and alerts. */
  finalize(diagnosis: Diagnosis): Promise<FinalizeResult>;
  /** One step of the code drill's walk: an action for one block's local context (docs/code-layer.md). */
  codeStep(node: EntityId, context: CodeStepContext): Promise<CodeStepAnswer>;
  stats(): LlmStats & { mode: ResponseMode };
  /** The largest context packet whose explore request stays within the request cap in one ask. */
  readonly packetTokenBudget: number;
  /**
   * The causal-graph layer is on with these anomaly types (the knowledge's): explore replies may
   * also propose operations on the causal graph (docs/causal-graph.md §6), which the controller's
   * guard checks. Called by the investigation before its first packet; an empty list turns it off.
   */
  proposeCausal(types: readonly string[]): void;
  /**
   * The run's deadline (epoch ms, `--deadline`; null: none), told by the investigation before its
   * first question: a request still in flight then is cut and answers nothing, and no more are sent.
   */
  setDeadline(deadline: number | null): void;
  /**
   * The run's stop, told by the investigation while it runs (null: none): once it fires (the
   * investigation is closed or its run aborted), a request in flight is cut and no more are sent.
   */
  setStopSignal(signal: AbortSignal | null): void;
  /** Why the run should stop (the run's token cap is spent); null while it may go on. */
  limitReached(): { reason: RunStopReason; detail: string } | null;
  /** The settings safe to record in the ledger and outputs (never the key). */
  describe(): Record<string, unknown>;
  /** Every ask found the endpoint unreachable (or was skipped for it): the run never reached the model. */
  isEndpointUnreachable(): boolean;
  /** The same policy asking with another request seed (a run of a vote, docs/voting.md); close it separately. */
  withSeed(seed: number): LlmPolicy;
  /** Closes the response cache; the policy must not be used afterwards. */
  close(): void;
}

/**
 * The `llm` abductive policy over any OpenAI-compatible chat endpoint. It never throws for a
 * model or endpoint fault: a node the model gives no usable judgement for is judged by the
 * built-in heuristic (PolicyResult.fallback, recorded as PolicyFellBack) and the walk goes on.
 */
export function createLlmPolicy(input: LlmOptionsInput, deps: LlmPolicyDeps = {}): LlmPolicy {
  const options = parseLlmOptions(input);
  const clock = deps.clock ?? systemClock;
  const count = deps.countTokens ?? countTokens;
  const dir = deps.promptsDir ?? defaultPromptsDir();
  const prompts = {
    bootstrap: loadPrompt('bootstrap', dir),
    chunk: loadPrompt('explore-chunk', dir),
    finalize: loadPrompt('finalize', dir),
    code: loadPrompt('code-step', dir),
  };
  const transport = createChatTransport(options, {
    clock,
    random: deps.random ?? seededRandom(options.seed),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  const stats: LlmStats = {
    requests: 0,
    cacheHits: 0,
    tokensIn: 0,
    tokensOut: 0,
    correctiveRetries: 0,
    failures: 0,
    fabricatedIds: 0,
    asks: 0,
    unreachable: 0,
    fallbacks: 0,
  };
  const ctx: AskContext = {
    options,
    transport,
    cache: options.cacheFile === null ? null : openResponseCache(options.cacheFile),
    stats,
    count,
    unreachableStreak: 0,
    deadline: null,
    stop: null,
    ...(deps.progress ? { progress: deps.progress } : {}),
  };
  const hypotheses = options.hypotheses === true;
  // The explore question for the layers that are on; the causal layer is told by the investigation (proposeCausal).
  const exploreFor = (anomalyTypes: string | null): ExploreMode => {
    const causal = anomalyTypes !== null;
    const version = causal
      ? hypotheses
        ? EXPLORE_HYPOTHESES_CAUSAL_VERSION
        : EXPLORE_CAUSAL_VERSION
      : hypotheses
        ? EXPLORE_HYPOTHESES_VERSION
        : undefined;
    const template = version === undefined ? loadPrompt('explore', dir) : loadPrompt('explore', dir, version);
    const { wire, parse } = exploreReplyFor({ hypotheses, causal });
    const overhead = promptTokens(
      renderPrompt(template, {
        schema: responseSchemaText(wire),
        node: 'x'.repeat(80),
        packet: '',
        notes: '',
        ...(anomalyTypes === null ? {} : { anomalyTypes }),
      }),
      count,
    );
    // JSON escaping inside the prompt costs a little more than the packet's own count: keep 5% spare.
    const packetTokenBudget = Math.max(512, Math.floor((promptBudget(options) - overhead) * 0.95));
    return { template, wire, parse, anomalyTypes, packetTokenBudget };
  };
  let mode = exploreFor(null);

  async function evaluate(packet: ContextPacket): Promise<PolicyResult> {
    const started = clock.now();
    const { template, parse, wire, anomalyTypes } = mode;
    const result = await explorePacket({ ctx, explore: template, reply: parse, wire, anomalyTypes, chunk: prompts.chunk, count }, packet);
    if (result.fallback !== null) stats.fallbacks++;
    return {
      output: result.output,
      tokensIn: result.tokensIn,
      tokensOut: result.tokensOut,
      cached: result.cached,
      error: result.error,
      ms: Math.max(0, Math.round(clock.now() - started)),
      calls: result.calls,
      fallback: result.fallback,
      ...(result.rules ? { rules: result.rules } : {}),
    };
  }

  return {
    name: 'llm',
    model: options.model,
    evaluate,
    bootstrap: (candidates) => chooseBootstrap(ctx, prompts.bootstrap, count, candidates),
    finalize: (diagnosis) => finalizeDiagnosis(ctx, prompts.finalize, count, diagnosis),
    codeStep: (node, context) => chooseCodeStep(ctx, prompts.code, count, node, context),
    stats: () => ({ ...stats, requests: transport.requests, mode: transport.mode }),
    get packetTokenBudget() {
      return mode.packetTokenBudget;
    },
    proposeCausal: (types) => {
      mode = exploreFor(types.length === 0 ? null : embedJson(types.slice(0, MAX_ANOMALY_TYPES).map((t) => t.slice(0, 80))));
    },
    describe: () => describeLlmOptions(options),
    setDeadline: (deadline) => {
      ctx.deadline = deadline;
    },
    setStopSignal: (signal) => {
      ctx.stop = signal;
    },
    limitReached: () => {
      const spent = stats.tokensIn + stats.tokensOut;
      if (spent >= options.tokenCap)
        return { reason: 'token_cap', detail: `${spent} tokens spent of the run's cap of ${options.tokenCap} (--llm-token-cap)` };
      return null;
    },
    isEndpointUnreachable: () => stats.asks > 0 && stats.asks === stats.unreachable,
    withSeed: (seed) => createLlmPolicy({ ...options, requestSeed: seed }, deps),
    close: () => ctx.cache?.close(),
  };
}
