import { createClient, dispatch, type Handlers, type InvestigationState, type Transport } from '../../core/ipc/index.js';
import { createWorkbenchStore } from './store.js';

/** A workbench store over in-process handlers that records every call the renderer makes. */
export function recordingStore(handlers: Handlers) {
  const calls: Array<{ channel: string; input: unknown }> = [];
  const transport: Transport = {
    invoke: (channel, input) => {
      calls.push({ channel, input });
      return dispatch(handlers, channel, input);
    },
    on: () => () => {},
  };
  return { store: createWorkbenchStore(createClient(transport)), calls };
}

/** An investigation view with nothing in it yet; tests set what they look at. */
export function investigationState(fields: Partial<InvestigationState> = {}): InvestigationState {
  return {
    revision: 1,
    status: 'paused',
    seq: 1,
    evaluations: 0,
    settings: null,
    budgetLeft: 10,
    activeSet: [],
    nodes: [],
    edges: [],
    frontier: [],
    outcome: null,
    confidence: null,
    ranking: [],
    tokensIn: 0,
    tokensOut: 0,
    lastError: null,
    ...fields,
  };
}
