import { ServerFrame, type Transport } from '../../core/ipc/index.js';

export class ConnectionLostError extends Error {
  override name = 'ConnectionLostError';
  constructor() {
    super('Lost the connection to the workbench host: check that eog serve is still running, then reload the page.');
  }
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * The contract over the web host's WebSocket. Authentication rides on the HttpOnly cookie
 * set when the page was opened with its token, so the token never reaches script.
 */
export function createWebSocketTransport(url: string, onClose?: () => void): Transport {
  const socket = new WebSocket(url);
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('close', () => reject(new ConnectionLostError()), { once: true });
  });
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;

  socket.addEventListener('message', (message: MessageEvent<unknown>) => {
    if (typeof message.data !== 'string') return;
    let parsed: ReturnType<typeof ServerFrame.safeParse>;
    try {
      parsed = ServerFrame.safeParse(JSON.parse(message.data));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.type === 'response') {
      pending.get(frame.id)?.resolve(frame.result);
      pending.delete(frame.id);
    } else {
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    }
  });
  socket.addEventListener('close', () => {
    for (const p of pending.values()) p.reject(new ConnectionLostError());
    pending.clear();
    onClose?.();
  });

  return {
    async invoke(channel, input) {
      await opened;
      if (socket.readyState !== WebSocket.OPEN) throw new ConnectionLostError();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify({ type: 'request', id, channel, input }));
      });
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}
