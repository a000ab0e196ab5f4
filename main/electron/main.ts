import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BrowserWindow, app, dialog, ipcMain, protocol, session, type IpcMainInvokeEvent } from 'electron';
import { IPC_EVENT_CHANNEL, channelNames, dispatch, ipcInvokeChannel } from '../../core/ipc/index.js';
import { createWorkbench, defaultSnapshotDir, type Workbench } from '../app/index.js';
import { securityHeaders } from '../web/csp.js';
import { contentTypeOf, findRendererDir, resolveStaticFile } from '../web/static-files.js';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  apiKeyEnvArgument,
  storePasswordEnvArgument,
  appCsp,
  appRequestPath,
  isAllowedNavigation,
  isTrustedSenderUrl,
  openDialogOptions,
  snapshotArgument,
} from './policy.js';

// Must run before `ready`: app:// behaves like https (standard, secure) so the UI gets a
// real origin, fetch and module workers, without file:// quirks.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

function serveRenderer(rendererDir: string): void {
  const headers = securityHeaders(appCsp());
  protocol.handle(APP_SCHEME, async (request) => {
    const urlPath = appRequestPath(request.url);
    const file = urlPath === null ? null : resolveStaticFile(rendererDir, urlPath);
    if (!file) return new Response('Not found', { status: 404, headers });
    return new Response(await readFile(file), { headers: { ...headers, 'Content-Type': contentTypeOf(file) } });
  });
}

function registerIpc(workbench: Workbench): void {
  for (const channel of channelNames) {
    ipcMain.handle(ipcInvokeChannel(channel), (event: IpcMainInvokeEvent, input: unknown) => {
      // Unknown senders (another origin, a navigated frame) get nothing, not even an error.
      if (!isTrustedSenderUrl(event.senderFrame?.url)) return undefined;
      return dispatch(workbench.handlers, channel, input);
    });
  }
}

/** The native open dialog; the workbench adds what the user picks to the paths it may open. */
async function choosePath(kind: 'folder' | 'file'): Promise<string | null> {
  const win = BrowserWindow.getFocusedWindow();
  const result = win ? await dialog.showOpenDialog(win, openDialogOptions(kind)) : await dialog.showOpenDialog(openDialogOptions(kind));
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

function lockDown(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (e, url) => {
      if (!isAllowedNavigation(url)) e.preventDefault();
    });
    contents.on('will-attach-webview', (e) => e.preventDefault());
  });
}

function createWindow(workbench: Workbench): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'EoG Workbench',
    backgroundColor: '#f5f7fa',
    webPreferences: {
      preload: path.join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  const unsubscribe = workbench.subscribe((event, payload) => {
    if (!win.isDestroyed()) win.webContents.send(IPC_EVENT_CHANNEL, event, payload);
  });
  win.on('closed', unsubscribe);
  void win.loadURL(APP_ENTRY_URL);
  return win;
}

async function main(): Promise<void> {
  await app.whenReady();
  const root = app.getAppPath();
  const snapshot = snapshotArgument(process.argv, app.isPackaged) ?? defaultSnapshotDir(root);
  const workbench = createWorkbench({
    snapshot,
    host: 'electron',
    version: app.getVersion(),
    investigations: { apiKeyEnv: apiKeyEnvArgument(process.argv), storePasswordEnv: storePasswordEnvArgument(process.argv) },
    // The snapshot argument and the data folder are allowed; the dialog adds what the user picks.
    choosePath,
  });
  app.on('will-quit', () => workbench.close());
  lockDown();
  serveRenderer(findRendererDir(root));
  registerIpc(workbench);
  createWindow(workbench);
  app.on('window-all-closed', () => app.quit());
}

main().catch((error: unknown) => {
  process.stderr.write(`EoG Workbench: ${error instanceof Error ? error.message : String(error)}\n`);
  app.exit(1);
});
