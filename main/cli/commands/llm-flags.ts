import type { Command } from 'commander';
import type { LlmPolicySpec } from '../../policies/create-policy.js';
import { LlmOptionsError } from '../../policies/llm/index.js';

/** Registers the `--policy llm` flags on a command (`eog investigate`, `eog bench`). */
export function addLlmOptions(cmd: Command): Command {
  return cmd
    .option('--base-url <url>', 'OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1 (with --policy llm)')
    .option('--model <name>', 'model name as the endpoint knows it (with --policy llm)')
    .option('--api-key-env <var>', 'environment variable holding the API key (default: EOG_LLM_API_KEY when set); local servers need none')
    .option('--llm-timeout <ms>', 'per-request timeout in milliseconds', '60000')
    .option('--max-tokens <n>', 'completion token limit per request', '1024')
    .option('--llm-concurrency <n>', 'model requests in flight at once', '2')
    .option('--temperature <t>', 'sampling temperature', '0')
    .option(
      '--context-tokens <n>',
      "the model's context window in tokens (give the server's: Ollama OLLAMA_CONTEXT_LENGTH, llama-server -c)",
      '4096',
    )
    .option(
      '--llm-request-cap <n>',
      'prompt tokens of any one request, system prompt included (o200k); raise it for models with a larger context',
      '3000',
    )
    .option('--llm-retries <n>', 'transport retries per request (timeouts, 429, 5xx)', '3')
    .option('--llm-cache <file>', 'response cache (SQLite); default under $XDG_CACHE_HOME/eog-workbench')
    .option('--no-cache', 'ask the model afresh instead of replaying cached answers')
    .option('--llm-token-cap <n>', 'tokens (in + out, every phase) one investigation may spend on the model', '250000');
}

/**
 * Turns parsed commander options into the LLM policy spec (main/policies/create-policy.ts),
 * which resolves the API key; errors name the flag to fix.
 */
export function llmSpecFrom(parsed: Readonly<Record<string, unknown>>): LlmPolicySpec {
  const baseUrl = text(parsed.baseUrl);
  const model = text(parsed.model);
  if (baseUrl === null) throw new LlmOptionsError('--policy llm needs --base-url, e.g. --base-url http://127.0.0.1:11434/v1');
  if (model === null) throw new LlmOptionsError('--policy llm needs --model, e.g. --model qwen2.5:7b-instruct');
  const candidate = {
    timeoutMs: integer(parsed.llmTimeout, '--llm-timeout'),
    maxTokens: integer(parsed.maxTokens, '--max-tokens'),
    concurrency: integer(parsed.llmConcurrency, '--llm-concurrency'),
    temperature: decimal(parsed.temperature, '--temperature'),
    contextTokens: integer(parsed.contextTokens, '--context-tokens'),
    requestTokenCap: integer(parsed.llmRequestCap, '--llm-request-cap'),
    retries: integer(parsed.llmRetries, '--llm-retries'),
    tokenCap: integer(parsed.llmTokenCap, '--llm-token-cap'),
    useCache: parsed.cache !== false,
    cacheFile: text(parsed.llmCache) ?? undefined,
  };
  return { kind: 'llm', baseUrl, model, apiKeyEnv: text(parsed.apiKeyEnv), ...candidate };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function integer(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  throw new LlmOptionsError(`${flag} expects a whole number, got "${String(value)}"`);
}

function decimal(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  throw new LlmOptionsError(`${flag} expects a number, got "${String(value)}"`);
}
