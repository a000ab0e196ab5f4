import type { StoreSpec } from '../store/index.js';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { createWorkbench, findPackageRoot, readPackageVersion, type Workbench } from '../app/index.js';
import { storePath } from '../app/allowed-roots.js';
import { allowedHostHeaders, createToken, findToken, isAllowedHost, isOwnOrigin, tokenCookie } from './auth.js';
import { buildCsp, securityHeaders } from './csp.js';
import { MAX_FRAME_BYTES, pushEvent, serveSocket } from './rpc-socket.js';
import { contentTypeOf, findRendererDir, resolveStaticFile } from './static-files.js';

export interface WebHostOptions {
  /** Snapshot bundle folder to open; null starts with none. */
  snapshot: string | null;
  port?: number;
  host?: string;
  /** Defaults to the package's dist/renderer. */
  rendererDir?: string;
  /** The package folder; found from this module's location by default. */
  root?: string;
  /** Run investigations (evidence store + policies); default true. */
  isInvestigationEnabled?: boolean;
  /** The environment variable holding the LLM API key (`eog serve --api-key-env`); default EOG_LLM_API_KEY. */
  apiKeyEnv?: string | null;
  /** Where bundles are imported (`eog serve --store`); default a temporary SQLite file each. */
  store?: StoreSpec | null;
  /** The variable holding a clickhouse:// store's password (`eog serve --store-password-env`). */
  storePasswordEnv?: string | null;
  /** The case library (`eog serve --cases`); default the user's (defaultCasesFile); null: none. */
  casesFile?: string | null;
  /**
   * The paths the page may open and create files under besides the snapshot, the `--store` and
   * `--cases` files and the data folder (`eog serve <snapshot> --allow <folder>`): allowed-roots.ts.
   */
  roots?: readonly string[];
}

export interface WebHost {
  /** Full URL including `?token=`: what the user opens. */
  url: string;
  token: string;
  origin: string;
  workbench: Workbench;
  close(): Promise<void>;
}

const WS_PATH = '/rpc';

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string>): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${message}\n`);
}

function refuseUpgrade(socket: Duplex, status: 401 | 403 | 404, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Serves the built UI and the IPC contract (WebSocket at /rpc) on a local port. Every request
 * needs the per-launch token (query on first load, then an HttpOnly cookie) and a Host header
 * naming this host; WebSocket upgrades also need our own Origin.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const root = options.root ?? findPackageRoot(import.meta.url);
  const rendererDir = options.rendererDir ?? findRendererDir(root);
  const bindHost = options.host ?? '127.0.0.1';
  // The `--store` the host was started with is the user's: a Start may name it too.
  const storeRoot = options.store ? storePath(options.store) : null;
  const workbench = createWorkbench({
    snapshot: options.snapshot,
    host: 'web',
    version: readPackageVersion(root),
    ...(options.casesFile !== undefined ? { casesFile: options.casesFile } : {}),
    roots: [...(options.roots ?? []), ...(storeRoot === null ? [] : [storeRoot])],
    investigations:
      options.isInvestigationEnabled === false
        ? null
        : { apiKeyEnv: options.apiKeyEnv ?? null, store: () => options.store ?? null, storePasswordEnv: options.storePasswordEnv ?? null },
  });
  const token = createToken();
  const server = createServer();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sockets = new Set<WebSocket>();
  const unsubscribe = workbench.subscribe((event, payload) => pushEvent(sockets, event, payload));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const allowedHosts = allowedHostHeaders(bindHost, port);
  const urlHost = bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  const origin = `http://${urlHost}:${port}`;
  const baseHeaders = securityHeaders(buildCsp());

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!isAllowedHost(req.headers.host, allowedHosts)) return refuse(res, 403, 'Forbidden host', baseHeaders);
    // The Host header is checked above, so it is safe to echo into the policy.
    const headers = securityHeaders(buildCsp({ connectSrc: [`ws://${req.headers.host}`] }));
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed', headers);
    const url = new URL(req.url ?? '/', origin);
    const source = findToken(req, url, token);
    if (!source) return refuse(res, 401, 'Unauthorized: open the URL with the token printed by eog serve', headers);
    const file = resolveStaticFile(rendererDir, url.pathname);
    if (!file) return refuse(res, 404, 'Not found', headers);
    void readFile(file).then(
      (body) => {
        res.writeHead(200, {
          ...headers,
          'Content-Type': contentTypeOf(file),
          ...(source === 'query' ? { 'Set-Cookie': tokenCookie(token) } : {}),
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => refuse(res, 500, 'Cannot read file', headers),
    );
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A connection reset during the handshake is that connection's end, not the host's.
    socket.on('error', () => socket.destroy());
    if (!isAllowedHost(req.headers.host, allowedHosts)) return refuseUpgrade(socket, 403, 'Forbidden');
    if (!isOwnOrigin(req.headers.origin, req.headers.host)) return refuseUpgrade(socket, 403, 'Forbidden');
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname !== WS_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (!findToken(req, url, token)) return refuseUpgrade(socket, 401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      serveSocket(ws, workbench.handlers);
    });
  });

  return {
    url: `${origin}/?token=${token}`,
    token,
    origin,
    workbench,
    async close() {
      unsubscribe();
      workbench.close();
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
