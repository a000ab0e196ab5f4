import type { Policy } from '../../core/controller/index.js';
import { readBundleCode } from '../code/index.js';
import { causalSettingsFor, loadKnowledge } from '../knowledge/index.js';
import { createPolicy, type Env, type PolicyHandle, type PolicySpec } from '../policies/create-policy.js';
import type { CasePrior } from '../../core/cases/index.js';
import type { ProgressSink } from '../policies/llm/index.js';
import { PolicyNotConfiguredError } from './errors.js';
import { Investigation } from './investigation.js';
import type { InvestigationRun } from './run.js';
import type { InvestigationTarget, StartRequest } from './start-request.js';

/** A policy that can ask again with another seed (the LLM policy); the heuristic varies by visit order alone. */
function isSeedable(policy: Policy): policy is Policy & { withSeed(seed: number): Policy & { close(): void } } {
  return 'withSeed' in policy && typeof policy.withSeed === 'function';
}

function isPolicySpec(policy: Policy | PolicySpec): policy is PolicySpec {
  return 'kind' in policy && !('evaluate' in policy);
}

/**
 * Opens the run a Start asked for: the recording of a replay, or an investigation over the
 * snapshot's evidence store (imported on first use) with the requested policy, settings and
 * window. A policy made here from a spec is returned so the service closes it with the run.
 */
export async function openRun(
  target: InvestigationTarget,
  request: StartRequest,
  env: Env,
  onCommit: (run: InvestigationRun) => void,
  progress?: ProgressSink,
  /** Called once the evidence is imported: the case library reads the incident (docs/cases.md) and gives its prior. */
  afterImport?: () => Promise<CasePrior | null>,
): Promise<{ run: InvestigationRun; ownedPolicy: PolicyHandle | null }> {
  if (target.kind === 'replay') return { run: target.replay.run, ownedPolicy: null };
  const chosen = request.policy ?? (request.settings.policy === 'heuristic' ? { kind: 'heuristic' as const } : null);
  if (chosen === null) throw new PolicyNotConfiguredError(request.settings.policy);
  // The policy first: a missing key or a bad endpoint fails before a long import.
  let ownedPolicy: PolicyHandle | null = null;
  let policy: Policy;
  if (isPolicySpec(chosen)) {
    // With the hypothesis layer on, an LLM policy also proposes hypotheses (docs/hypotheses.md).
    const layered = chosen.kind === 'llm' && request.settings.hypotheses ? { ...chosen, hypotheses: true } : chosen;
    // Run r > 0 of a vote asks the model with request seed r (docs/voting.md).
    const spec = layered.kind === 'llm' && request.run ? { ...layered, requestSeed: request.run } : layered;
    ownedPolicy = createPolicy(spec, env, progress ? { progress } : {});
    policy = ownedPolicy.policy;
  } else if (request.run && isSeedable(chosen)) {
    const seeded = chosen.withSeed(request.run);
    ownedPolicy = {
      policy: seeded,
      description: null,
      summary: () => null,
      isEndpointUnreachable: () => false,
      close: () => seeded.close(),
    };
    policy = seeded;
  } else policy = chosen;
  try {
    // The knowledge first too: a bad file fails (naming its line) before a long import.
    const {
      policy: _kind,
      window,
      runs: _runs,
      causalGraph,
      causal: _recorded,
      alertWindowMs,
      casePrior: isPriorOn,
      ...rest
    } = request.settings;
    const knowledge = causalGraph.enabled ? loadKnowledge(causalGraph.files) : undefined;
    const controllerSettings = knowledge ? { ...rest, causal: causalSettingsFor(knowledge, causalGraph.enforce, causalGraph) } : rest;
    const store = await target.source.store();
    const found = afterImport ? await afterImport() : null;
    let run: InvestigationRun | null = null;
    run = await Investigation.open({
      store,
      policy,
      // Run r > 0 of a vote also shuffles the nodes a broadcast wakes together (docs/voting.md).
      settings: request.run ? { ...controllerSettings, visitSeed: request.run } : controllerSettings,
      knowledge,
      window,
      ledgerFile: request.ledgerFile ?? null,
      tokenBudget: request.tokenBudget,
      deadline: request.deadline ?? null,
      ...(alertWindowMs ? { alertWindowMs } : {}),
      code: target.source.bundleDir ? readBundleCode(target.source.bundleDir) : null,
      visitRun: request.run ?? 0,
      prior: isPriorOn ? found : null,
      onCommit: () => {
        if (run) onCommit(run);
      },
    });
    return { run, ownedPolicy };
  } catch (error) {
    ownedPolicy?.close();
    throw error;
  }
}
