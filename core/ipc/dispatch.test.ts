import { describe, expect, it } from 'vitest';
import { dispatch } from './dispatch.js';
import { fakeHandlers } from './testing.js';

describe('dispatch', () => {
  it('runs the handler and returns its value', async () => {
    const result = await dispatch(fakeHandlers(), 'graph.get', {});
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toMatchObject({ nodes: [{ id: 'a/Service/x' }] });
  });

  it('treats a missing input as {} so parameterless calls need no payload', async () => {
    expect((await dispatch(fakeHandlers(), 'app.info', undefined)).ok).toBe(true);
  });

  it('refuses unknown channels, including prototype keys', async () => {
    for (const name of ['nope.never', '__proto__', 'toString', 'constructor']) {
      const result = await dispatch(fakeHandlers(), name, {});
      expect(result).toEqual({ ok: false, error: { name: 'UnknownChannelError', message: expect.stringContaining(name) } });
    }
  });

  it('parses the input before the handler sees it, applying defaults', async () => {
    let seen: unknown;
    const handlers = fakeHandlers({
      'ledger.events': (input) => {
        seen = input;
        return Promise.resolve({ events: [], hasMore: false });
      },
    });
    expect((await dispatch(handlers, 'ledger.events', {})).ok).toBe(true);
    expect(seen).toEqual({ afterSeq: -1, limit: 500 });
    const bad = await dispatch(handlers, 'ledger.events', { afterSeq: -2 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.name).toBe('InvalidInputError');
  });

  it('turns thrown errors into {name, message} without a stack', async () => {
    const result = await dispatch(fakeHandlers(), 'investigation.step', {});
    expect(result).toEqual({
      ok: false,
      error: { name: 'NotAvailableError', message: expect.stringContaining('investigation.step') },
    });
  });
});
