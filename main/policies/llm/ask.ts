import type { z } from 'zod';
import { cacheKey, type CacheKeyInput, type ResponseCache } from './cache.js';
import { extractJsonObject } from './extract-json.js';
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
  /** Asks that ended without a usable answer. */
  failures: number;
  /** Evidence ids the model cited that were not in what it was shown. */
  fabricatedIds: number;
}

export interface AskContext {
  options: LlmOptions;
  transport: ChatTransport;
  cache: ResponseCache | null;
  stats: LlmStats;
}

export interface AskSpec<T> {
  template: PromptTemplate;
  prompt: RenderedPrompt;
  schemaName: string;
  schema: z.ZodType<T>;
  /** Grounding check on a schema-valid value; a returned problem earns the corrective retry. */
  check?: (value: T) => string | null;
}

export interface AskOutcome<T> {
  /** The last schema-valid value, even when its check failed (the caller sanitises it); null if none. */
  value: T | null;
  error: string | null;
  tokensIn: number;
  tokensOut: number;
  /** Every exchange was answered from the cache. */
  cached: boolean;
}

/** The rejected reply is echoed clipped: the model needs the error more than its own words. */
const MAX_ECHO_CHARS = 1000;

/**
 * One structured question: send, extract the JSON, validate it with zod, check it; on failure
 * show the model its error once and ask again. Transport failures end the ask at once (the
 * transport already retried them).
 */
export async function ask<T>(ctx: AskContext, spec: AskSpec<T>): Promise<AskOutcome<T>> {
  const messages: ChatMessage[] = [
    { role: 'system', content: spec.prompt.system },
    { role: 'user', content: spec.prompt.user },
  ];
  const outcome: AskOutcome<T> = { value: null, error: null, tokensIn: 0, tokensOut: 0, cached: true };
  const schema = responseSchemaOf(spec.schema);
  for (let attempt = 0; attempt < 2; attempt++) {
    let reply: ChatReply & { cached: boolean };
    try {
      reply = await exchange(ctx, spec, schema, messages);
    } catch (error) {
      ctx.stats.failures++;
      return { ...outcome, cached: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
    outcome.cached &&= reply.cached;
    if (!reply.cached) {
      outcome.tokensIn += reply.tokensIn;
      outcome.tokensOut += reply.tokensOut;
    }
    const verdict = judge(ctx, spec, reply);
    if (verdict.value !== null) outcome.value = verdict.value;
    if (verdict.problem === null) return { ...outcome, error: null };
    outcome.error = verdict.problem;
    if (attempt === 0) {
      ctx.stats.correctiveRetries++;
      messages.push(
        { role: 'assistant', content: reply.content.slice(0, MAX_ECHO_CHARS) },
        {
          role: 'user',
          content: `Your reply could not be used: ${verdict.problem}. Reply again with only one JSON object that matches the schema.`,
        },
      );
    }
  }
  ctx.stats.failures++;
  return outcome;
}

async function exchange<T>(
  ctx: AskContext,
  spec: AskSpec<T>,
  schema: Record<string, unknown>,
  messages: ChatMessage[],
): Promise<ChatReply & { cached: boolean }> {
  const keyInput: CacheKeyInput = {
    model: ctx.options.model,
    prompt: `${spec.template.id}.v${spec.template.version}`,
    promptHash: spec.template.hash,
    schemaName: spec.schemaName,
    temperature: ctx.options.temperature,
    maxTokens: ctx.options.maxTokens,
    messages,
  };
  const key = cacheKey(keyInput);
  const hit = ctx.cache !== null && ctx.options.useCache ? ctx.cache.get(key) : null;
  if (hit) {
    ctx.stats.cacheHits++;
    return { ...hit, cached: true };
  }
  const reply = await ctx.transport.send({ messages: [...messages], schemaName: spec.schemaName, schema });
  ctx.stats.tokensIn += reply.tokensIn;
  ctx.stats.tokensOut += reply.tokensOut;
  ctx.cache?.put(key, keyInput, reply);
  return { ...reply, cached: false };
}

function judge<T>(ctx: AskContext, spec: AskSpec<T>, reply: ChatReply): { value: T | null; problem: string | null } {
  // A cut-off reply may still parse (a closed prefix), but it is not what the model meant.
  if (reply.finishReason === 'length')
    return { value: null, problem: `the reply was cut off at the ${ctx.options.maxTokens}-token limit; answer more briefly` };
  const json = extractJsonObject(reply.content);
  if (json === null) return { value: null, problem: 'the reply holds no JSON object' };
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { value: null, problem: `the JSON does not match the schema (${issues.join('; ')})` };
  }
  return { value: parsed.data, problem: spec.check?.(parsed.data) ?? null };
}
