import { describe, expect, it } from 'vitest';
import { createClient, dispatch, type Handlers, type InvestigationState, type Transport } from '../../core/ipc/index.js';
import { fakeHandlers } from '../../core/ipc/testing.js';
import { clampBudget } from './investigation-slice.js';
import { createWorkbenchStore, selectControls } from './store.js';
import { investigationState } from './test-support.js';

let revision = 0;
function state(overrides: Partial<InvestigationState> = {}): InvestigationState {
  return investigationState({ revision: ++revision, status: 'running', ...overrides });
}

function storeWith(handlers: Handlers) {
  const calls: string[] = [];
  const transport: Transport = {
    invoke: (channel, input) => {
      calls.push(channel);
      return dispatch(handlers, channel, input);
    },
    on: () => () => {},
  };
  return { store: createWorkbenchStore(createClient(transport)), calls };
}

const withEngine = (overrides: Partial<Handlers> = {}): Handlers => {
  const base = fakeHandlers();
  return fakeHandlers({
    'app.info': async () => ({
      ...(await base['app.info']({})),
      capabilities: { investigation: true, overrides: true, export: true, openSnapshot: true, cancelImport: false, choosePath: false },
    }),
    'investigation.state': async () => state({ status: 'new', seq: -1 }),
    ...overrides,
  });
};

describe('workbench store', () => {
  it('loads the session and reports the graph once the caller has filled it', async () => {
    const { store } = storeWith(fakeHandlers());
    const view = await store.getState().loadSession();
    expect(store.getState().connection).toBe('ready');
    expect(view?.nodes).toHaveLength(1);
    if (view) store.getState().setGraphLoaded(view);
    expect(store.getState()).toMatchObject({ nodeCount: 1, edgeCount: 0, graphVersion: 1 });
  });

  it('keeps controls disabled when the backend has no investigation engine', async () => {
    const { store } = storeWith(fakeHandlers());
    await store.getState().loadSession();
    expect(Object.values(selectControls(store.getState()))).toEqual([false, false, false, false, false]);
  });

  it('starts with the chosen budget before the first run, then runs', async () => {
    let startedWith: unknown;
    const { store, calls } = storeWith(
      withEngine({
        'investigation.start': async (input) => {
          startedWith = input.settings;
          return state({ status: 'new' });
        },
        'investigation.run': async () => state({ status: 'finished', evaluations: 3 }),
      }),
    );
    await store.getState().loadSession();
    expect(selectControls(store.getState()).canRun).toBe(true);
    expect(store.getState().budget).toBeNull();
    store.getState().setBudget(12);
    await store.getState().runCommand('run');
    expect(calls).toEqual(['app.info', 'graph.get', 'investigation.state', 'investigation.start', 'investigation.run']);
    expect(startedWith).toMatchObject({ budget: 12, maxVisits: 5, policy: 'heuristic' });
    expect(store.getState().investigation?.status).toBe('finished');
    expect(selectControls(store.getState())).toMatchObject({ canRun: false, canStepBack: true, canReset: true });
  });

  it('sends the alert window (seconds, clamped) with the settings only when it differs from the 2-minute default', async () => {
    const started: unknown[] = [];
    const { store } = storeWith(
      withEngine({
        'investigation.start': async (input) => {
          started.push(input.settings);
          return state({ status: 'new' });
        },
        'investigation.run': async () => state({ status: 'finished', evaluations: 3 }),
        'investigation.reset': async () => state({ status: 'new', seq: -1 }),
      }),
    );
    await store.getState().loadSession();
    await store.getState().runCommand('run');
    expect(started[0]).not.toHaveProperty('alertWindowMs');
    await store.getState().runCommand('reset');
    store.getState().setAlertWindowSeconds(300);
    await store.getState().runCommand('run');
    expect(started[1]).toMatchObject({ alertWindowMs: 300_000 });
    store.getState().setAlertWindowSeconds(Number.NaN);
    expect(store.getState().alertWindowSeconds).toBe(120);
  });

  it('shows a failed command as an error and clears pending', async () => {
    const { store } = storeWith(withEngine());
    await store.getState().loadSession();
    await store.getState().runCommand('step');
    expect(store.getState().error).toMatch(/not available/);
    expect(store.getState().pending).toBeNull();
  });

  it('keeps the newest state when a push overtakes the reply it follows', async () => {
    const { store } = storeWith(
      withEngine({
        'investigation.start': async () => state({ status: 'new' }),
        'investigation.run': async () => {
          const reply = state({ status: 'running' });
          store.getState().setInvestigation(state({ status: 'finished' }));
          return reply;
        },
      }),
    );
    await store.getState().loadSession();
    await store.getState().runCommand('run');
    expect(store.getState().investigation?.status).toBe('finished');
  });

  it('clamps budgets to a sane integer range', () => {
    expect(clampBudget(0)).toBe(1);
    expect(clampBudget(12.6)).toBe(13);
    expect(clampBudget(Number.NaN)).toBeNull();
    expect(clampBudget(1e9)).toBe(100_000);
  });

  it('toggles selection', () => {
    const { store } = storeWith(fakeHandlers());
    store.getState().toggleSelectedNode('x');
    expect(store.getState().selectedNode).toBe('x');
    store.getState().toggleSelectedNode('x');
    expect(store.getState().selectedNode).toBeNull();
  });

  it('opens the Node tab when a node is chosen; choosing it again from another tab brings the tab back', () => {
    const { store } = storeWith(fakeHandlers());
    expect(store.getState().sideTab).toBe('diagnosis');
    store.getState().toggleSelectedNode('x');
    expect(store.getState().sideTab).toBe('node');
    store.getState().setSideTab('diagnosis');
    store.getState().toggleSelectedNode('x');
    expect(store.getState()).toMatchObject({ selectedNode: 'x', sideTab: 'node' });
    store.getState().setSideTab('hypotheses');
    store.getState().selectEvidence('y', 'log:3');
    expect(store.getState()).toMatchObject({ selectedNode: 'y', selectedEvidence: 'log:3', sideTab: 'node' });
  });
});
