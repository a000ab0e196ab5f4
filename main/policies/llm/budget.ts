import type { TokenCounter } from '../../../core/context/index.js';
import { DEFAULT_REQUEST_TOKEN_CAP, type LlmOptions } from './options.js';
import type { RenderedPrompt } from './prompts.js';
import type { ChatMessage } from './transport.js';

export { DEFAULT_REQUEST_TOKEN_CAP } from './options.js';

/** Chat formatting per message (role markers, separators) and per request, counted generously. */
const TOKENS_PER_MESSAGE = 8;
const TOKENS_PER_REQUEST = 8;
/** Room for the corrective retry: the clipped echo of the reply (200 tokens) and the error message. */
const RETRY_TOKENS = 380;

/**
 * Prompt tokens (system + user) a first request may use so that it, and a corrective retry
 * (which adds the clipped reply and the error), stay within the request cap (3k by default,
 * system prompt included) and, with the completion, within the model's context.
 */
export function promptBudget(options: Pick<LlmOptions, 'contextTokens' | 'maxTokens'> & { requestTokenCap?: number }): number {
  const framing = 4 * TOKENS_PER_MESSAGE + TOKENS_PER_REQUEST;
  return Math.min(options.contextTokens - options.maxTokens, options.requestTokenCap ?? DEFAULT_REQUEST_TOKEN_CAP) - framing - RETRY_TOKENS;
}

export function promptTokens(prompt: RenderedPrompt, count: TokenCounter): number {
  return count(prompt.system) + count(prompt.user);
}

/** What a request costs in prompt tokens, framing included (o200k, as gpt-tokenizer counts). */
export function requestTokens(messages: readonly ChatMessage[], count: TokenCounter): number {
  return messages.reduce((sum, m) => sum + count(m.content) + TOKENS_PER_MESSAGE, TOKENS_PER_REQUEST);
}

/** The text cut to at most `limit` tokens (by halving, so hostile text costs few counts). */
export function clipToTokens(text: string, limit: number, count: TokenCounter): string {
  let out = text.length > limit * 8 ? text.slice(0, limit * 8) : text;
  while (out.length > 0 && count(out) > limit) out = out.slice(0, Math.floor(out.length * 0.75));
  return out;
}
