export class LedgerMismatchError extends Error {
  override name = 'LedgerMismatchError';
  constructor(detail: string) {
    super(
      `The ledger belongs to a different investigation (${detail}); start a new ledger file or resume with the original snapshot, settings and policy.`,
    );
  }
}

export class ControllerBusyError extends Error {
  override name = 'ControllerBusyError';
  constructor(action: string) {
    super(`Cannot ${action} while a step is in flight; pause the investigation and wait for the current step to finish.`);
  }
}

export class PolicyCallError extends Error {
  override name = 'PolicyCallError';
  constructor(node: string, policy: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Policy "${policy}" failed on ${node}: ${reason}. Nothing was recorded for this step; fix the policy endpoint and resume.`, {
      cause,
    });
  }
}

export class SeedNotInGraphError extends Error {
  override name = 'SeedNotInGraphError';
  constructor(node: string) {
    super(`Seed ${node} is not in the operational graph; seeds must name entities of the snapshot topology.`);
  }
}

export class HypothesesOffError extends Error {
  override name = 'HypothesesOffError';
  constructor() {
    super(
      'This investigation runs without the hypothesis layer; start it with hypotheses on (--hypotheses, or the setting) to judge hypotheses.',
    );
  }
}

export class UnknownHypothesisError extends Error {
  override name = 'UnknownHypothesisError';
  constructor(id: string) {
    super(`No hypothesis "${id}" in this investigation; pick one from the hypothesis panel or the diagnosis.`);
  }
}

export class CausalKnowledgeMismatchError extends Error {
  override name = 'CausalKnowledgeMismatchError';
  constructor(recorded: { name: string; version: string; sha256: string }, given: string | null) {
    super(
      given === null
        ? `The causal-graph layer is on but no knowledge was given; load ${recorded.name} ${recorded.version} (docs/causal-graph.md).`
        : `The ledger's causal graph was built with knowledge ${recorded.name} ${recorded.version} (sha256 ${recorded.sha256.slice(0, 12)}…), not the one given (${given.slice(0, 12)}…); resume with the same --knowledge.`,
    );
  }
}
