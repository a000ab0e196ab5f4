import { createClient, dispatch, type Handlers, type Transport } from '../../core/ipc/index.js';
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
