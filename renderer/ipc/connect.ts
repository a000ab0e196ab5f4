import { createClient, type Client, type EogBridge } from '../../core/ipc/index.js';
import { createWebSocketTransport } from './websocket-transport.js';

declare global {
  interface Window {
    /** Present only inside the Electron shell (exposed by the preload). */
    eog?: EogBridge;
  }
}

/** The Electron bridge when present, else the web host's WebSocket on the page's own origin. */
export function connectClient(onClose?: () => void): Client {
  if (window.eog) return createClient(window.eog);
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return createClient(createWebSocketTransport(`${protocol}//${window.location.host}/rpc`, onClose));
}
