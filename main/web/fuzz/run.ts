import fc from 'fast-check';
import { WebSocket } from 'ws';
import { channelNames, channels, type Channel } from '../../../core/ipc/index.js';
import { arbitraryFor, type PathPolicy } from './arbitrary.js';

/** Where the host is and how to reach its socket. */
export interface FuzzTarget {
  origin: string;
  token: string;
}

export interface FuzzOptions {
  frames: number;
  seed: number;
  paths: PathPolicy;
  /** Frames sent between two checks that the host still answers. */
  batch?: number;
  /** Sockets a batch spreads its frames over. */
  sockets?: number;
  /** How long one batch may wait for its replies. */
  batchTimeoutMs?: number;
}

export interface FuzzReport {
  frames: number;
  /** Well-formed requests sent on a socket the client kept open: each must get its reply. */
  requests: number;
  replies: number;
  /** Requests whose socket the client dropped right after sending them. */
  dropped: number;
  /** Close codes the host used for the sockets it closed, with their counts. */
  closes: Record<string, number>;
  /** Checks after each batch that a fresh socket's `app.info` and `investigation.state` are answered. */
  checks: number;
  failedChecks: number;
  elapsedMs: number;
}

/** One frame a client may send: a request, or bytes that are not one. */
type Frame =
  | { kind: 'request'; channel: string; input: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array; binary: boolean }
  | { kind: 'drop'; channel: string; input: unknown };

const UNKNOWN_CHANNELS = ['__proto__', 'constructor', 'app.info.x', 'snapshot', ''];
/** Just over the host's frame limit (rpc-socket.ts MAX_FRAME_BYTES). */
const OVERSIZED = 1024 * 1024 + 16;

function frameArbitrary(paths: PathPolicy): fc.Arbitrary<Frame> {
  const request = fc.oneof(
    ...channelNames.map((channel: Channel) =>
      // A frame must carry an input (an absent one is a malformed frame, sent below as text).
      arbitraryFor(channels[channel].input, paths).map((input) => ({ channel: channel as string, input: input ?? {} })),
    ),
    fc.tuple(fc.constantFrom(...UNKNOWN_CHANNELS), fc.jsonValue({ maxDepth: 2 })).map(([channel, input]) => ({ channel, input })),
  );
  return fc.oneof(
    { weight: 14, arbitrary: request.map((r) => ({ kind: 'request' as const, ...r })) },
    { weight: 1, arbitrary: request.map((r) => ({ kind: 'drop' as const, ...r })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.string({ maxLength: 60 }),
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
          fc.constantFrom(...channelNames).map((channel) => JSON.stringify({ type: 'request', id: 1, channel })),
        )
        .map((text) => ({ kind: 'text' as const, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.boolean())
        .map(([bytes, binary]) => ({ kind: 'bytes' as const, bytes, binary })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'text' as const, text: '"'.repeat(OVERSIZED) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'bytes' as const, bytes: Uint8Array.from([0xff, 0xfe, 0xfd]), binary: false }) },
  );
}

export function openRpcSocket(target: FuzzTarget): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${target.origin.replace('http', 'ws')}/rpc`, {
      headers: { Origin: target.origin, Cookie: `eog_token=${target.token}` },
    });
    ws.setMaxListeners(0);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
  });
}

/** Sends one request and waits for its reply (rejects on close or after `timeoutMs`). */
export function call(ws: WebSocket, id: number, channel: string, input: unknown, timeoutMs = 30_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${channel}: no reply in ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (data: Buffer): void => {
      const frame = JSON.parse(data.toString()) as { type: string; id?: number; result?: unknown };
      if (frame.type !== 'response' || frame.id !== id) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(frame.result);
    };
    ws.on('message', onMessage);
    ws.once('close', () => {
      clearTimeout(timer);
      reject(new Error(`${channel}: socket closed`));
    });
    ws.send(JSON.stringify({ type: 'request', id, channel, input }));
  });
}

/** Whether the host answers a fresh client: its info, and the open investigation's state (an error reply counts: it answered). */
export async function hostAnswers(target: FuzzTarget): Promise<boolean> {
  let ws: WebSocket | null = null;
  try {
    ws = await openRpcSocket(target);
    const info = (await call(ws, 1, 'app.info', {}, 15_000)) as { ok?: boolean };
    await call(ws, 2, 'investigation.state', {}, 15_000);
    return info.ok === true;
  } catch {
    return false;
  } finally {
    ws?.terminate();
  }
}

/**
 * Sends `frames` generated frames to the host over authenticated sockets, in batches; after each
 * batch a fresh client must be answered. A socket the host closes (a frame it refused) is
 * counted by its close code and replaced.
 */
export async function fuzzHost(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const batch = options.batch ?? 500;
  const socketCount = options.sockets ?? 8;
  const frames = fc.sample(frameArbitrary(options.paths), { numRuns: options.frames, seed: options.seed });
  const report: FuzzReport = { frames: 0, requests: 0, replies: 0, dropped: 0, closes: {}, checks: 0, failedChecks: 0, elapsedMs: 0 };
  let id = 100;
  for (let at = 0; at < frames.length; at += batch) {
    const part = frames.slice(at, at + batch);
    const perSocket = Math.ceil(part.length / socketCount);
    const runs: Promise<void>[] = [];
    for (let s = 0; s < socketCount; s++) {
      const mine = part.slice(s * perSocket, (s + 1) * perSocket);
      if (mine.length > 0) runs.push(sendAll(target, mine, () => id++, report, options.batchTimeoutMs ?? 60_000));
    }
    await Promise.all(runs);
    report.frames += part.length;
    report.checks++;
    if (!(await hostAnswers(target))) report.failedChecks++;
  }
  report.elapsedMs = performance.now() - started;
  return report;
}

/**
 * One socket's share of a batch, one frame at a time: a request waits for its reply (or for the
 * socket to close); a frame that is not a request ends its socket, and the next frame opens another.
 */
async function sendAll(
  target: FuzzTarget,
  frames: readonly Frame[],
  nextId: () => number,
  report: FuzzReport,
  timeoutMs: number,
): Promise<void> {
  let ws: WebSocket | null = null;
  for (const frame of frames) {
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      ws = await openRpcSocket(target);
      ws.once('close', (code: number) => (report.closes[String(code)] = (report.closes[String(code)] ?? 0) + 1));
    }
    if (frame.kind === 'drop') {
      // A client that goes away with its request in flight.
      report.dropped++;
      void call(ws, nextId(), frame.channel, frame.input, timeoutMs).catch(() => undefined);
      ws.terminate();
    } else if (frame.kind === 'request') {
      report.requests++;
      await call(ws, nextId(), frame.channel, frame.input, timeoutMs).then(
        () => void report.replies++,
        () => undefined,
      );
    } else {
      const closed = new Promise<void>((resolve) => ws?.once('close', () => resolve()));
      if (frame.kind === 'text') ws.send(frame.text);
      else ws.send(frame.bytes, { binary: frame.binary });
      // A frame that is not a request gets no reply: the host closes the socket (its code is
      // counted if it comes within a moment) or ignores the frame. Either way the next frame
      // goes on a fresh socket, so a late close cannot take a request with it.
      await Promise.race([closed, new Promise((r) => setTimeout(r, 50))]);
      ws.terminate();
    }
  }
  ws?.terminate();
}
