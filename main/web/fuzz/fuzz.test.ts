import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertCapture } from '../../convert/capture/convert.js';
import { startWebHost, type WebHost } from '../host.js';
import { call, fuzzHost, hostAnswers, openRpcSocket } from './run.js';

const lab = join(import.meta.dirname, '..', '..', 'convert', 'capture', 'testdata', 'lab-02-redis-stop');
const work = mkdtempSync(join(tmpdir(), 'eog-fuzz-'));
const bundle = join(work, 'lab-02');
let host: WebHost;
let nodes: string[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown): void => void unhandled.push(error);

beforeAll(async () => {
  const times = JSON.parse(readFileSync(join(lab, 'times.json'), 'utf8')) as Record<string, string>;
  const [start = '', end = ''] = (times.window ?? '').split('/');
  convertCapture({ otlp: [join(lab, 'capture', 'otlp')], prometheus: [join(lab, 'capture', 'prom')] }, bundle, { window: { start, end } });
  mkdirSync(join(work, 'renderer'));
  writeFileSync(join(work, 'renderer', 'index.html'), '<!doctype html><title>EoG</title>');
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  host = await startWebHost({ snapshot: bundle, rendererDir: join(work, 'renderer'), casesFile: null });
  const ws = await openRpcSocket(host);
  const graph = (await call(ws, 1, 'graph.get', {})) as { value: { nodes: { id: string }[] } };
  nodes = graph.value.nodes.map((n) => n.id);
  ws.terminate();
}, 120_000);

afterAll(async () => {
  await host.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  rmSync(work, { recursive: true, force: true });
});

describe('the web host under random and malformed frames (#48, fuzz suite; scripts/bench/fuzz-host.ts runs it long)', () => {
  it('answers every well-formed request and stays up through refused frames, dropped sockets and payloads from every channel’s schema', async () => {
    const scratch = join(work, 'scratch');
    mkdirSync(scratch);
    const report = await fuzzHost(host, {
      frames: 1500,
      seed: 48,
      batch: 250,
      paths: {
        path: fc.oneof(
          fc.constant(bundle),
          fc.stringMatching(/^[a-z]{1,8}$/).map((name) => join(scratch, name)),
        ),
        url: fc.constant('http://127.0.0.1:9/v1'),
        node: fc.constantFrom(...nodes),
      },
    });
    expect(report.frames).toBe(1500);
    expect(report.failedChecks).toBe(0);
    expect(report.checks).toBe(6);
    // The host closed sockets for the frames it refuses, with the codes that say why.
    expect(Object.keys(report.closes).some((code) => ['1003', '1007', '1009'].includes(code))).toBe(true);
    // Every well-formed request on a socket the client kept got its reply (an error reply counts).
    expect(report.requests).toBeGreaterThan(1000);
    expect(report.replies).toBe(report.requests);
    expect(unhandled).toEqual([]);
    expect(await hostAnswers(host)).toBe(true);
  }, 600_000);
});
