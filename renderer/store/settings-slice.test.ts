import { describe, expect, it } from 'vitest';
import { createClient, dispatch, type Handlers, type InvestigationState, type Transport } from '../../core/ipc/index.js';
import { fakeHandlers } from '../../core/ipc/testing.js';
import { createWorkbenchStore } from './store.js';

function started(): InvestigationState {
  return {
    revision: 1, status: 'paused', seq: 3, evaluations: 1, settings: null, budgetLeft: 10, activeSet: [], nodes: [], edges: [],
    frontier: [], outcome: null, confidence: null, ranking: [], tokensIn: 0, tokensOut: 0, lastError: null,
  };
}

function storeRecordingStarts() {
  const starts: unknown[] = [];
  const handlers: Handlers = fakeHandlers({
    'investigation.start': async (input) => {
      starts.push(input);
      return started();
    },
    'investigation.step': async () => started(),
  });
  const transport: Transport = { invoke: (channel, input) => dispatch(handlers, channel, input), on: () => () => {} };
  return { store: createWorkbenchStore(createClient(transport)), starts };
}

describe('settings', () => {
  it('starts the heuristic policy without any endpoint', async () => {
    const { store, starts } = storeRecordingStarts();
    store.getState().setMaxVisits(7);
    await store.getState().runCommand('step');
    expect(starts).toEqual([{ settings: expect.objectContaining({ policy: 'heuristic', maxVisits: 7 }) }]);
  });

  it('sends the llm endpoint and model, never a key', async () => {
    const { store, starts } = storeRecordingStarts();
    store.getState().setPolicy('llm');
    store.getState().setLlm({ baseUrl: 'http://127.0.0.1:8080/v1', model: 'local-model' });
    await store.getState().runCommand('step');
    expect(starts[0]).toMatchObject({ settings: { policy: 'llm' }, llm: { baseUrl: 'http://127.0.0.1:8080/v1', model: 'local-model' } });
    expect(JSON.stringify(starts[0])).not.toMatch(/key/i);
  });

  it('clamps numeric settings into range', () => {
    const { store } = storeRecordingStarts();
    store.getState().setKFlips(-4);
    store.getState().setMaxVisits(Number.NaN);
    expect(store.getState().kFlips).toBe(0);
    expect(store.getState().maxVisits).toBe(5);
  });
});
