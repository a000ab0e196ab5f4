/**
 * The Electron bridge's names and shape. Imports nothing: the sandboxed preload bundles this
 * file and may only `require('electron')`.
 */

/** `ipcMain.handle` channel for a contract channel: one handler per contract channel. */
export function ipcInvokeChannel(channel: string): string {
  return `eog:${channel}`;
}

/** Main → renderer pushes travel on one channel as `(event, payload)`. */
export const IPC_EVENT_CHANNEL = 'eog:event';

/** `window.eog`: the one object the preload exposes. Same shape as a client Transport. */
export interface EogBridge {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}
