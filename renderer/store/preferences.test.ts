import { describe, expect, it } from 'vitest';
import { createClient, dispatch, type Transport } from '../../core/ipc/index.js';
import { fakeHandlers } from '../../core/ipc/testing.js';
import { defaultPreferences, loadPreferences, SIDE_WIDTH, type PreferenceStorage } from './preferences.js';
import { createWorkbenchStore } from './store.js';

function memoryStorage(initial: Record<string, string> = {}): PreferenceStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

function storeOn(storage: PreferenceStorage) {
  const handlers = fakeHandlers();
  const transport: Transport = { invoke: (channel, input) => dispatch(handlers, channel, input), on: () => () => {} };
  return createWorkbenchStore(createClient(transport), storage);
}

describe('display preferences', () => {
  it('start at UTC and the default width, and survive into the next session', () => {
    const storage = memoryStorage();
    const first = storeOn(storage);
    expect(first.getState()).toMatchObject({ timeZone: 'utc', sideWidth: SIDE_WIDTH.default });
    first.getState().setTimeZone('local');
    first.getState().setSideWidth(555);
    const next = storeOn(storage);
    expect(next.getState()).toMatchObject({ timeZone: 'local', sideWidth: 555 });
  });

  it('clamp the width and fall back to the defaults on a damaged entry', () => {
    const storage = memoryStorage();
    const store = storeOn(storage);
    store.getState().setSideWidth(10);
    expect(store.getState().sideWidth).toBe(SIDE_WIDTH.min);
    expect(loadPreferences(memoryStorage({ 'eog.preferences.v1': '{not json' }))).toEqual(defaultPreferences);
    expect(loadPreferences(memoryStorage({ 'eog.preferences.v1': '{"timeZone":"Mars","sideWidth":99999}' }))).toEqual({
      timeZone: 'utc',
      sideWidth: SIDE_WIDTH.max,
      cases: { use: 'host', file: '' },
    });
    expect(loadPreferences(null)).toEqual(defaultPreferences);
  });

  it('keep the case library chosen, and fall back to the workbench’s on a damaged entry', () => {
    const storage = memoryStorage();
    const first = storeOn(storage);
    expect(first.getState().cases).toEqual({ use: 'host', file: '' });
    first.getState().setCases({ use: 'file', file: '/data/team.sqlite' });
    first.getState().setCases({ use: 'none' });
    // The file typed is kept while None is chosen, so choosing the file again needs no retyping.
    expect(storeOn(storage).getState().cases).toEqual({ use: 'none', file: '/data/team.sqlite' });
    const damaged = loadPreferences(memoryStorage({ 'eog.preferences.v1': '{"timeZone":"utc","cases":{"use":"cloud","file":7}}' }));
    expect(damaged.cases).toEqual({ use: 'host', file: '' });
  });
});
