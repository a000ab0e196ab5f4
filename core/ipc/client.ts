import { z } from 'zod';
import { channels, events, type Channel, type EventName, type EventPayload, type InputArg, type Output } from './contract.js';
import { InvalidOutputError, RemoteError, WireResult } from './errors.js';

/**
 * Carries raw calls and events; knows nothing of the contract. `window.eog` (the Electron
 * preload bridge) and the WebSocket transport both have this shape.
 */
export interface Transport {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

export interface Client {
  invoke<K extends Channel>(channel: K, input: InputArg<K>): Promise<Output<K>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export interface ClientOptions {
  /** Called with events whose payload does not match the contract (they are dropped). */
  onInvalidEvent?: (event: string, error: Error) => void;
}

/** A typed client over any transport; replies and events are validated against the contract. */
export function createClient(transport: Transport, options: ClientOptions = {}): Client {
  return {
    async invoke(channel, input) {
      const raw = await transport.invoke(channel, input);
      const result = WireResult.safeParse(raw);
      if (!result.success) throw new InvalidOutputError(channel, 'not a {ok, value|error} result');
      if (!result.data.ok) throw new RemoteError(result.data.error);
      const value = channels[channel].output.safeParse(result.data.value);
      if (!value.success) throw new InvalidOutputError(channel, z.prettifyError(value.error).replace(/\n/g, '; '));
      return value.data as Output<typeof channel>;
    },
    on(event, listener) {
      return transport.on(event, (payload) => {
        const parsed = events[event].safeParse(payload);
        if (parsed.success) listener(parsed.data as EventPayload<typeof event>);
        else options.onInvalidEvent?.(event, new InvalidOutputError(event, z.prettifyError(parsed.error)));
      });
    },
  };
}
