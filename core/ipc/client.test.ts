import { describe, expect, it } from 'vitest';
import { createClient, type Transport } from './client.js';
import { dispatch } from './dispatch.js';
import { RemoteError } from './errors.js';
import { fakeHandlers } from './testing.js';
import type { Handlers } from './contract.js';

function loopback(handlers: Handlers): Transport & { emit(event: string, payload: unknown): void } {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    invoke: (channel, input) => dispatch(handlers, channel, input),
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
  };
}

describe('createClient', () => {
  it('returns the typed value of a call', async () => {
    const client = createClient(loopback(fakeHandlers()));
    const graph = await client.invoke('graph.get', {});
    expect(graph.nodes.map((n) => n.id)).toEqual(['a/Service/x']);
  });

  it('rethrows remote errors with their name', async () => {
    const client = createClient(loopback(fakeHandlers()));
    const error = await client.invoke('investigation.run', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as Error).name).toBe('NotAvailableError');
  });

  it('rejects replies that do not match the output schema', async () => {
    const broken: Transport = { invoke: () => Promise.resolve({ ok: true, value: { nodes: 'x' } }), on: () => () => {} };
    await expect(createClient(broken).invoke('graph.get', {})).rejects.toThrow(/Invalid reply from graph.get/);
    const garbage: Transport = { invoke: () => Promise.resolve('hello'), on: () => () => {} };
    await expect(createClient(garbage).invoke('graph.get', {})).rejects.toThrow(/not a \{ok/);
  });

  it('delivers valid events and drops invalid ones', () => {
    const transport = loopback(fakeHandlers());
    const invalid: string[] = [];
    const client = createClient(transport, { onInvalidEvent: (event) => invalid.push(event) });
    const got: number[] = [];
    const off = client.on('import.progress', (p) => got.push(p.rows));
    const progress = (rows: number) => ({ phase: 'records', file: 'alerts.jsonl', rows, elapsedMs: 5, error: null });
    transport.emit('import.progress', progress(3));
    transport.emit('import.progress', { phase: 'bogus' });
    off();
    transport.emit('import.progress', progress(4));
    expect(got).toEqual([3]);
    expect(invalid).toEqual(['import.progress']);
  });
});
