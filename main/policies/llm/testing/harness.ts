import { afterEach } from 'vitest';
import path from 'node:path';
import { createBeliefView } from '../../../../core/controller/index.js';
import { createMemoryPacketBuilder } from '../../../../core/controller/test-support.js';
import { ids, workedExampleEvidence, workedExampleGraph } from '../../../../core/controller/worked-example.fixture.js';
import { fold } from '../../../../core/ledger/index.js';
import type { ContextPacket, EntityId } from '../../../../core/model/index.js';
import type { Clock } from '../backoff.js';
import { startFakeOpenAI, type FakeOpenAI, type FakeScript } from './fake-openai.js';
import type { LlmOptionsInput } from '../options.js';
import { createLlmPolicy, type LlmPolicy, type LlmPolicyDeps } from '../policy.js';
import { tempDir } from '../../../platform/testing/temp-dirs.js';

/** A clock whose sleeps return at once and are recorded, so retry tests take no time. */
export interface RecordingClock extends Clock {
  slept: number[];
}

export function instantClock(): RecordingClock {
  const slept: number[] = [];
  let now = 0;
  return {
    slept,
    now: () => (now += 5),
    sleep: async (ms) => {
      slept.push(ms);
    },
  };
}

export function tempCacheFile(): string {
  return path.join(tempDir('eog-llm-'), 'cache.sqlite');
}

/** The packet a first evaluation of `node` in the worked example sees. */
export function workedExamplePacket(node: EntityId = ids.database): ContextPacket {
  const graph = workedExampleGraph();
  return createMemoryPacketBuilder(graph, workedExampleEvidence()).build(node, createBeliefView(graph, fold([])));
}

export function testPolicy(
  url: string,
  options: Partial<LlmOptionsInput> = {},
  deps: LlmPolicyDeps = {},
): LlmPolicy & { clock: RecordingClock } {
  const clock = instantClock();
  const policy = createLlmPolicy({ baseUrl: url, model: 'test-model', cacheFile: null, ...options }, { clock, ...deps });
  return Object.assign(policy, { clock });
}

/**
 * Starts fake OpenAI servers for a test file and closes them after each test: call once at the
 * top level, then `await serve(script)` inside a test.
 */
export function useFakeOpenAI(): (script: FakeScript) => Promise<FakeOpenAI> {
  const running: FakeOpenAI[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((f) => f.close()));
  });
  return async (script) => {
    const fake = await startFakeOpenAI(script);
    running.push(fake);
    return fake;
  };
}
