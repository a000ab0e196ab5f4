import type { Policy } from '../../core/controller/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { createLlmPolicy, defaultCacheFile, describeLlmOptions, LlmOptionsError, parseLlmOptions } from './llm/index.js';
import type { LlmOptions, LlmOptionsInput, LlmPolicyDeps } from './llm/index.js';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The variable the API key is read from when no other is named (docs/llm.md, "Hosted endpoints and the API key").
 * OPENAI_API_KEY is deliberately not read unless named: it is often exported for other tools,
 * and a key read by default would go to whatever endpoint the run points at.
 */
export const DEFAULT_API_KEY_ENV = 'EOG_LLM_API_KEY';

/** The LLM policy's settings as any entry point gives them; the key itself never appears here. */
export type LlmPolicySpec = { kind: 'llm'; apiKeyEnv?: string | null } & Omit<LlmOptionsInput, 'apiKey'>;

/** What CLI investigate, bench, the app and Electron ask the one factory for. */
export type PolicySpec = { kind: 'heuristic' } | LlmPolicySpec;

/** A policy, what may be written down about it, and how to release it. */
export interface PolicyHandle {
  policy: Policy;
  /** Settings safe to record in outputs (never the API key); null for the heuristic. */
  description: Record<string, unknown> | null;
  /** One line on what the policy did (requests, cache hits, failures); null when nothing to say. */
  summary(): string | null;
  /** The model endpoint was never reached: every question found it unreachable (the CLI then exits non-zero). */
  isEndpointUnreachable(): boolean;
  close(): void;
}

/**
 * The API key rule, the same for every entry point: the variable named by `apiKeyEnv`
 * (`--api-key-env`), which must then hold a key; when none is named, EOG_LLM_API_KEY if set;
 * otherwise no key (local servers need none).
 */
export function apiKeyFrom(apiKeyEnv: string | null | undefined, env: Env): string | null {
  const named = apiKeyEnv?.trim();
  if (named) {
    const value = env[named]?.trim();
    if (!value) {
      throw new LlmOptionsError(
        `--api-key-env names ${named}, but that environment variable is empty; export it or drop the flag for a local server`,
      );
    }
    return value;
  }
  return env[DEFAULT_API_KEY_ENV]?.trim() || null;
}

/** Validated LLM options with the key resolved from the environment by the rule above. */
export function llmOptionsFor(spec: LlmPolicySpec, env: Env): LlmOptions {
  const { kind: _kind, apiKeyEnv, ...settings } = spec;
  const cacheFile = settings.cacheFile === undefined ? defaultCacheFile(env) : settings.cacheFile;
  return parseLlmOptions({ ...settings, cacheFile, apiKey: apiKeyFrom(apiKeyEnv, env) });
}

/** The one place a policy is made: CLI investigate and bench, the app (web host and Electron). */
export function createPolicy(spec: PolicySpec, env: Env, deps: Pick<LlmPolicyDeps, 'progress'> = {}): PolicyHandle {
  if (spec.kind === 'heuristic')
    return {
      policy: createHeuristicPolicy(),
      description: null,
      summary: () => null,
      isEndpointUnreachable: () => false,
      close: () => undefined,
    };
  const options = llmOptionsFor(spec, env);
  const policy = createLlmPolicy(options, deps);
  return {
    policy,
    description: describeLlmOptions(options),
    summary: () => {
      const s = policy.stats();
      const hint = s.failures > 0 ? ' (each is in the ledger: ModelCalled, PolicyFellBack)' : '';
      return `llm ${options.model} at ${options.baseUrl}: ${s.requests} requests, ${s.cacheHits} cached, ${s.tokensIn + s.tokensOut} tokens (all phases), ${s.correctiveRetries} corrective retries, ${s.failures} questions without a usable answer, ${s.fallbacks} nodes judged by the heuristic instead${hint}, ${s.fabricatedIds} invented evidence ids rejected by the guard`;
    },
    isEndpointUnreachable: () => policy.isEndpointUnreachable(),
    close: () => policy.close(),
  };
}
