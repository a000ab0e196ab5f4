import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { InvestigationSettings } from '../../core/ipc/index.js';
import { findPackageRoot } from '../app/index.js';
import { PATH_NOT_ALLOWED } from '../app/allowed-roots.js';
import { startWebHost, type WebHost } from './host.js';

const fixture = path.join(findPackageRoot(import.meta.url), 'e2e', 'fixtures', 'sample');
let dir: string;
let host: WebHost;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Raw HTTP so tests control the Host header and the exact path (no URL normalisation). */
function get(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Reply> {
  const { port } = new URL(host.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathAndQuery, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function openSocket(headers: Record<string, string>, query = ''): Promise<{ ws: WebSocket | null; status: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${host.origin.replace('http', 'ws')}/rpc${query}`, { headers });
    ws.on('open', () => resolve({ ws, status: 101 }));
    ws.on('unexpected-response', (_req, res) => resolve({ ws: null, status: res.statusCode ?? 0 }));
    ws.on('error', () => resolve({ ws: null, status: 0 }));
  });
}

/** One request on an open socket, and its reply (events pushed meanwhile are skipped). */
function call(ws: WebSocket, id: number, channel: string, input: unknown): Promise<{ result: { ok: boolean; error?: unknown } }> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer): void => {
      const message = JSON.parse(data.toString()) as { type: string; id?: number; result: { ok: boolean; error?: unknown } };
      if (message.type !== 'response' || message.id !== id) return;
      ws.off('message', onMessage);
      resolve(message);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'request', id, channel, input }));
  });
}

/** One `graph.get` request on an open socket, and its reply. */
function getGraph(ws: WebSocket, id: number): Promise<unknown> {
  return new Promise<unknown>((resolve) => {
    ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString())));
    ws.send(JSON.stringify({ type: 'request', id, channel: 'graph.get', input: {} }));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'eog-web-'));
  mkdirSync(path.join(dir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>EoG</title>');
  writeFileSync(path.join(dir, 'renderer', 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'renderer', '.hidden'), 'no');
  writeFileSync(path.join(dir, 'secret.txt'), 'TOP SECRET');
  host = await startWebHost({ snapshot: fixture, rendererDir: path.join(dir, 'renderer') });
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('web host: HTTP', () => {
  it('binds to 127.0.0.1 and prints a URL carrying a long random token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('serves the page for the token and sets an HttpOnly SameSite=Strict cookie', async () => {
    const reply = await get(`/?token=${host.token}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<title>EoG</title>');
    expect(String(reply.headers['set-cookie'])).toMatch(/^eog_token=[^;]+; HttpOnly; SameSite=Strict; Path=\//);
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${new URL(host.origin).port}`);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses requests without a valid token', async () => {
    expect((await get('/')).status).toBe(401);
    expect((await get('/assets/app.js')).status).toBe(401);
    expect((await get(`/?token=${host.token.slice(1)}`)).status).toBe(401);
    expect((await get('/', { Cookie: 'eog_token=wrong' })).status).toBe(401);
  });

  it('accepts the cookie for later requests', async () => {
    const reply = await get('/assets/app.js', { Cookie: `other=1; eog_token=${host.token}` });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('refuses foreign Host headers (DNS rebinding) even with the token', async () => {
    const reply = await get(`/?token=${host.token}`, { Host: `evil.example:${new URL(host.origin).port}` });
    expect(reply.status).toBe(403);
  });

  it('refuses path traversal, encoded or not, and hidden files', async () => {
    const cookie = { Cookie: `eog_token=${host.token}` };
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/.hidden',
      '/%00',
      '/nope.js',
    ]) {
      const reply = await get(p, cookie);
      expect(reply.status, p).toBe(404);
      expect(reply.body).not.toContain('TOP SECRET');
    }
  });

  it('allows only GET and HEAD', async () => {
    const { port } = new URL(host.origin);
    const status = await new Promise<number>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/', method: 'POST', headers: { Cookie: `eog_token=${host.token}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.end();
    });
    expect(status).toBe(405);
  });
});

describe('web host: WebSocket', () => {
  it('answers contract calls over an authenticated same-origin socket', async () => {
    const { ws } = await openSocket({ Origin: host.origin, Cookie: `eog_token=${host.token}` });
    if (!ws) throw new Error('socket refused');
    const reply = await getGraph(ws, 7);
    expect(reply).toMatchObject({ type: 'response', id: 7, result: { ok: true } });
    expect((reply as { result: { value: { nodes: unknown[] } } }).result.value.nodes).toHaveLength(12);
    ws.close();
  });

  it('pushes backend events to connected sockets', async () => {
    const { ws } = await openSocket({ Origin: host.origin }, `?token=${host.token}`);
    if (!ws) throw new Error('socket refused');
    const event = new Promise<unknown>((resolve) => ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))));
    ws.send(JSON.stringify({ type: 'request', id: 1, channel: 'snapshot.open', input: { path: fixture } }));
    expect(await event).toMatchObject({ type: 'event', event: 'snapshot.changed', payload: { entityCount: 12 } });
    ws.close();
  });

  it('refuses a foreign Origin, a missing Origin and a missing token', async () => {
    expect((await openSocket({ Origin: 'http://evil.example', Cookie: `eog_token=${host.token}` })).status).toBe(403);
    expect((await openSocket({ Cookie: `eog_token=${host.token}` })).status).toBe(403);
    expect((await openSocket({ Origin: host.origin })).status).toBe(401);
  });

  it('closes sockets that send malformed frames', async () => {
    const { ws } = await openSocket({ Origin: host.origin, Cookie: `eog_token=${host.token}` });
    if (!ws) throw new Error('socket refused');
    const code = new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    ws.send('{"type":"request","id":"x"}');
    expect(await code).toBe(1007);
  });

  it('closes a socket whose frame ws itself refuses (not UTF-8, over the size limit) and keeps answering others', async () => {
    for (const [frame, expected] of [
      [Buffer.from([0xff, 0xfe, 0xfd]), 1007],
      [Buffer.alloc(2 * 1024 * 1024, 0x20), 1009],
    ] as const) {
      const { ws } = await openSocket({ Origin: host.origin, Cookie: `eog_token=${host.token}` });
      if (!ws) throw new Error('socket refused');
      ws.on('error', () => undefined);
      const code = new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
      ws.send(frame, { binary: false });
      expect(await code).toBe(expected);
    }
    const { ws } = await openSocket({ Origin: host.origin, Cookie: `eog_token=${host.token}` });
    if (!ws) throw new Error('the host stopped answering');
    const reply = await getGraph(ws, 8);
    expect(reply).toMatchObject({ type: 'response', id: 8, result: { ok: true } });
    ws.close();
  });
});

describe('web host: the LLM API key', () => {
  it('reads it from the variable it was started with (eog serve --api-key-env), never from the page', async () => {
    const named = await startWebHost({
      snapshot: fixture,
      rendererDir: path.join(dir, 'renderer'),
      apiKeyEnv: 'EOG_TEST_SURELY_UNSET_KEY',
    });
    try {
      const start = named.workbench.handlers['investigation.start']({
        settings: InvestigationSettings.parse({ policy: 'llm' }),
        llm: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
      });
      await expect(start).rejects.toThrow(/EOG_TEST_SURELY_UNSET_KEY, but that environment variable is empty/);
    } finally {
      await named.close();
    }
  });
});

describe('web host: allowed roots', () => {
  it('opens what eog serve was given (--allow), and refuses every other path over /rpc with one message', async () => {
    const allowed = path.join(dir, 'allowed');
    const outside = path.join(dir, 'outside');
    mkdirSync(allowed);
    cpSync(fixture, path.join(allowed, 'bundle'), { recursive: true });
    cpSync(fixture, path.join(outside, 'bundle'), { recursive: true });
    symlinkSync(path.join(outside, 'bundle'), path.join(allowed, 'link'));
    const served = await startWebHost({ snapshot: fixture, rendererDir: path.join(dir, 'renderer'), roots: [allowed] });
    const ws = new WebSocket(`${served.origin.replace('http', 'ws')}/rpc`, {
      headers: { Origin: served.origin, Cookie: `eog_token=${served.token}` },
    });
    try {
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      let id = 0;
      const refused = { ok: false, error: { name: 'PathNotAllowedError', message: PATH_NOT_ALLOWED } };
      for (const p of [
        '/etc',
        '/etc/shadow',
        '/root/.ssh',
        '/no/such/path',
        path.join(dir, 'secret.txt'),
        path.join(outside, 'bundle'),
        path.join(allowed, 'link'),
      ]) {
        expect((await call(ws, ++id, 'snapshot.probe', { path: p })).result, p).toEqual(refused);
        expect((await call(ws, ++id, 'snapshot.open', { path: p })).result, p).toEqual(refused);
      }
      expect((await call(ws, ++id, 'investigation.start', { store: path.join(outside, 'store.sqlite') })).result).toEqual(refused);
      expect((await call(ws, ++id, 'snapshot.open', { path: path.join(allowed, 'bundle') })).result).toMatchObject({
        ok: true,
        value: { entityCount: 12 },
      });
      // The snapshot it was started with stays openable.
      expect((await call(ws, ++id, 'snapshot.open', { path: fixture })).result).toMatchObject({ ok: true });
    } finally {
      ws.close();
      await served.close();
    }
  });
});
