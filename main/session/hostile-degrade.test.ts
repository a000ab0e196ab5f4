import { describe, expect, it } from 'vitest';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { goodModel } from '../policies/llm/testing/models.js';
import { failsFirstNode, packetOf, unusableReplies } from '../policies/llm/testing/hostile.js';
import type { FakeRequest } from '../policies/llm/testing/wire.js';
import { sampleBundle, useScratch } from './cli-test-support.js';
import { investigateAgainst } from './hostile-test-support.js';
import { investigateSnapshot } from './investigate-snapshot.js';
import path from 'node:path';

/** Issue 19, observations 3 and 4: weak models and partially compatible servers, over real HTTP. */
const scratch = useScratch();
const formatOf = (r: FakeRequest): string => r.body?.response_format?.type ?? 'text';

describe('degrade, do not stop (observation 3)', () => {
  it.each(Object.entries(unusableReplies))(
    '%s on the first node: that node is judged by the heuristic, the walk goes on',
    async (_name, bad) => {
      const heuristic = await investigateSnapshot(sampleBundle, { policy: createHeuristicPolicy() });
      const run = await investigateAgainst(scratch, failsFirstNode(bad));
      const steps = run.events.filter((e) => e.type === 'StepStarted');
      expect(steps.length).toBeGreaterThan(1);
      const first = steps[0]?.type === 'StepStarted' ? steps[0].node : '';
      const fellBack = run.events.filter((e) => e.type === 'PolicyFellBack');
      expect(fellBack.length).toBeGreaterThan(0);
      expect(fellBack.every((e) => e.type === 'PolicyFellBack' && e.node === first && e.to === 'heuristic' && e.reason !== '')).toBe(true);
      expect(run.events.some((e) => e.type === 'ModelCalled' && e.node === first && e.outcome !== 'ok')).toBe(true);
      expect(run.diagnosis.frontier).toEqual(heuristic.diagnosis.frontier);
      expect(run.diagnosis.outcome).toBe(heuristic.diagnosis.outcome);
    },
    60_000,
  );
});

describe('compatible with real local servers (observation 4)', () => {
  it.each([
    [500, 'json_schema is not supported by this server'],
    [422, "Unprocessable: 'response_format' invalid"],
    [400, 'response_format json_schema unsupported'],
  ])(
    'falls back from json_schema on a %i naming the format, and remembers it',
    async (status, message) => {
      const script = (request: FakeRequest) => (formatOf(request) === 'json_schema' ? { status, message } : goodModel(request));
      const run = await investigateAgainst(scratch, script);
      const formats = run.fake.requests.map(formatOf);
      expect(formats[0]).toBe('json_schema');
      expect(formats.filter((f) => f === 'json_schema')).toHaveLength(1);
      expect(formats.slice(1).every((f) => f === 'json_object')).toBe(true);
      expect(run.events.filter((e) => e.type === 'PolicyFellBack')).toHaveLength(0);
      expect(run.diagnosis.frontier).toEqual(['shop/Service/frontend']);
    },
    60_000,
  );

  it('goes on to plain JSON when json_object is refused too', async () => {
    const script = (request: FakeRequest) =>
      formatOf(request) !== 'text' ? { status: 500, message: 'grammar for response_format failed' } : goodModel(request);
    const run = await investigateAgainst(scratch, script);
    expect(run.fake.requests.slice(2).every((r) => formatOf(r) === 'text')).toBe(true);
    expect(run.diagnosis.frontier).toEqual(['shop/Service/frontend']);
  }, 60_000);

  it('takes the answer after a <think> block and the last object that validates, not the draft', async () => {
    const script = (request: FakeRequest) => {
      const good = goodModel(request);
      if (!packetOf(request) || good.content === undefined) return good;
      const draft = JSON.stringify({
        label: 'Origin',
        confidence: 1,
        evidence: [],
        summary: 'draft',
        reasoning: [],
        claims: [],
        proposals: [],
      });
      return { content: `<think>First guess: ${draft}. Hmm, no.</think>\nNot quite {"label": "Maybe"}.\n${good.content}` };
    };
    const heuristic = await investigateSnapshot(sampleBundle, { policy: createHeuristicPolicy() });
    const run = await investigateAgainst(scratch, script);
    expect(run.events.filter((e) => e.type === 'PolicyFellBack')).toHaveLength(0);
    expect(run.diagnosis.frontier).toEqual(heuristic.diagnosis.frontier);
    expect(run.events.filter((e) => e.type === 'BeliefSet' && e.belief.summary === 'draft')).toHaveLength(0);
  }, 60_000);

  it('repairs comments and trailing commas', async () => {
    const script = (request: FakeRequest) => {
      const good = goodModel(request);
      if (!packetOf(request) || good.content === undefined) return good;
      return {
        content: `// my answer\n${good.content.replace(/}$/, ', /* done */ }').replace('"proposals":[', '"proposals": [ // next\n')}`,
      };
    };
    const run = await investigateAgainst(scratch, script);
    expect(run.events.filter((e) => e.type === 'PolicyFellBack')).toHaveLength(0);
    expect(run.events.filter((e) => e.type === 'ModelCalled' && e.phase === 'explore' && e.outcome === 'ok').length).toBeGreaterThan(0);
    expect(run.events.filter((e) => e.type === 'ModelCalled' && e.outcome !== 'ok')).toHaveLength(0);
    // Each answer was used as given: no corrective retry, no error.
    expect(run.events.filter((e) => e.type === 'PolicyCalled' && e.error !== null)).toHaveLength(0);
    expect(run.fake.requests.every((r) => r.body?.messages?.length === 2)).toBe(true);
  }, 60_000);

  it('caches only answers that validated, so a fixed server is asked again', async () => {
    const cacheFile = path.join(scratch.dir(), 'cache.sqlite');
    const broken = await investigateAgainst(scratch, () => ({ content: 'I am not sure.' }), { llm: { cacheFile } });
    expect(broken.events.filter((e) => e.type === 'PolicyFellBack').length).toBeGreaterThan(0);
    const fixed = await investigateAgainst(scratch, 'good', { llm: { cacheFile } });
    expect(fixed.fake.requests.length).toBeGreaterThan(0);
    expect(fixed.events.filter((e) => e.type === 'PolicyFellBack')).toHaveLength(0);
    const replay = await investigateAgainst(scratch, 'good', { llm: { cacheFile } });
    expect(replay.fake.requests).toHaveLength(0);
    expect(replay.diagnosis.frontier).toEqual(fixed.diagnosis.frontier);
  }, 60_000);
});
