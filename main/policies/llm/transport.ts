import type OpenAI from 'openai';
import { countTokens } from '../../../core/context/index.js';
import { backoffDelay, type Clock, type RandomSource } from './backoff.js';
import { EndpointRejectedError, EndpointUnavailableError, RequestCutError, UnusableReplyError } from './errors.js';
import { createLimiter } from './limiter.js';
import type { LlmOptions } from './options.js';

/** How the reply format is requested; downgraded once per run when the server refuses. */
export type ResponseMode = 'json_schema' | 'json_object' | 'text';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  schemaName: string;
  schema: Record<string, unknown>;
}

export interface ChatReply {
  content: string;
  finishReason: string | null;
  tokensIn: number;
  tokensOut: number;
}

export interface TransportDeps {
  clock: Clock;
  random: RandomSource;
  /** The only network path; tests pass a recording fetch to prove nothing else is contacted. */
  fetch?: typeof fetch;
}

export interface ChatTransport {
  /** One question, retried on transient faults; `signal` cuts it (in flight, waiting for a slot or between retries). */
  send(request: ChatRequest, signal?: AbortSignal): Promise<ChatReply>;
  readonly mode: ResponseMode;
  /** HTTP requests sent, retries and downgrades included. */
  readonly requests: number;
}

const nextMode: Record<ResponseMode, ResponseMode | null> = { json_schema: 'json_object', json_object: 'text', text: null };

type OpenAiSdk = typeof OpenAI;
let sdkLoading: Promise<OpenAiSdk> | null = null;

/**
 * The openai client library, loaded at the first request: runs with the heuristic policy, and
 * every other command, start without it (it is the largest module the CLI would load).
 */
export function loadOpenAiSdk(): Promise<OpenAiSdk> {
  return (sdkLoading ??= import('openai').then((m) => m.default));
}

export function createChatTransport(options: LlmOptions, deps: TransportDeps): ChatTransport {
  let connecting: Promise<OpenAI> | null = null;
  const connect = (): Promise<OpenAI> =>
    (connecting ??= loadOpenAiSdk().then(
      (Sdk) =>
        new Sdk({
          baseURL: options.baseUrl,
          // Local servers need no key, but the client insists on one; it is sent to the base URL only.
          apiKey: options.apiKey ?? 'no-key',
          organization: null,
          project: null,
          maxRetries: 0,
          timeout: options.timeoutMs,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        }),
    ));
  const limit = createLimiter(options.concurrency);
  let mode: ResponseMode = 'json_schema';
  let requests = 0;

  async function once(request: ChatRequest, signal: AbortSignal | undefined): Promise<ChatReply> {
    const client = await connect();
    requests++;
    // The client's own timeout (--llm-timeout) still applies; `signal` only cuts earlier.
    const completion = await client.chat.completions.create(
      {
        model: options.model,
        messages: request.messages,
        temperature: options.temperature,
        max_tokens: options.maxTokens,
        ...(options.requestSeed === undefined ? {} : { seed: options.requestSeed }),
        ...responseFormat(mode, request),
      },
      signal ? { signal } : {},
    );
    const choice = completion.choices?.[0];
    if (!choice) throw new UnusableReplyError('the endpoint answered without any choice');
    const content = choice.message?.content ?? '';
    const usage = completion.usage;
    // Servers that do not report usage are counted locally, so the totals never silently read 0.
    return {
      content,
      finishReason: choice.finish_reason ?? null,
      tokensIn: usage?.prompt_tokens ?? countTokens(request.messages.map((m) => m.content).join('\n')),
      tokensOut: usage?.completion_tokens ?? countTokens(content),
    };
  }

  async function send(request: ChatRequest, signal?: AbortSignal): Promise<ChatReply> {
    return limit(async () => {
      for (let attempt = 0; ;) {
        if (signal?.aborted) throw new RequestCutError(options.baseUrl);
        try {
          return await once(request, signal);
        } catch (error) {
          // Whatever the client made of the abort, it is the caller's cut: not retried, not the endpoint's fault.
          if (signal?.aborted) throw new RequestCutError(options.baseUrl);
          const Sdk = await loadOpenAiSdk();
          const downgrade = nextMode[mode];
          if (isFormatRefusal(Sdk, error) && downgrade !== null) {
            mode = downgrade;
            continue;
          }
          if (!isTransient(Sdk, error)) throw classify(Sdk, error, options.baseUrl);
          if (attempt >= options.retries) throw new EndpointUnavailableError(options.baseUrl, attempt + 1, error);
          const delay = backoffDelay(
            attempt,
            { baseMs: options.backoffMs, maxMs: options.maxBackoffMs },
            deps.random,
            retryAfterMs(Sdk, error),
          );
          await pause(deps.clock, delay, signal);
          attempt++;
        }
      }
    });
  }

  return {
    send,
    get mode() {
      return mode;
    },
    get requests() {
      return requests;
    },
  };
}

/** The backoff before a retry, ended early by `signal`: a cut request does not wait out its backoff. */
function pause(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return clock.sleep(ms);
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    void clock.sleep(ms).then(done);
  });
}

function responseFormat(mode: ResponseMode, request: ChatRequest): Pick<OpenAI.ChatCompletionCreateParamsNonStreaming, 'response_format'> {
  switch (mode) {
    case 'json_schema':
      return { response_format: { type: 'json_schema', json_schema: { name: request.schemaName, schema: request.schema, strict: true } } };
    case 'json_object':
      return { response_format: { type: 'json_object' } };
    case 'text':
      return {};
  }
}

/** Statuses servers refuse an unsupported response format with (llama-cpp-python and ik_llama.cpp answer 500). */
const formatRefusalStatuses: ReadonlySet<number> = new Set([400, 422, 500]);

/**
 * A refusal that names the response format or its schema: the server does not support that
 * mode, so the next one is tried (json_schema → json_object → plain JSON) instead of retrying.
 */
function isFormatRefusal(OpenAI: OpenAiSdk, error: unknown): boolean {
  return (
    error instanceof OpenAI.APIError &&
    error.status !== undefined &&
    formatRefusalStatuses.has(error.status) &&
    /response_format|json_schema|json_object|schema|grammar/i.test(error.message)
  );
}

function isTransient(OpenAI: OpenAiSdk, error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionError) return true;
  if (!(error instanceof OpenAI.APIError) || error.status === undefined) return false;
  return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
}

function classify(OpenAI: OpenAiSdk, error: unknown, baseUrl: string): Error {
  if (error instanceof OpenAI.APIError) return new EndpointRejectedError(baseUrl, error.status, error.message);
  if (error instanceof UnusableReplyError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new UnusableReplyError(`the endpoint's response could not be read: ${reason}`);
}

function retryAfterMs(OpenAI: OpenAiSdk, error: unknown): number | null {
  if (!(error instanceof OpenAI.APIError)) return null;
  const header = error.headers?.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}
