import type { Handlers, Input, InvestigationSettings, InvestigationState, LlmEndpoint } from '../../core/ipc/index.js';
import { NotAvailableError } from '../../core/ipc/index.js';
import type { PolicySpec } from '../policies/create-policy.js';
import type { InvestigationService } from '../session/index.js';

type InvestigationChannels =
  | 'investigation.start'
  | 'investigation.step'
  | 'investigation.stepBack'
  | 'investigation.seek'
  | 'investigation.run'
  | 'investigation.pause'
  | 'investigation.reset'
  | 'investigation.override'
  | 'investigation.judgeHypothesis'
  | 'investigation.state'
  | 'ledger.events'
  | 'diagnosis.get'
  | 'export.render';

export type InvestigationHandlers = Pick<Handlers, InvestigationChannels>;

/**
 * The policy a Start asks for. The page names the endpoint only: the key comes from the
 * backend's environment by the rule of main/policies/create-policy.ts, from the variable the
 * host was started with (`--api-key-env`), never from the page. Undefined for an LLM Start
 * without an endpoint: the service answers PolicyNotConfiguredError.
 */
export function policySpecFor(
  settings: InvestigationSettings,
  llm: LlmEndpoint | undefined,
  apiKeyEnv: string | null,
): PolicySpec | undefined {
  if (settings.policy === 'heuristic') return { kind: 'heuristic' };
  return llm ? { kind: 'llm', baseUrl: llm.baseUrl, model: llm.model, apiKeyEnv } : undefined;
}

/**
 * The investigation channels over the current investigation service. Without one (no
 * investigations in this host, or no snapshot open) every channel answers NotAvailableError.
 */
export function investigationHandlers(
  service: () => InvestigationService | null,
  emit: (state: InvestigationState) => void,
  apiKeyEnv: string | null,
  /** Told what a Start names (the evidence store, the case library, the settings' files) before the service starts; may refuse it by throwing. */
  beforeStart: (input: Pick<Input<'investigation.start'>, 'store' | 'cases' | 'settings'>) => void = () => undefined,
): InvestigationHandlers {
  const use = (channel: string): InvestigationService => {
    const current = service();
    if (!current) throw new NotAvailableError(channel);
    return current;
  };
  const changed = (state: InvestigationState): InvestigationState => {
    emit(state);
    return state;
  };
  return {
    'investigation.start': async ({ settings, llm, store, cases }) => {
      const current = use('investigation.start');
      beforeStart({ store, cases, settings });
      return changed(await current.start({ settings, policy: policySpecFor(settings, llm, apiKeyEnv) }));
    },
    'investigation.step': async () => changed(await use('investigation.step').step()),
    'investigation.stepBack': async () => changed(use('investigation.stepBack').stepBack()),
    'investigation.seek': async ({ seq }) => changed(use('investigation.seek').seek(seq)),
    'investigation.run': async ({ maxSteps }) => changed(use('investigation.run').run(maxSteps)),
    'investigation.pause': async () => changed(use('investigation.pause').pause()),
    'investigation.reset': async () => changed(use('investigation.reset').reset()),
    'investigation.override': async ({ node, label, note }) => changed(use('investigation.override').override(node, label, note)),
    'investigation.judgeHypothesis': async ({ id, action, note }) =>
      changed(use('investigation.judgeHypothesis').judgeHypothesis(id, action, note)),
    'investigation.state': async () => use('investigation.state').state(),
    'ledger.events': async ({ afterSeq, limit }) => use('ledger.events').events(afterSeq, limit),
    'diagnosis.get': async () => use('diagnosis.get').diagnosis(),
    'export.render': async ({ format, graphPng }) => use('export.render').exportFile(format, graphPng),
  };
}
