import type { TokenCounter } from '../../../core/context/index.js';
import type { LlmOptions } from './options.js';
import type { RenderedPrompt } from './prompts.js';

/** Chat formatting per request (role markers, separators), and the corrective retry's own message. */
const FRAMING_TOKENS = 64;
const RETRY_TOKENS = 350;

/**
 * Prompt tokens a first request may use so that it, its completion, and a corrective retry
 * (which adds the clipped reply and the error) all still fit the model's context.
 */
export function promptBudget(options: Pick<LlmOptions, 'contextTokens' | 'maxTokens'>): number {
  return options.contextTokens - options.maxTokens - FRAMING_TOKENS - RETRY_TOKENS;
}

export function promptTokens(prompt: RenderedPrompt, count: TokenCounter): number {
  return count(prompt.system) + count(prompt.user);
}
