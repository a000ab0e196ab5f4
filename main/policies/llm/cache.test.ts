import { describe, expect, it } from 'vitest';
import { goodModel } from './testing/models.js';
import { tempCacheFile, testPolicy, workedExamplePacket, useFakeOpenAI } from './testing/harness.js';

const serve = useFakeOpenAI();

const packet = workedExamplePacket();

describe('response cache', () => {
  it('stores only replies that validated: an unusable one is asked again once the server is fixed', async () => {
    // The first answer is malformed: it must not be stored, or a replay would repeat it forever.
    const fake = await serve((request, i) => (i === 0 ? { content: 'thinking...' } : goodModel(request)));
    const cacheFile = tempCacheFile();
    const first = testPolicy(fake.url, { cacheFile });
    const live = await first.evaluate(packet);
    first.close();
    expect(fake.requests).toHaveLength(2);
    expect(live.cached).toBe(false);

    const second = testPolicy(fake.url, { cacheFile });
    const asked = await second.evaluate(packet);
    second.close();
    expect(fake.requests).toHaveLength(3);
    expect(asked).toMatchObject({ output: live.output, error: null, cached: false });

    const third = testPolicy(fake.url, { cacheFile });
    const replay = await third.evaluate(packet);
    third.close();
    expect(fake.requests).toHaveLength(3);
    expect(replay).toMatchObject({ output: live.output, error: null, cached: true, tokensIn: 0, tokensOut: 0 });
    expect(third.stats().cacheHits).toBe(1);
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
