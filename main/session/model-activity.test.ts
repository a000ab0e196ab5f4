import { describe, expect, it } from 'vitest';
import { InvestigationSettings, type InvestigationState } from '../../core/ipc/index.js';
import { goodModel } from '../policies/llm/testing/models.js';
import { failsFirstNode, unusableReplies } from '../policies/llm/testing/hostile.js';
import type { FakeRequest } from '../policies/llm/testing/wire.js';
import { sampleBundle, useScratch } from './cli-test-support.js';
import { createInvestigationService } from './service.js';
import { openSnapshotSource } from './snapshot-source.js';

const scratch = useScratch();

/** Runs the sample with an LLM spec through the service the app uses, collecting every pushed state. */
async function runInService(script: (request: FakeRequest) => ReturnType<typeof goodModel>): Promise<InvestigationState[]> {
  const fake = await scratch.serve(script);
  const pushed: InvestigationState[] = [];
  const service = createInvestigationService(
    { kind: 'snapshot', source: openSnapshotSource(sampleBundle) },
    { onChange: (s) => pushed.push(s), env: {} },
  );
  try {
    await service.start({
      settings: InvestigationSettings.parse({ policy: 'llm' }),
      policy: { kind: 'llm', baseUrl: fake.url, model: 'm', cacheFile: null, retries: 0 },
    });
    await service.runToEnd();
    pushed.push(service.state());
    return pushed;
  } finally {
    service.close();
  }
}

describe('the UI is told about the model (issue 19)', () => {
  it('pushes "waiting for the model" while a request is in flight', async () => {
    const pushed = await runInService((request) => ({ ...goodModel(request), delayMs: 50 }));
    const waiting = pushed.filter((s) => (s.model?.inFlight ?? 0) > 0);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.some((s) => /^explore shop\/Service\//.test(s.model?.waitingFor ?? ''))).toBe(true);
    expect(pushed.at(-1)?.model).toMatchObject({ inFlight: 0, failedCalls: 0, fallbacks: 0 });
  }, 60_000);

  it('shows nodes the heuristic judged because the model failed', async () => {
    const pushed = await runInService(failsFirstNode(unusableReplies['other label words'] ?? {}));
    expect(pushed.at(-1)?.model?.fallbacks).toBeGreaterThan(0);
    expect(pushed.at(-1)?.status).toBe('finished');
  }, 60_000);
});
