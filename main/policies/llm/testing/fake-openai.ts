import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { garbageModel, goodModel } from './models.js';
import type { FakeChatBody, FakeReply, FakeRequest } from './wire.js';

export type { FakeChatBody, FakeReply, FakeRequest } from './wire.js';

export type FakeScript = 'good' | 'garbage' | ((request: FakeRequest, index: number) => FakeReply | Promise<FakeReply>);

export interface FakeOpenAI {
  /** Base URL to pass as --base-url, ending in /v1. */
  url: string;
  requests: FakeRequest[];
  /** Requests whose connection the client closed before the answer was sent (a cut request). */
  cut: FakeRequest[];
  close(): Promise<void>;
}

/**
 * A scripted OpenAI-compatible server on 127.0.0.1 (node:http): real HTTP for tests and the
 * end-to-end run. 'good' answers like a competent model (the heuristic policy on the packet it
 * was shown); 'garbage' never answers usefully.
 */
export async function startFakeOpenAI(script: FakeScript): Promise<FakeOpenAI> {
  const answer = script === 'good' ? goodModel : script === 'garbage' ? garbageModel : script;
  const requests: FakeRequest[] = [];
  const cut: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: FakeRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: parseBody(Buffer.concat(chunks).toString('utf8')),
      };
      const index = requests.push(request) - 1;
      res.on('close', () => {
        if (!res.writableFinished) cut.push(request);
      });
      if (request.method !== 'POST' || !request.path.endsWith('/chat/completions')) {
        send(res, 404, { error: { message: `no route ${request.path}` } });
        return;
      }
      void Promise.resolve(answer(request, index)).then((reply) => respond(res, request, reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    cut,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function respond(res: http.ServerResponse, request: FakeRequest, reply: FakeReply): void {
  const go = (): void => {
    if (res.destroyed) return;
    if (reply.rawBody !== undefined) {
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(reply.rawBody);
    } else if ((reply.status ?? 200) >= 400) {
      send(
        res,
        reply.status ?? 500,
        { error: { message: reply.message ?? 'scripted failure', type: 'invalid_request_error' } },
        reply.headers,
      );
    } else {
      send(res, 200, completion(request, reply), reply.headers);
    }
  };
  if (reply.delayMs) {
    const timer = setTimeout(go, reply.delayMs);
    res.on('close', () => clearTimeout(timer));
  } else go();
}

function completion(request: FakeRequest, reply: FakeReply): unknown {
  const content = reply.content ?? '';
  const prompt = (request.body?.messages ?? []).map((m) => m.content).join('\n');
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: request.body?.model ?? 'fake',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: reply.finishReason ?? 'stop' }],
    // A rough count is enough: tests check that usage is carried through, not its exactness.
    ...(reply.hasUsage === false
      ? {}
      : { usage: { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: 0 } }),
  };
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function parseBody(text: string): FakeChatBody | null {
  try {
    return JSON.parse(text) as FakeChatBody;
  } catch {
    return null;
  }
}
