import type { Policy } from '../../core/controller/index.js';
import { readBundleCode } from '../code/index.js';
import { causalSettingsFor, loadKnowledge } from '../knowledge/index.js';
import { createPolicy, type Env, type PolicyHandle, type PolicySpec } from '../policies/create-policy.js';
import type { ProgressSink } from '../policies/llm/index.js';
import { PolicyNotConfiguredError } from './errors.js';
import { Investigation } from './investigation.js';
import type { InvestigationRun } from './run.js';
import type { InvestigationTarget, StartRequest } from './start-request.js';

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
): Promise<{ run: InvestigationRun; ownedPolicy: PolicyHandle | null }> {
  if (target.kind === 'replay') return { run: target.replay.run, ownedPolicy: null };
  const chosen = request.policy ?? (request.settings.policy === 'heuristic' ? { kind: 'heuristic' as const } : null);
  if (chosen === null) throw new PolicyNotConfiguredError(request.settings.policy);
  // The policy first: a missing key or a bad endpoint fails before a long import.
  let ownedPolicy: PolicyHandle | null = null;
  let policy: Policy;
  if (isPolicySpec(chosen)) {
    // With the hypothesis layer on, an LLM policy also proposes hypotheses (docs/hypotheses.md).
    const spec = chosen.kind === 'llm' && request.settings.hypotheses ? { ...chosen, hypotheses: true } : chosen;
    ownedPolicy = createPolicy(spec, env, progress ? { progress } : {});
    policy = ownedPolicy.policy;
  } else policy = chosen;
  try {
    // The knowledge first too: a bad file fails (naming its line) before a long import.
    const { policy: _kind, window, causalGraph, causal: _recorded, ...rest } = request.settings;
    const knowledge = causalGraph.enabled ? loadKnowledge(causalGraph.files) : undefined;
    const controllerSettings = knowledge ? { ...rest, causal: causalSettingsFor(knowledge, causalGraph.enforce) } : rest;
    const store = await target.source.store();
    let run: InvestigationRun | null = null;
    run = await Investigation.open({
      store,
      policy,
      settings: controllerSettings,
      knowledge,
      window,
      ledgerFile: request.ledgerFile ?? null,
      tokenBudget: request.tokenBudget,
      deadline: request.deadline ?? null,
      code: target.source.bundleDir ? readBundleCode(target.source.bundleDir) : null,
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
