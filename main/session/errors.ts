export class InvestigationNotStartedError extends Error {
  override name = 'InvestigationNotStartedError';
  constructor() {
    super('No investigation is running: press Run or Step to start one.');
  }
}

export class InvestigationRunningError extends Error {
  override name = 'InvestigationRunningError';
  constructor(action: string) {
    super(`Cannot ${action} while the investigation is running: press Pause first.`);
  }
}

export class ReadOnlyInvestigationError extends Error {
  override name = 'ReadOnlyInvestigationError';
  constructor() {
    super('This investigation is a replay of a saved ledger and cannot change: open its snapshot to investigate and override.');
  }
}

export class NoSeedsError extends Error {
  override name = 'NoSeedsError';
  constructor() {
    super('the snapshot has no alert to start from (after noise filtering); add alerts.jsonl or an alert on the affected service');
  }
}

export class PolicyNotConfiguredError extends Error {
  override name = 'PolicyNotConfiguredError';
  constructor(policy: string) {
    super(`The ${policy} policy needs an endpoint: fill in its base URL and model in Settings, or choose the heuristic policy.`);
  }
}

export class ImportCancelledError extends Error {
  override name = 'ImportCancelledError';
  constructor() {
    super('The evidence import was cancelled and nothing was written; press Run or Step to import again.');
  }
}

export class RunAlreadyAsideError extends Error {
  override name = 'RunAlreadyAsideError';
  constructor() {
    super('An investigation is set aside already: bring it back (leave the lesson) before setting another aside.');
  }
}
