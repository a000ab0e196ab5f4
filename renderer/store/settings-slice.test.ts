import { describe, expect, it } from 'vitest';
import { createClient, dispatch, type Handlers, type InvestigationState, type Transport } from '../../core/ipc/index.js';
import { fakeHandlers, fakeSnapshotSummary } from '../../core/ipc/testing.js';
import { parseWindowText } from './settings-slice.js';
import { createWorkbenchStore } from './store.js';
import { investigationState, recordingStore } from './test-support.js';

function started(): InvestigationState {
  return investigationState({ seq: 3, evaluations: 1 });
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

  it('names the case library chosen at the Start: none, a file, or nothing for the workbench’s', async () => {
    const { store, starts } = storeRecordingStarts();
    const start = async (): Promise<unknown> => {
      await store.getState().runCommand('step');
      store.setState({ investigation: null });
      return starts.at(-1);
    };
    expect(await start()).not.toHaveProperty('cases');
    store.getState().setCases({ use: 'none' });
    expect(await start()).toMatchObject({ cases: { file: null } });
    store.getState().setCases({ use: 'file', file: '  /data/team.sqlite ' });
    expect(await start()).toMatchObject({ cases: { file: '/data/team.sqlite' } });
    // A file chosen but not named is refused before anything starts, with what to do.
    store.getState().setCases({ file: ' ' });
    const before = starts.length;
    await store.getState().runCommand('step');
    expect(starts).toHaveLength(before);
    expect(store.getState().error).toMatch(/Case library: name the file/);
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

  it('sends the window override, read as UTC, and none when the fields are empty', async () => {
    const { store, starts } = storeRecordingStarts();
    store.getState().setWindowText({ start: '2026-03-01T10:00', end: '2026-03-01T10:30:15' });
    await store.getState().runCommand('step');
    expect(starts[0]).toMatchObject({
      settings: { window: { start: Date.parse('2026-03-01T10:00:00Z'), end: Date.parse('2026-03-01T10:30:15Z') } },
    });
    const empty = storeRecordingStarts();
    await empty.store.getState().runCommand('step');
    expect(empty.starts[0]).toMatchObject({ settings: { window: null } });
  });

  it('refuses a half-filled or backwards window with a message instead of starting', async () => {
    const { store, starts } = storeRecordingStarts();
    store.getState().setWindowText({ start: '2026-03-01T10:30', end: '2026-03-01T10:00' });
    await store.getState().runCommand('step');
    expect(starts).toEqual([]);
    expect(store.getState().error).toMatch(/end must come after the start/);
    expect(() => parseWindowText({ start: '2026-03-01T10:00', end: '' })).toThrow(/both the start and the end/);
    expect(() => parseWindowText({ start: 'yesterday', end: '2026-03-01T10:00' })).toThrow(/not a date/);
    expect(parseWindowText({ start: '2026-03-01T10:00+01:00', end: '2026-03-01T10:00Z' })).toEqual({
      start: Date.parse('2026-03-01T09:00:00Z'),
      end: Date.parse('2026-03-01T10:00:00Z'),
    });
  });
});

describe('open dialog and import cancel', () => {
  function storeWithOpen() {
    const summary = {
      name: 'n',
      description: null,
      incidentTime: null,
      sourceKind: 'nezha',
      hash: 'h',
      entityCount: 1,
      edgeCount: 0,
      alertCount: 0,
      warnings: [],
    };
    const handlers: Handlers = fakeHandlers({
      'snapshot.probe': async () => ({ format: 'nezha', cases: [{ id: '2023-01-29-f01', label: 'day 1' }] }),
      'snapshot.open': async () => summary,
      'import.cancel': async () => ({ isCancelled: true }),
    });
    return recordingStore(handlers);
  }

  it('probes a path, then opens the chosen Nezha incident', async () => {
    const { store, calls } = storeWithOpen();
    expect((await store.getState().probeSnapshot('/data/nezha'))?.cases).toHaveLength(1);
    await store.getState().openSnapshot('/data/nezha', { case: '2023-01-29-f01' });
    expect(calls.map((c) => c.channel)).toEqual(['snapshot.probe', 'snapshot.open']);
    expect(calls[1]?.input).toEqual({ path: '/data/nezha', case: '2023-01-29-f01' });
  });

  it("sends a capture folder's incident time and window as typed, blank fields left out", async () => {
    const { store, calls } = storeWithOpen();
    await store.getState().openSnapshot('/data/capture', { incidentTime: ' 2026-03-01T09:43:00Z ', window: '' });
    await store.getState().openSnapshot('/data/capture', { incidentTime: '', window: '2026-03-01T09:30:00+01:00/2026-03-01T10:00:00Z' });
    expect(calls.map((c) => c.input)).toEqual([
      { path: '/data/capture', incidentTime: '2026-03-01T09:43:00Z' },
      { path: '/data/capture', window: { start: '2026-03-01T09:30:00+01:00', end: '2026-03-01T10:00:00Z' } },
    ]);
    expect(store.getState().error).toBeNull();
  });

  it.each([
    [{ incidentTime: '2026-03-01T09:43:00' }, /^Incident time must be an ISO-8601 time with a zone.*got "2026-03-01T09:43:00"$/],
    [{ window: '2026-03-01T09:30:00Z' }, /^Window must be START\/END with ISO-8601 times with a zone.*got "2026-03-01T09:30:00Z"$/],
    [{ window: '2026-03-01T10:00:00Z/2026-03-01T09:30:00Z' }, /^Window ends before it starts/],
    [
      { incidentTime: '2026-03-01T09:00:00Z', window: '2026-03-01T09:30:00Z/2026-03-01T10:00:00Z' },
      /^Incident time "2026-03-01T09:00:00Z" is outside Window /,
    ],
  ])('refuses %o before asking the backend, naming the field', async (choice, message) => {
    const { store, calls } = storeWithOpen();
    expect(await store.getState().openSnapshot('/data/capture', choice)).toBeNull();
    expect(calls).toEqual([]);
    expect(store.getState().error).toMatch(message);
    expect(store.getState().isOpening).toBe(false);
  });

  it("picks a path in the host's native dialog; a refusal is shown as the error", async () => {
    const { store, calls } = recordingStore(fakeHandlers({ 'snapshot.choose': async ({ kind }) => ({ path: `/picked/${kind}` }) }));
    expect(await store.getState().choosePath('folder')).toBe('/picked/folder');
    expect(calls).toEqual([{ channel: 'snapshot.choose', input: { kind: 'folder' } }]);
    const web = recordingStore(fakeHandlers());
    expect(await web.store.getState().choosePath('file')).toBeNull();
    expect(web.store.getState().error).toMatch(/snapshot\.choose/);
  });

  it('cancels the import through the contract, and a cancelled Start is not an error', async () => {
    const { store, calls } = storeWithOpen();
    await store.getState().cancelImport();
    expect(calls.map((c) => c.channel)).toEqual(['import.cancel']);
    const cancelled: Handlers = fakeHandlers({
      'investigation.start': async () => {
        throw Object.assign(new Error('cancelled'), { name: 'ImportCancelledError' });
      },
    });
    const other = createWorkbenchStore(createClient({ invoke: (c, i) => dispatch(cancelled, c, i), on: () => () => {} }));
    await other.getState().runCommand('step');
    expect(other.getState().error).toBeNull();
    expect(other.getState().pending).toBeNull();
  });

  it('sends the hypothesis layer (on by default) with δ and η only when it is on (off: no key, as without the layer)', async () => {
    const fresh = storeRecordingStarts();
    await fresh.store.getState().runCommand('step');
    expect(fresh.starts[0]).toMatchObject({ settings: { hypotheses: { delta: 0.1, eta: 2 } } });
    const off = storeRecordingStarts();
    off.store.getState().setHypotheses({ isOn: false });
    await off.store.getState().runCommand('step');
    expect(JSON.stringify(off.starts[0])).not.toContain('hypotheses');
    const on = storeRecordingStarts();
    on.store.getState().setHypotheses({ isOn: true, delta: 1.7, eta: 3 });
    await on.store.getState().runCommand('step');
    expect(on.starts[0]).toMatchObject({ settings: { hypotheses: { delta: 1, eta: 3 } } });
  });
});

describe('a lesson from a past case', () => {
  function storeWith(lesson: Handlers['cases.lesson']) {
    const handlers: Handlers = fakeHandlers({ 'cases.lesson': lesson });
    const transport: Transport = { invoke: (channel, input) => dispatch(handlers, channel, input), on: () => () => {} };
    return createWorkbenchStore(createClient(transport));
  }
  const summary = fakeSnapshotSummary('inc-1');

  it('opens the case’s snapshot, then the trainer', async () => {
    const asked: unknown[] = [];
    const store = storeWith(async (input) => {
      asked.push(input);
      return summary;
    });
    expect(await store.getState().openCaseLesson('inc-1')).toEqual(summary);
    expect(asked).toEqual([{ case: 'inc-1' }]);
    expect(store.getState().isTrainerOpen).toBe(true);
  });

  it('shows why the snapshot could not be opened, and keeps the trainer closed', async () => {
    const store = storeWith(async () => {
      throw new Error('The snapshot of case "inc-1" was at /gone and is not there any more');
    });
    expect(await store.getState().openCaseLesson('inc-1')).toBeNull();
    expect(store.getState().error).toMatch(/inc-1.*not there any more/);
    expect(store.getState().isTrainerOpen).toBe(false);
  });
});
