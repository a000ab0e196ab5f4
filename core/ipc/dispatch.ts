import { isChannel, channels, type Channel, type Handlers, type Input } from './contract.js';
import { UnknownChannelError, toWireError, type WireResult } from './errors.js';
import { parseUnknown } from './parse.js';

/**
 * Runs the handler for `channel` on untrusted input: the channel name and the input are
 * both validated here, and every failure becomes a `{name, message}` result, so a transport
 * never has to think about exceptions.
 */
export async function dispatch(handlers: Handlers, channel: string, input: unknown): Promise<WireResult> {
  try {
    if (!isChannel(channel)) throw new UnknownChannelError(channel);
    const value = await callHandler(handlers, channel, parseUnknown(channels[channel].input, input ?? {}, channel));
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}

function callHandler<K extends Channel>(handlers: Handlers, channel: K, input: Input<K>): Promise<unknown> {
  // Indexing a mapped type with a generic key loses the link between K's handler and input.
  const handler = handlers[channel] as (input: Input<K>) => Promise<unknown>;
  return handler(input);
}
