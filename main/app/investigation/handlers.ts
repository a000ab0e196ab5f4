import type { Handlers, InvestigationState } from '../../../core/ipc/index.js';
import { NotAvailableError } from '../../../core/ipc/index.js';
import type { InvestigationSession } from './session.js';

type InvestigationChannels =
  | 'investigation.start'
  | 'investigation.step'
  | 'investigation.stepBack'
  | 'investigation.seek'
  | 'investigation.run'
  | 'investigation.pause'
  | 'investigation.reset'
  | 'investigation.override'
  | 'investigation.state'
  | 'ledger.events'
  | 'diagnosis.get'
  | 'export.render';

export type InvestigationHandlers = Pick<Handlers, InvestigationChannels>;

/**
 * The investigation channels over the current session. Without one (no engine in this build,
 * or no snapshot open) every channel answers NotAvailableError.
 */
export function investigationHandlers(
  session: () => InvestigationSession | null,
  emit: (state: InvestigationState) => void,
): InvestigationHandlers {
  const use = (channel: string): InvestigationSession => {
    const current = session();
    if (!current) throw new NotAvailableError(channel);
    return current;
  };
  const changed = (state: InvestigationState): InvestigationState => {
    emit(state);
    return state;
  };
  return {
    'investigation.start': async ({ settings, llm }) => changed(await use('investigation.start').start(settings, llm)),
    'investigation.step': async () => changed(await use('investigation.step').step()),
    'investigation.stepBack': async () => changed(use('investigation.stepBack').stepBack()),
    'investigation.seek': async ({ seq }) => changed(use('investigation.seek').seek(seq)),
    'investigation.run': async ({ maxSteps }) => changed(use('investigation.run').run(maxSteps)),
    'investigation.pause': async () => changed(use('investigation.pause').pause()),
    'investigation.reset': async () => changed(use('investigation.reset').reset()),
    'investigation.override': async ({ node, label, note }) => changed(use('investigation.override').override(node, label, note)),
    'investigation.state': async () => use('investigation.state').state(),
    'ledger.events': async ({ afterSeq, limit }) => use('ledger.events').events(afterSeq, limit),
    'diagnosis.get': async () => use('diagnosis.get').diagnosis(),
    'export.render': async ({ format, graphPng }) => use('export.render').exportFile(format, graphPng),
  };
}
