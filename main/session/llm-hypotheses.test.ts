import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLlmPolicy } from '../policies/llm/index.js';
import { readLedger, sampleBundle, useScratch } from './cli-test-support.js';
import { investigateSnapshot } from './investigate-snapshot.js';

const scratch = useScratch();

async function investigate(script: 'good' | 'garbage') {
  const fake = await scratch.serve(script);
  const policy = createLlmPolicy({
    model: 'fake-model',
    contextTokens: 8192,
    requestTokenCap: 6000,
    maxTokens: 1024,
    retries: 1,
    cacheFile: null,
    baseUrl: fake.url,
  });
  const ledgerFile = path.join(scratch.dir(), `ledger-${script}.sqlite`);
  try {
    const { diagnosis } = await investigateSnapshot(sampleBundle, { policy, ledgerFile, settings: { hypotheses: {} } });
    return { diagnosis, events: readLedger(ledgerFile) };
  } finally {
    policy.close();
  }
}

describe('the hypothesis layer over the llm policy (fake OpenAI-compatible server)', () => {
  it('builds its causal graph from the model’s labels, citing only evidence that exists', async () => {
    const { diagnosis, events } = await investigate('good');
    expect(diagnosis.frontier).toEqual(['shop/Service/frontend']);
    const accepted = (diagnosis.hypotheses ?? []).filter((h) => h.status === 'accepted');
    expect(accepted.find((h) => h.level === 2)?.entity).toBe('shop/Service/frontend');
    const listed = new Set(diagnosis.evidence.map((e) => e.id));
    for (const h of diagnosis.hypotheses ?? []) for (const id of [...h.support, ...h.refute]) expect(listed.has(id)).toBe(true);
    expect(events.some((e) => e.type === 'DrilledDown')).toBe(true);
  });

  it('keeps working when the model answers garbage: the heuristic fallback labels feed the same layer', async () => {
    const { diagnosis, events } = await investigate('garbage');
    expect(events.some((e) => e.type === 'PolicyFellBack')).toBe(true);
    const accepted = (diagnosis.hypotheses ?? []).filter((h) => h.status === 'accepted' && h.level === 2);
    expect(diagnosis.frontier.length).toBeGreaterThan(0);
    expect(new Set(diagnosis.frontier)).toEqual(new Set(accepted.map((h) => h.entity)));
    const listed = new Set(diagnosis.evidence.map((e) => e.id));
    for (const h of diagnosis.hypotheses ?? []) for (const id of [...h.support, ...h.refute]) expect(listed.has(id)).toBe(true);
  });
});
