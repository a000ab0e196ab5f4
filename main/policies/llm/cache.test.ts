import { describe, expect, it } from 'vitest';
import { goodModel } from './testing/models.js';
import { tempCacheFile, testPolicy, workedExamplePacket, useFakeOpenAI } from './testing/harness.js';

const serve = useFakeOpenAI();

const packet = workedExamplePacket();

describe('response cache', () => {
  it('replays a run from the cache at no cost and with identical output', async () => {
    // The first answer is malformed, so the replay must also reproduce the corrective retry.
    const fake = await serve((request, i) => (i === 0 ? { content: 'thinking...' } : goodModel(request)));
    const cacheFile = tempCacheFile();
    const first = testPolicy(fake.url, { cacheFile });
    const live = await first.evaluate(packet);
    first.close();
    expect(fake.requests).toHaveLength(2);
    expect(live.cached).toBe(false);

    const second = testPolicy(fake.url, { cacheFile });
    const replay = await second.evaluate(packet);
    second.close();
    expect(fake.requests).toHaveLength(2);
    expect(replay).toMatchObject({ output: live.output, error: live.error, cached: true, tokensIn: 0, tokensOut: 0 });
    expect(second.stats().cacheHits).toBe(2);
  });

  it('asks afresh with useCache off (--no-cache) and for another model', async () => {
    const fake = await serve('good');
    const cacheFile = tempCacheFile();
    for (const options of [{}, { useCache: false }, { model: 'other-model' }]) {
      const policy = testPolicy(fake.url, { cacheFile, ...options });
      const result = await policy.evaluate(packet);
      policy.close();
      expect(result.cached).toBe(false);
    }
    expect(fake.requests).toHaveLength(3);
  });
});
