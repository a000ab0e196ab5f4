import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countTokens, DEFAULT_TOKEN_BUDGET } from '../../core/context/index.js';
import { ControllerSettings, type LedgerEvent } from '../../core/ledger/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { createLlmPolicy, type LlmOptionsInput } from '../policies/llm/index.js';
import { promptBudget } from '../policies/llm/budget.js';
import type { FakeRequest } from '../policies/llm/testing/fake-openai.js';
import { readLedger, sampleBundle, useScratch } from './cli-test-support.js';
import { investigateSnapshot } from './investigate-snapshot.js';

const scratch = useScratch();

/** A model with an 8k context and a 6k request cap: packets as large as the heuristic's, so the frontiers compare. */
const llm = {
  model: 'fake-model',
  contextTokens: 8192,
  requestTokenCap: 6000,
  maxTokens: 1024,
  retries: 3,
  cacheFile: null,
} satisfies Partial<LlmOptionsInput>;
/** main/policies/llm/README.md, "Request bound": one ask is at most 2 × (1 + retries) requests. */
const requestsPerAsk = 2 * (1 + llm.retries);
/** The two response-format downgrades a run may spend once. */
const formatDowngrades = 2;

async function investigateWithLlm(script: 'good' | 'garbage', options: Partial<LlmOptionsInput> = {}, tokenBudget?: number) {
  const fake = await scratch.serve(script);
  const policy = createLlmPolicy({ ...llm, baseUrl: fake.url, ...options });
  const ledgerFile = path.join(scratch.dir(), 'ledger.sqlite');
  try {
    const { diagnosis } = await investigateSnapshot(sampleBundle, { policy, ledgerFile, ...(tokenBudget ? { tokenBudget } : {}) });
    return { diagnosis, events: readLedger(ledgerFile), requests: fake.requests, stats: policy.stats() };
  } finally {
    policy.close();
  }
}

const promptTokensOf = (request: FakeRequest): number => (request.body?.messages ?? []).reduce((sum, m) => sum + countTokens(m.content), 0);
const isExploreRequest = (request: FakeRequest): boolean => (request.body?.messages ?? []).some((m) => m.content.includes('<packet>'));

/** What the controller guarantees (design.md §2): at most min(budget, maxVisits · |V_S|) evaluations. */
function evaluationBound(events: readonly LedgerEvent[]): number {
  const started = events[0];
  if (started?.type !== 'InvestigationStarted') throw new Error('the ledger does not start with InvestigationStarted');
  const settings = ControllerSettings.parse(started.settings);
  // The controller records the budget it resolved (a run that names none is sized to the system).
  if (settings.budget === undefined) throw new Error('the ledger records no budget');
  const visited = new Set(events.flatMap((e) => (e.type === 'StepStarted' ? [e.node] : [])));
  return Math.min(settings.budget, settings.maxVisits * visited.size);
}

const schemaNameOf = (request: FakeRequest): string | undefined => request.body?.response_format?.json_schema?.name;

function expectRequestsWithinLimits(requests: readonly FakeRequest[], events: readonly LedgerEvent[]): void {
  const evaluations = events.filter((e) => e.type === 'StepStarted').length;
  const explore = requests.filter(isExploreRequest);
  expect(explore.length).toBeGreaterThanOrEqual(evaluations);
  // Besides the walk, one bootstrap ask before it and one finalize ask after it.
  const phases = requests.filter((r) => !isExploreRequest(r));
  expect(phases.length).toBeGreaterThanOrEqual(2);
  expect(phases.length).toBeLessThanOrEqual(2 * requestsPerAsk);
  expect(requests.indexOf(phases[0] as FakeRequest)).toBe(0);
  expect(requests.at(-1)).toBe(phases.at(-1));
  // Every prompt here fits at once (no map-reduce), so one evaluation is exactly one ask.
  expect(explore.length).toBeLessThanOrEqual(evaluationBound(events) * requestsPerAsk + formatDowngrades);
  for (const request of requests) {
    expect(request.body).toMatchObject({ temperature: 0, max_tokens: llm.maxTokens });
    // The prompt and its completion limit must fit the model's context window.
    expect(promptTokensOf(request) + llm.maxTokens).toBeLessThanOrEqual(llm.contextTokens);
  }
  for (const event of events) if (event.type === 'PacketBuilt') expect(event.tokenCount).toBeLessThanOrEqual(DEFAULT_TOKEN_BUDGET);
}

describe('the llm policy on the sample snapshot, against a fake OpenAI-compatible server', () => {
  it('reaches the heuristic frontier when the model answers well', async () => {
    const heuristic = await investigateSnapshot(sampleBundle, { policy: createHeuristicPolicy() });
    const run = await investigateWithLlm('good');
    expect(run.diagnosis.outcome).toBe('confident');
    expect(run.diagnosis.frontier).toEqual(heuristic.diagnosis.frontier);
    expect(run.diagnosis.frontier).toEqual(['shop/Service/frontend']);
    expect(run.diagnosis.run).toMatchObject({ policy: 'llm', model: 'fake-model' });
    expect(run.diagnosis.run.tokensIn).toBeGreaterThan(0);
    expect(run.stats).toMatchObject({ failures: 0, correctiveRetries: 0, fabricatedIds: 0 });
    expectRequestsWithinLimits(run.requests, run.events);
    // No corrective retry happened, so every request was a first attempt: those keep room for one.
    for (const request of run.requests) expect(promptTokensOf(request)).toBeLessThanOrEqual(promptBudget(llm));
    expect(run.events.filter((e) => e.type === 'PolicyCalled').every((e) => e.error === null)).toBe(true);
    // The bootstrap phase chose the start and the finalize phase wrote the report's prose.
    expect(schemaNameOf(run.requests[0] as FakeRequest)).toBe('bootstrap_choice');
    expect(schemaNameOf(run.requests.at(-1) as FakeRequest)).toBe('report_prose');
    // The model's prose sits beside the computed reasoning, marked as model text; it replaces nothing.
    const frontend = run.diagnosis.entities.find((e) => e.name === 'shop/Service/frontend');
    expect(frontend?.reasoning).toEqual(heuristic.diagnosis.entities.find((e) => e.name === 'shop/Service/frontend')?.reasoning);
    expect(run.diagnosis.model_prose).toMatchObject({ written_by: 'model', model: 'fake-model', note: null });
    expect(run.diagnosis.model_prose?.entities).toContainEqual({
      name: 'shop/Service/frontend',
      text: expect.stringMatching(/root cause/),
    });
  });

  it("degrades node by node to the heuristic's judgement, recorded, when every answer is garbage", async () => {
    const heuristic = await investigateSnapshot(sampleBundle, { policy: createHeuristicPolicy() });
    const run = await investigateWithLlm('garbage');
    expect(run.diagnosis.outcome).toBe(heuristic.diagnosis.outcome);
    expect(run.diagnosis.frontier).toEqual(heuristic.diagnosis.frontier);
    const calls = run.events.flatMap((e) => (e.type === 'PolicyCalled' ? [e] : []));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.error).toMatch(/\S/);
    expect(run.events.filter((e) => e.type === 'PolicyFellBack')).toHaveLength(calls.length);
    expect(run.diagnosis.model_calls).toMatchObject({ fallbacks: calls.length });
    // Each ask — the bootstrap, every evaluation, the finalize — is the first answer and the one
    // corrective retry; no transport faults here. Garbage leaves the controller's choices in place.
    expect(run.requests).toHaveLength((calls.length + 2) * 2);
    expectRequestsWithinLimits(run.requests, run.events);
  });

  it('splits evidence into chunks that each fit when the model context is smaller than a packet', async () => {
    const small = { contextTokens: 4096, maxTokens: 512 };
    // Packets of the default 6000 tokens, larger than this model reads at once.
    const run = await investigateWithLlm('good', small, DEFAULT_TOKEN_BUDGET);
    expect(run.requests.some((r) => (r.body?.messages ?? []).some((m) => m.content.includes('<chunk>')))).toBe(true);
    for (const request of run.requests) {
      expect(request.body).toMatchObject({ temperature: 0, max_tokens: small.maxTokens });
      expect(promptTokensOf(request)).toBeLessThanOrEqual(promptBudget({ ...llm, ...small }));
    }
    expect(run.events.some((e) => e.type === 'Finished')).toBe(true);
  });
});
