/** The options do not describe a usable endpoint; the message says which flag or setting to fix. */
export class LlmOptionsError extends Error {
  override name = 'LlmOptionsError';
}

/** A prompt template in resources/prompts is missing or malformed. */
export class PromptTemplateError extends Error {
  override name = 'PromptTemplateError';
  constructor(file: string, problem: string) {
    super(`Prompt template ${file}: ${problem}. Restore the file from the EoG Workbench release or fix its header.`);
  }
}

/** The endpoint kept failing (timeouts, refused connections, 429, 5xx) after every retry. */
export class EndpointUnavailableError extends Error {
  override name = 'EndpointUnavailableError';
  constructor(baseUrl: string, attempts: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `The model endpoint ${baseUrl} failed ${attempts} time(s): ${reason}. Check that the server is running and reachable, or raise --llm-timeout / --llm-retries.`,
      { cause },
    );
  }
}

/**
 * The caller's signal ended the request (the run's deadline passed, or the run was stopped): it was cut in flight, or
 * not sent. Not a fault of the endpoint, so it is neither retried nor counted against it.
 */
export class RequestCutError extends Error {
  override name = 'RequestCutError';
  constructor(baseUrl: string) {
    super(`The request to ${baseUrl} was cut: the run's deadline passed or the run was stopped before the answer came.`);
  }
}

/** The endpoint refused the request outright (bad key, unknown model, bad request). */
export class EndpointRejectedError extends Error {
  override name = 'EndpointRejectedError';
  constructor(baseUrl: string, status: number | undefined, message: string) {
    super(
      `The model endpoint ${baseUrl} rejected the request (${status ?? 'no status'}): ${message}. Check --model and the API key variable.`,
    );
  }
}

/** The reply could not be used: cut off, not JSON, or not the shape the schema asks for. */
export class UnusableReplyError extends Error {
  override name = 'UnusableReplyError';
}

/** The packet's own context (without evidence) does not fit the model's context window. */
export class ContextTooSmallError extends Error {
  override name = 'ContextTooSmallError';
  constructor(needed: number, available: number) {
    super(
      `The packet needs ${needed} prompt tokens before any evidence but only ${available} fit; raise --context-tokens or lower the packet token budget.`,
    );
  }
}
