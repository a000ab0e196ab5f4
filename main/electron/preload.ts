import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_EVENT_CHANNEL, ipcInvokeChannel, type EogBridge } from '../../core/ipc/bridge.js';

/**
 * The one object the page gets (`window.eog`). Sandboxed preloads may only require
 * 'electron', so this file imports nothing else but the dependency-free bridge names; the
 * main process validates every call against the contract.
 */
const bridge: EogBridge = {
  invoke(channel, input) {
    if (typeof channel !== 'string') return Promise.reject(new TypeError('channel must be a string'));
    return ipcRenderer.invoke(ipcInvokeChannel(channel), input);
  },
  on(event, listener) {
    const handler = (_e: IpcRendererEvent, name: unknown, payload: unknown): void => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
    };
  },
};

contextBridge.exposeInMainWorld('eog', bridge);
