import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { LlmOptionsError } from './errors.js';

/**
 * Prompt tokens of any one request by default (o200k; system prompt, schema, packet, chat
 * framing and a corrective retry included). 3k, as XiHE keeps every request even at 625× the
 * alert volume: it fits the 4k context small local models are served with by default (Ollama,
 * llama.cpp) beside the 1k completion, and what does not fit is packed by priority or read in
 * chunks, never cut. `--llm-request-cap` raises it for models with a larger context (docs/llm.md).
 */
export const DEFAULT_REQUEST_TOKEN_CAP = 3000;

/**
 * Settings of the LLM policy, shared by the CLI flags and the app's settings file. The API key
 * is carried here but never leaves the process: use `describeLlmOptions` for anything that is
 * written down (ledger, logs, exports).
 */
export const LlmOptions = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }),
  model: z.string().min(1),
  /** Resolved key; local servers (Ollama, llama.cpp) need none. */
  apiKey: z.string().min(1).nullable().default(null),
  /** Per request, in milliseconds. */
  timeoutMs: z.number().int().positive().default(60_000),
  /** Completion limit sent with every request. */
  maxTokens: z.number().int().positive().default(1024),
  /** Requests in flight at once (map-reduce chunks and parallel evaluations share it). */
  concurrency: z.number().int().min(1).max(64).default(2),
  temperature: z.number().min(0).max(2).default(0),
  /** The model's context window: prompt + completion must fit in it (4k: what small local servers give by default). */
  contextTokens: z.number().int().min(1024).default(4096),
  /** Prompt tokens of any one request, system prompt and a corrective retry included (o200k; budget.ts says why 3k). */
  requestTokenCap: z.number().int().min(1024).default(DEFAULT_REQUEST_TOKEN_CAP),
  /** Tokens (in + out, every phase) one investigation may spend; then the model is asked no more. */
  tokenCap: z.number().int().positive().default(250_000),
  /** Transport retries per request (timeouts, refused connections, 429, 5xx). */
  retries: z.number().int().min(0).max(10).default(3),
  /** First backoff delay and its ceiling, in milliseconds; jittered. */
  backoffMs: z.number().int().min(0).default(500),
  maxBackoffMs: z.number().int().min(0).default(20_000),
  /** Seed of the jitter, so a run's timing decisions are reproducible. */
  seed: z.number().int().default(1),
  /**
   * Sent as the request's `seed` (and part of the cache key) when set: the runs of a vote
   * (docs/voting.md) ask with seeds 1, 2, …; absent for run 0 and single runs, whose requests keep their bytes.
   */
  requestSeed: z.number().int().nonnegative().optional(),
  /** Read answers from the response cache (writes always happen when a cache file is set). */
  useCache: z.boolean().default(true),
  /** SQLite file of the response cache; null disables caching entirely. */
  cacheFile: z.string().min(1).nullable().default(null),
  /** The hypothesis layer is on: explore replies also propose hypotheses (explore v3). Absent = off. */
  hypotheses: z.boolean().optional(),
});
export type LlmOptions = z.infer<typeof LlmOptions>;
export type LlmOptionsInput = z.input<typeof LlmOptions>;

/** Everything but the key: safe for the ledger's settings, logs and exports. */
export function describeLlmOptions(options: LlmOptions): Omit<LlmOptions, 'apiKey'> & { hasApiKey: boolean } {
  const { apiKey, ...rest } = options;
  return { ...rest, hasApiKey: apiKey !== null };
}

/** `$XDG_CACHE_HOME/eog-workbench/llm-responses.sqlite`, else under ~/.cache. */
export function defaultCacheFile(env: Readonly<Record<string, string | undefined>>): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(base, 'eog-workbench', 'llm-responses.sqlite');
}

/** Validates settings from any source (CLI, the app's settings file); errors name the field. */
export function parseLlmOptions(input: unknown): LlmOptions {
  const result = LlmOptions.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new LlmOptionsError(`invalid LLM setting ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'unknown problem'}`);
}
