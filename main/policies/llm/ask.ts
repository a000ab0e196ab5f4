import type { z } from 'zod';
import type { TokenCounter } from '../../../core/context/index.js';
import type { ModelCallRecord } from '../../../core/controller/index.js';
import type { ModelCallOutcome, ModelPhase } from '../../../core/ledger/index.js';
import { requestTokens, clipToTokens } from './budget.js';
import { cacheKey, type CacheKeyInput, type ResponseCache } from './cache.js';
import { EndpointRejectedError, EndpointUnavailableError, RequestCutError } from './errors.js';
import { extractJsonCandidates } from './extract-json.js';
import type { LlmOptions } from './options.js';
import type { PromptTemplate, RenderedPrompt } from './prompts.js';
import { responseSchemaOf } from './schemas.js';
import type { ChatMessage, ChatReply, ChatTransport } from './transport.js';

/** Counters for one policy instance (one run); read by the CLI, the bench and the UI. */
export interface LlmStats {
  requests: number;
  cacheHits: number;
  tokensIn: number;
  tokensOut: number;
  /** Replies that needed the one corrective retry (bad JSON, schema violation, invented ids, truncation). */
  correctiveRetries: number;
  /** Asks that ended without a usable answer (each once). */
  failures: number;
  /** Evidence ids cited in final answers that were not in what the model was shown (each once). */
  fabricatedIds: number;
  /** Asks (questions, each of one or two exchanges) started, and how many found the endpoint unreachable (or were not sent for it). */
  asks: number;
  unreachable: number;
  /** Nodes judged by the built-in heuristic because the model could not. */
  fallbacks: number;
}

/** Told when a request goes out and when its answer is in, so a host can show it is waiting. */
export type ProgressSink = (event: { phase: ModelPhase; node: string | null; state: 'sent' | 'done' }) => void;

export interface AskContext {
  options: LlmOptions;
  transport: ChatTransport;
  cache: ResponseCache | null;
  stats: LlmStats;
  count: TokenCounter;
  progress?: ProgressSink;
  /** Consecutive asks that found the endpoint unreachable; at UNREACHABLE_STREAK the run stops asking. */
  unreachableStreak: number;
  /** The run's deadline (epoch ms, `--deadline`; null: none): a request still in flight then is cut, and nothing more is sent. */
  deadline: number | null;
  /** The run's stop (the investigation was closed or its run aborted; null: none): cuts a request in flight, and nothing more is sent. */
  stop: AbortSignal | null;
}

export interface AskSpec<T> {
  template: PromptTemplate;
  prompt: RenderedPrompt;
  schemaName: string;
  schema: z.ZodType<T>;
  /** The schema sent to the server when it differs from the one the reply is parsed with (parsed more leniently). */
  wire?: z.ZodType;
  phase: ModelPhase;
  node: string | null;
  /** Grounding check on a schema-valid value; a returned problem earns the corrective retry. */
  check?: (value: T) => string | null;
}

export interface AskOutcome<T> {
  /** The last schema-valid value, even when its check failed (the caller decides); null if none. */
  value: T | null;
  error: string | null;
  tokensIn: number;
  tokensOut: number;
  /** Every exchange was answered from the cache. */
  cached: boolean;
  /** Every exchange, as the ledger records it (ModelCalled). */
  calls: ModelCallRecord[];
}

/** After this many asks in a row found the endpoint unreachable, the rest of the run does not wait on it. */
export const UNREACHABLE_STREAK = 3;
/** The rejected reply is echoed clipped: the model needs the error more than its own words. */
const MAX_ECHO_TOKENS = 200;
const MAX_PROBLEM_CHARS = 400;

/**
 * One structured question: send, extract the JSON (the last object that validates), check
 * it; on failure show the model its error once and ask again. Transport failures end the ask
 * at once (the transport already retried them). Every exchange is recorded; only answers
 * that validated are cached.
 */
export async function ask<T>(ctx: AskContext, spec: AskSpec<T>): Promise<AskOutcome<T>> {
  const outcome: AskOutcome<T> = { value: null, error: null, tokensIn: 0, tokensOut: 0, cached: true, calls: [] };
  const record = (result: ModelCallOutcome, detail: string, reply?: ChatReply & { cached: boolean }): void => {
    const tokensIn = reply && !reply.cached ? reply.tokensIn : 0;
    const tokensOut = reply && !reply.cached ? reply.tokensOut : 0;
    outcome.calls.push({
      phase: spec.phase,
      node: spec.node,
      model: ctx.options.model,
      tokensIn,
      tokensOut,
      cached: reply?.cached ?? false,
      outcome: result,
      detail: detail.slice(0, 500),
    });
  };
  ctx.stats.asks++;
  const skip = skipReason(ctx);
  if (skip !== null) {
    ctx.stats.failures++;
    if (ctx.unreachableStreak >= UNREACHABLE_STREAK) ctx.stats.unreachable++;
    record('skipped', skip);
    return { ...outcome, cached: false, error: skip };
  }
  const messages: ChatMessage[] = [
    { role: 'system', content: spec.prompt.system },
    { role: 'user', content: spec.prompt.user },
  ];
  const schema = responseSchemaOf(spec.wire ?? spec.schema);
  for (let attempt = 0; attempt < 2; attempt++) {
    const halt = attempt > 0 ? haltReason(ctx) : null;
    if (halt !== null) {
      record('skipped', halt);
      outcome.error = `${outcome.error ?? 'no usable answer'}; ${halt}`;
      break;
    }
    if (requestTokens(messages, ctx.count) > ctx.options.requestTokenCap) {
      const detail = `the request would exceed ${ctx.options.requestTokenCap} tokens; not sent`;
      record('skipped', detail);
      outcome.error = outcome.error === null ? detail : `${outcome.error}; ${detail}`;
      break;
    }
    let reply: ChatReply & { cached: boolean };
    try {
      reply = await exchange(ctx, spec, schema, messages);
    } catch (error) {
      // The deadline or the run's stop, not the endpoint: not counted as unreachable, and not asked again.
      if (error instanceof RequestCutError) {
        const cut = ctx.stop?.aborted ? STOP_CUT : DEADLINE_CUT;
        record('skipped', cut);
        ctx.stats.failures++;
        return { ...outcome, cached: false, error: cut };
      }
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const isUnreachable = error instanceof EndpointUnavailableError;
      record(isUnreachable ? 'unreachable' : error instanceof EndpointRejectedError ? 'refused' : 'unusable', message);
      if (isUnreachable) {
        ctx.stats.unreachable++;
        ctx.unreachableStreak++;
      }
      ctx.stats.failures++;
      return { ...outcome, cached: false, error: message };
    }
    ctx.unreachableStreak = 0;
    outcome.cached &&= reply.cached;
    if (!reply.cached) {
      outcome.tokensIn += reply.tokensIn;
      outcome.tokensOut += reply.tokensOut;
    }
    const verdict = judge(ctx, spec, reply);
    if (verdict.value !== null) outcome.value = verdict.value;
    if (verdict.problem === null) {
      record('ok', '', reply);
      if (!reply.cached) ctx.cache?.put(cacheKey(keyInput(ctx, spec, messages)), keyInput(ctx, spec, messages), reply);
      return { ...outcome, error: null };
    }
    record(verdict.outcome, verdict.problem, reply);
    outcome.error = verdict.problem;
    if (attempt === 0) {
      ctx.stats.correctiveRetries++;
      messages.push(
        { role: 'assistant', content: clipToTokens(reply.content, MAX_ECHO_TOKENS, ctx.count) },
        {
          role: 'user',
          content: `Your reply could not be used: ${verdict.problem.slice(0, MAX_PROBLEM_CHARS)}. Reply again with only one JSON object that matches the schema.`,
        },
      );
    }
  }
  ctx.stats.failures++;
  return outcome;
}

const DEADLINE_CUT = "cut: the run's deadline (--deadline) passed while the model was answering";
const DEADLINE_PASSED = "not asked: the run's deadline (--deadline) has passed";
const STOP_CUT = 'cut: the run was stopped while the model was answering';
const STOPPED = 'not asked: the run was stopped';

/** Why nothing more may be sent in this run: it was stopped, or its deadline passed; null: neither. */
function haltReason(ctx: AskContext): string | null {
  if (ctx.stop?.aborted) return STOPPED;
  return ctx.deadline !== null && Date.now() >= ctx.deadline ? DEADLINE_PASSED : null;
}

/**
 * Fires at the run's deadline or its stop, whichever comes first; one per request, since the
 * client leaves its listener on the signal.
 */
function cutSignal(ctx: AskContext): AbortSignal | undefined {
  const deadline = ctx.deadline === null ? null : AbortSignal.timeout(Math.max(0, ctx.deadline - Date.now()));
  if (ctx.stop === null) return deadline ?? undefined;
  return AbortSignal.any(deadline === null ? [ctx.stop] : [deadline, ctx.stop]);
}

/** Why an ask is not sent at all: the endpoint was found unreachable, the run was stopped or its deadline passed, or its token cap is spent. */
function skipReason(ctx: AskContext): string | null {
  if (ctx.unreachableStreak >= UNREACHABLE_STREAK)
    return `not asked: the endpoint ${ctx.options.baseUrl} was unreachable for the last ${ctx.unreachableStreak} questions`;
  const halt = haltReason(ctx);
  if (halt !== null) return halt;
  const spent = ctx.stats.tokensIn + ctx.stats.tokensOut;
  if (spent >= ctx.options.tokenCap) return `not asked: the run's token cap (${ctx.options.tokenCap}) is spent (${spent} tokens)`;
  return null;
}

function keyInput<T>(ctx: AskContext, spec: AskSpec<T>, messages: readonly ChatMessage[]): CacheKeyInput {
  return {
    model: ctx.options.model,
    prompt: `${spec.template.id}.v${spec.template.version}`,
    promptHash: spec.template.hash,
    schemaName: spec.schemaName,
    temperature: ctx.options.temperature,
    maxTokens: ctx.options.maxTokens,
    messages: [...messages],
    ...(ctx.options.requestSeed === undefined ? {} : { seed: ctx.options.requestSeed }),
  };
}

async function exchange<T>(
  ctx: AskContext,
  spec: AskSpec<T>,
  schema: Record<string, unknown>,
  messages: ChatMessage[],
): Promise<ChatReply & { cached: boolean }> {
  const hit = ctx.cache !== null && ctx.options.useCache ? ctx.cache.get(cacheKey(keyInput(ctx, spec, messages))) : null;
  if (hit) {
    ctx.stats.cacheHits++;
    return { ...hit, cached: true };
  }
  ctx.progress?.({ phase: spec.phase, node: spec.node, state: 'sent' });
  try {
    const reply = await ctx.transport.send({ messages: [...messages], schemaName: spec.schemaName, schema }, cutSignal(ctx));
    ctx.stats.tokensIn += reply.tokensIn;
    ctx.stats.tokensOut += reply.tokensOut;
    return { ...reply, cached: false };
  } finally {
    ctx.progress?.({ phase: spec.phase, node: spec.node, state: 'done' });
  }
}

interface Verdict<T> {
  value: T | null;
  problem: string | null;
  outcome: 'ok' | 'unusable' | 'truncated';
}

function judge<T>(ctx: AskContext, spec: AskSpec<T>, reply: ChatReply): Verdict<T> {
  // A cut-off reply may still parse (a closed prefix), but it is not what the model meant.
  if (reply.finishReason === 'length')
    return {
      value: null,
      problem: `the reply was cut off at the ${ctx.options.maxTokens}-token limit; answer more briefly`,
      outcome: 'truncated',
    };
  const candidates = extractJsonCandidates(reply.content);
  if (candidates.length === 0) return { value: null, problem: 'the reply holds no JSON object', outcome: 'unusable' };
  // The last object that validates is the answer; earlier ones are drafts.
  let firstIssue: string | null = null;
  for (const candidate of [...candidates].reverse()) {
    const parsed = spec.schema.safeParse(candidate);
    if (parsed.success) {
      const problem = spec.check?.(parsed.data) ?? null;
      return { value: parsed.data, problem, outcome: problem === null ? 'ok' : 'unusable' };
    }
    firstIssue ??= parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
  }
  return { value: null, problem: `the JSON does not match the schema (${firstIssue ?? 'no detail'})`, outcome: 'unusable' };
}
