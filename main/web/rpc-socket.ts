import type { WebSocket } from 'ws';
import { dispatch, RequestFrame, type Handlers, type ServerFrame } from '../../core/ipc/index.js';

/** Frames larger than this are refused: the contract's inputs are small. */
export const MAX_FRAME_BYTES = 1024 * 1024;

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** Serves contract requests arriving on one authenticated socket. */
export function serveSocket(socket: WebSocket, handlers: Handlers): void {
  // ws reports a frame it refuses (text that is not UTF-8, a frame over maxPayload) as an
  // 'error' and closes the socket with the matching code (1007, 1009); without a listener that
  // error would be unhandled and take the whole host down. The socket's failure is its own.
  socket.on('error', () => socket.terminate());
  socket.on('message', (data, isBinary) => {
    if (isBinary) return socket.close(1003, 'text frames only');
    let frame: RequestFrame;
    try {
      const parsed = RequestFrame.safeParse(JSON.parse(data.toString()));
      if (!parsed.success) return socket.close(1007, 'not a request frame');
      frame = parsed.data;
    } catch {
      return socket.close(1007, 'not JSON');
    }
    void dispatch(handlers, frame.channel, frame.input).then((result) => send(socket, { type: 'response', id: frame.id, result }));
  });
}

export function pushEvent(sockets: Iterable<WebSocket>, event: string, payload: unknown): void {
  for (const socket of sockets) send(socket, { type: 'event', event, payload });
}
