import { countTokens, type TokenCounter } from '../../../core/context/index.js';
import type { Policy, PolicyResult } from '../../../core/controller/index.js';
import type { Diagnosis } from '../../../core/diagnosis/index.js';
import type { ContextPacket, EntityId } from '../../../core/model/index.js';
import type { AskContext, LlmStats } from './ask.js';
import { seededRandom, systemClock, type Clock, type RandomSource } from './backoff.js';
import { chooseBootstrap, type BootstrapCandidates, type BootstrapChoice } from './bootstrap.js';
import { openResponseCache } from './cache.js';
import { explorePacket } from './explore.js';
import { finalizeDiagnosis, type FinalizeResult } from './finalize.js';
import { parseLlmOptions, type LlmOptionsInput } from './options.js';
import { defaultPromptsDir, loadPrompt } from './prompts.js';
import { createChatTransport, type ResponseMode } from './transport.js';

export interface LlmPolicyDeps {
  clock?: Clock;
  random?: RandomSource;
  /** Replaces the global fetch for every request (tests record hosts with it). */
  fetch?: typeof fetch;
  promptsDir?: string;
  countTokens?: TokenCounter;
}

export interface LlmPolicy extends Policy {
  /** Bootstrap phase: choose among the caller's candidate windows and seeds. */
  bootstrap<S extends { node: EntityId }>(candidates: BootstrapCandidates<S>): Promise<BootstrapChoice<S>>;
  /** Finalize phase: model-written prose for the report's entities and alerts. */
  finalize(diagnosis: Diagnosis): Promise<FinalizeResult>;
  stats(): LlmStats & { mode: ResponseMode };
  /** Closes the response cache; the policy must not be used afterwards. */
  close(): void;
}

/**
 * The `llm` abductive policy over any OpenAI-compatible chat endpoint. It never throws for a
 * model or endpoint fault: the node is labelled Defer and the reason goes to PolicyResult.error.
 */
export function createLlmPolicy(input: LlmOptionsInput, deps: LlmPolicyDeps = {}): LlmPolicy {
  const options = parseLlmOptions(input);
  const clock = deps.clock ?? systemClock;
  const count = deps.countTokens ?? countTokens;
  const dir = deps.promptsDir ?? defaultPromptsDir();
  const prompts = {
    bootstrap: loadPrompt('bootstrap', dir),
    explore: loadPrompt('explore', dir),
    chunk: loadPrompt('explore-chunk', dir),
    finalize: loadPrompt('finalize', dir),
  };
  const transport = createChatTransport(options, {
    clock,
    random: deps.random ?? seededRandom(options.seed),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  const stats: LlmStats = { requests: 0, cacheHits: 0, tokensIn: 0, tokensOut: 0, correctiveRetries: 0, failures: 0, fabricatedIds: 0 };
  const ctx: AskContext = { options, transport, cache: options.cacheFile === null ? null : openResponseCache(options.cacheFile), stats };

  async function evaluate(packet: ContextPacket): Promise<PolicyResult> {
    const started = clock.now();
    const result = await explorePacket({ ctx, explore: prompts.explore, chunk: prompts.chunk, count }, packet);
    return {
      output: result.output,
      tokensIn: result.tokensIn,
      tokensOut: result.tokensOut,
      cached: result.cached,
      error: result.error,
      ms: Math.max(0, Math.round(clock.now() - started)),
    };
  }

  return {
    name: 'llm',
    model: options.model,
    evaluate,
    bootstrap: (candidates) => chooseBootstrap(ctx, prompts.bootstrap, count, candidates),
    finalize: (diagnosis) => finalizeDiagnosis(ctx, prompts.finalize, count, diagnosis),
    stats: () => ({ ...stats, requests: transport.requests, mode: transport.mode }),
    close: () => ctx.cache?.close(),
  };
}
