import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { evaluateHeuristic } from '../../../core/policy/heuristic/index.js';
import { systemClock } from './backoff.js';
import { goodModel } from './testing/models.js';
import { testPolicy, workedExamplePacket, useFakeOpenAI } from './testing/harness.js';

const serve = useFakeOpenAI();

const packet = workedExamplePacket();
const expected = evaluateHeuristic(packet);

/** A port that was just free: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('endpoint faults', () => {
  it('backs off with jitter after a 429 and then succeeds', async () => {
    const server = await serve((request, i) => (i === 0 ? { status: 429, message: 'slow down' } : goodModel(request)));
    const policy = testPolicy(server.url, { backoffMs: 400 });
    const result = await policy.evaluate(packet);
    expect(result.output).toEqual(expected);
    expect(result.error).toBeNull();
    expect(server.requests).toHaveLength(2);
    expect(policy.clock.slept).toHaveLength(1);
    expect(policy.clock.slept[0]).toBeGreaterThanOrEqual(200);
    expect(policy.clock.slept[0]).toBeLessThanOrEqual(400);
  });

  it("honours the server's Retry-After within the backoff ceiling", async () => {
    const server = await serve((request, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '3' } } : goodModel(request)));
    const policy = testPolicy(server.url, { backoffMs: 100, maxBackoffMs: 10_000 });
    await policy.evaluate(packet);
    expect(policy.clock.slept).toEqual([3000]);
  });

  it('gives up after the configured retries on 5xx and defers with the reason', async () => {
    const server = await serve(() => ({ status: 503, message: 'overloaded' }));
    const policy = testPolicy(server.url, { retries: 2, backoffMs: 100 });
    const result = await policy.evaluate(packet);
    expect(server.requests).toHaveLength(3);
    expect(result.fallback).toEqual(expect.any(String));
    expect(result.output).toMatchObject({ label: expected.label, evidence: expected.evidence });
    expect(result.error).toMatch(/EndpointUnavailableError: .*failed 3 time/);
    const [first, second] = policy.clock.slept;
    expect(second ?? 0).toBeGreaterThanOrEqual((first ?? 0) / 2);
    expect(Math.max(...policy.clock.slept)).toBeLessThanOrEqual(200);
  });

  it('times out a slow reply, retries it, and defers', async () => {
    const server = await serve(() => ({ content: JSON.stringify(expected), delayMs: 5_000 }));
    const result = await testPolicy(server.url, { timeoutMs: 150, retries: 1 }).evaluate(packet);
    expect(server.requests).toHaveLength(2);
    expect(result.fallback).toEqual(expect.any(String));
    expect(result.output).toMatchObject({ label: expected.label, evidence: expected.evidence });
    expect(result.error).toMatch(/timed out/i);
  });

  it('defers when the connection is refused, without crashing', async () => {
    const port = await closedPort();
    const policy = testPolicy(`http://127.0.0.1:${port}/v1`, { retries: 1 });
    const result = await policy.evaluate(packet);
    expect(result.fallback).toEqual(expect.any(String));
    expect(result.output).toMatchObject({ label: expected.label, evidence: expected.evidence });
    expect(result.error).toMatch(/EndpointUnavailableError/);
    expect(policy.stats().requests).toBe(2);
  });

  it('does not retry a request the server rejects (bad key)', async () => {
    const server = await serve(() => ({ status: 401, message: 'invalid api key' }));
    const result = await testPolicy(server.url).evaluate(packet);
    expect(server.requests).toHaveLength(1);
    expect(result.error).toMatch(/EndpointRejectedError: .*\(401\)/);
  });

  it('falls back to JSON mode when json_schema is unsupported, and remembers it', async () => {
    const server = await serve((request) =>
      request.body?.response_format?.type === 'json_schema'
        ? { status: 400, message: 'Unrecognized request argument: response_format.json_schema' }
        : goodModel(request),
    );
    const policy = testPolicy(server.url);
    expect((await policy.evaluate(packet)).output).toEqual(expected);
    await policy.evaluate(workedExamplePacket('shop/Service/gateway'));
    expect(server.requests.map((r) => r.body?.response_format?.type)).toEqual(['json_schema', 'json_object', 'json_object']);
    expect(policy.stats().mode).toBe('json_object');
  });

  it('falls back to plain text when no response_format is supported', async () => {
    const server = await serve((request) =>
      request.body?.response_format ? { status: 400, message: 'response_format is not supported' } : goodModel(request),
    );
    const policy = testPolicy(server.url);
    expect((await policy.evaluate(packet)).output).toEqual(expected);
    expect(server.requests.map((r) => r.body?.response_format?.type ?? 'none')).toEqual(['json_schema', 'json_object', 'none']);
    expect(policy.stats().mode).toBe('text');
  });

  it('treats an unreadable response body as an unusable reply', async () => {
    const server = await serve(() => ({ rawBody: '<html>proxy error</html>' }));
    const result = await testPolicy(server.url).evaluate(packet);
    expect(result.fallback).toEqual(expect.any(String));
    expect(result.output).toMatchObject({ label: expected.label, evidence: expected.evidence });
    expect(result.error).not.toBeNull();
  });
});

describe("the run's deadline", () => {
  it('cuts a reply still coming at the deadline, without retrying it or counting it against the endpoint', async () => {
    const server = await serve((request) => ({ ...goodModel(request), delayMs: 5_000 }));
    const policy = testPolicy(server.url, { retries: 3 });
    policy.setDeadline(Date.now() + 300);
    const started = performance.now();
    const result = await policy.evaluate(packet);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
    await vi.waitFor(() => expect(server.cut).toHaveLength(1), { timeout: 1_000 });
    expect(result.fallback).toMatch(/^cut: the run's deadline/);
    expect(result.calls).toEqual([expect.objectContaining({ outcome: 'skipped', detail: expect.stringMatching(/^cut:/) })]);
    expect(result.output).toMatchObject({ label: expected.label, evidence: expected.evidence });
    expect(policy.stats().unreachable).toBe(0);
    expect(policy.isEndpointUnreachable()).toBe(false);
  });

  it("ends a retry's backoff at the deadline", async () => {
    const server = await serve(() => ({ status: 503, message: 'model is loading' }));
    const policy = testPolicy(server.url, { retries: 3, backoffMs: 10_000, maxBackoffMs: 10_000 }, { clock: systemClock });
    policy.setDeadline(Date.now() + 300);
    const started = performance.now();
    const result = await policy.evaluate(packet);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
    expect(result.fallback).toMatch(/^cut: the run's deadline/);
  });

  it('sends nothing once the deadline has passed', async () => {
    const server = await serve('good');
    const policy = testPolicy(server.url);
    policy.setDeadline(Date.now() - 1);
    const result = await policy.evaluate(packet);
    expect(server.requests).toHaveLength(0);
    expect(result.calls).toEqual([expect.objectContaining({ outcome: 'skipped', detail: expect.stringMatching(/deadline/) })]);
    expect(policy.isEndpointUnreachable()).toBe(false);
  });

  it('still reports an unreachable endpoint as unreachable before the deadline', async () => {
    const port = await closedPort();
    const policy = testPolicy(`http://127.0.0.1:${port}/v1`, { retries: 1 });
    policy.setDeadline(Date.now() + 60_000);
    const result = await policy.evaluate(packet);
    expect(result.error).toMatch(/EndpointUnavailableError/);
    expect(result.calls).toEqual([expect.objectContaining({ outcome: 'unreachable' })]);
    expect(policy.isEndpointUnreachable()).toBe(true);
  });
});
