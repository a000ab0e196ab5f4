import { describe, expect, it } from 'vitest';
import type { Handlers, InvestigationState } from '../../core/ipc/index.js';
import { fakeHandlers } from '../../core/ipc/testing.js';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { investigationState, recordingStore } from './test-support.js';
import { focusNodeAt } from './timeline-slice.js';

let revision = 0;
function state(seq: number): InvestigationState {
  return investigationState({ revision: ++revision, seq, evaluations: 1 });
}

const ledger: LedgerEvent[] = [
  { type: 'StepStarted', node: 'a/Service/x', evaluation: 1, seq: 0 },
  { type: 'Paused', seq: 1 },
  { type: 'StepStarted', node: 'a/Service/y', evaluation: 2, seq: 2 },
  { type: 'AnalystOverride', node: 'a/Service/z', label: 'Origin', note: '', provenance: 'analyst', seq: 3 },
];

function storeWith(overrides: Partial<Handlers>) {
  return recordingStore(fakeHandlers(overrides));
}

describe('timeline', () => {
  it('finds the node a ledger position is about', () => {
    expect(focusNodeAt(ledger, -1)).toBeNull();
    expect(focusNodeAt(ledger, 1)).toBe('a/Service/x');
    expect(focusNodeAt(ledger, 2)).toBe('a/Service/y');
    expect(focusNodeAt(ledger, 3)).toBe('a/Service/z');
  });

  it('loads only the events after those it has, page by page, and clears on a new investigation', async () => {
    const { store, calls } = storeWith({
      'ledger.events': async ({ afterSeq, limit }) => {
        const after = ledger.filter((e) => e.seq > afterSeq);
        return { events: after.slice(0, Math.min(limit, 2)), hasMore: after.length > 2 };
      },
    });
    await store.getState().syncLedger(state(1));
    expect(store.getState().ledger.map((e) => e.seq)).toEqual([0, 1]);
    await store.getState().syncLedger(state(3));
    expect(store.getState().ledger.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
    const fetched = calls.filter((c) => c.channel === 'ledger.events').map((c) => (c.input as { afterSeq: number }).afterSeq);
    expect(fetched).toEqual([-1, 1]);
    // Going back in the timeline needs no fetch; a reset empties it.
    await store.getState().syncLedger(state(2));
    expect(calls.filter((c) => c.channel === 'ledger.events')).toHaveLength(2);
    await store.getState().syncLedger(state(-1));
    expect(store.getState().ledger).toEqual([]);
  });

  it('reloads the state and the whole ledger when the run behind them was swapped (a lesson gave the analyst’s back)', async () => {
    let events = ledger.map((e) => (e.type === 'StepStarted' ? { ...e, node: 'lesson/Service/l' } : e));
    const { store } = storeWith({
      'ledger.events': async ({ afterSeq, limit }) => {
        const after = events.filter((e) => e.seq > afterSeq);
        return { events: after.slice(0, Math.min(limit, 2)), hasMore: after.length > 2 };
      },
      // Viewed at an earlier position than the head: the whole ledger still loads.
      'investigation.state': async () => state(1),
    });
    await store.getState().syncLedger(state(3));
    expect(focusNodeAt(store.getState().ledger, 0)).toBe('lesson/Service/l');
    events = ledger;
    await store.getState().reloadInvestigation();
    expect(store.getState().ledger).toEqual(ledger);
    expect(store.getState().investigation?.seq).toBe(1);
    expect(store.getState().error).toBeNull();
  });

  it('seeks and overrides through the contract, keeping the newest state', async () => {
    const { store, calls } = storeWith({
      'investigation.seek': async ({ seq }) => state(seq),
      'investigation.override': async () => state(4),
    });
    await store.getState().seek(2);
    expect(store.getState().investigation?.seq).toBe(2);
    expect(await store.getState().overrideLabel('a/Service/x', 'Healthy', 'checked by hand')).toBe(true);
    expect(store.getState().investigation?.seq).toBe(4);
    expect(calls.find((c) => c.channel === 'investigation.override')?.input).toEqual({
      node: 'a/Service/x',
      label: 'Healthy',
      note: 'checked by hand',
    });
  });

  it('shows a failed override in the status bar', async () => {
    const { store } = storeWith({});
    expect(await store.getState().overrideLabel('a/Service/x', 'Healthy', '')).toBe(false);
    expect(store.getState().error).toMatch(/not available/i);
  });
});
