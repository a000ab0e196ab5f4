import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeChat } from 'gpt-tokenizer/model/gpt-4o';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import type { CodeStepContext } from '../../core/code/index.js';
import type { EventOf, LedgerEvent } from '../../core/ledger/index.js';
import { generateIncident } from '../generate/generate.js';
import { openLedger } from '../ledger/index.js';
import { DEFAULT_REQUEST_TOKEN_CAP } from '../policies/llm/budget.js';
import type { LlmOptionsInput } from '../policies/llm/index.js';
import { LARGE_MODEL } from './hostile-test-support.js';
import { testPolicy, useFakeOpenAI } from '../policies/llm/testing/harness.js';
import { goodModel, promptBlock } from '../policies/llm/testing/models.js';
import type { FakeReply, FakeRequest } from '../policies/llm/testing/wire.js';
import { investigateSnapshot } from './investigate-snapshot.js';

/** Issue 16: the LLM policy walks the code drill's actions, one block's local context at a time. */
const serve = useFakeOpenAI();
let root = '';
let bundle = '';
let service = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'eog-code-walk-'));
  process.env['EOG_CODE_CACHE'] = join(root, 'cache');
  bundle = join(root, 'bundle');
  const incident = await generateIncident(bundle, { fault: 'code_error', seed: 1, services: 6, requestsPerMinute: 20, withSource: true });
  service = incident.rootCause.split('/').pop() as string;
}, 120_000);

const contextOf = (request: FakeRequest): CodeStepContext | null => (promptBlock(request, 'block') as CodeStepContext | undefined) ?? null;

/** The good model for every phase, and `walk` for the code steps. */
function withWalk(walk: (context: CodeStepContext) => FakeReply): (request: FakeRequest) => FakeReply {
  return (request) => {
    const context = contextOf(request);
    return context === null ? goodModel(request) : walk(context);
  };
}

async function run(script: (request: FakeRequest) => FakeReply, signal?: AbortSignal, llm: Partial<LlmOptionsInput> = {}) {
  const fake = await serve(script);
  const ledgerFile = join(mkdtempSync(join(root, 'run-')), 'ledger.sqlite');
  const policy = testPolicy(fake.url, llm);
  try {
    const { diagnosis } = await investigateSnapshot(bundle, { policy, ledgerFile, signal });
    const ledger = openLedger(ledgerFile);
    const events: LedgerEvent[] = ledger.events();
    ledger.close();
    const origin = diagnosis.entities.find((e) => e.contributing_factor && e.name.endsWith(`/${service}`));
    const steps = events.filter((e): e is EventOf<'CodeStep'> => e.type === 'CodeStep');
    const drilled = events.filter((e): e is EventOf<'CodeDrilled'> => e.type === 'CodeDrilled');
    const codeCalls = events.filter((e) => e.type === 'ModelCalled' && e.phase === 'code');
    return { diagnosis, origin, steps, drilled, codeCalls, fake };
  } finally {
    policy.close();
  }
}

const isHandle = (description: string): boolean => /^function handle \S+ \S*Handler\.java:/.test(description);

describe('the LLM policy walks the code drill', () => {
  it('expands to the function at fault and selects it: the diagnosis names that function, every step in the ledger', async () => {
    let expanded = 0;
    const r = await run(
      withWalk((c) => {
        const here = `${c.block.level} ${c.block.name}`;
        if (expanded > 0 && here === 'function handle' && c.block.file.endsWith('Handler.java'))
          return {
            content: JSON.stringify({
              action: 'select',
              block: c.block.id,
              reason: 'dereferences a missing order',
              evidence: [c.evidence[0]?.id],
            }),
          };
        const target = c.neighbours.find((n) => isHandle(n.description));
        const next = expanded > 0 && target ? target : (c.neighbours.find((n) => n.relation === 'parent') ?? target);
        expanded++;
        return { content: JSON.stringify({ action: 'expand', block: next?.id ?? 'B0' }) };
      }),
    );
    expect(r.origin?.code?.[0]?.function).toBe('handle');
    expect(r.origin?.code?.[0]?.file).toMatch(/Handler\.java$/);
    expect(r.origin?.code?.[0]?.reason).toContain('selected by the model: dereferences a missing order');
    expect(r.steps.filter((s) => s.by === 'model' && s.action === 'expand').length).toBeGreaterThanOrEqual(1);
    expect(r.steps.at(-1)).toMatchObject({ by: 'model', action: 'select', rejected: null, block: { function: 'handle' } });
    expect(r.drilled.find((d) => d.node === r.origin?.name)?.chosenBy).toBe('model');
    // Counted in the run totals; every code request bounded (system prompt included) and its source quoted as data.
    expect(r.codeCalls.length).toBe(r.steps.length);
    expect(r.diagnosis.model_calls?.calls ?? 0).toBeGreaterThanOrEqual(r.codeCalls.length);
    const codeRequests = r.fake.requests.filter((q) => contextOf(q) !== null);
    expect(codeRequests.length).toBe(r.codeCalls.length);
    for (const q of codeRequests) {
      const messages = (q.body?.messages ?? []).map((m) => ({ role: m.role as 'system' | 'user', content: m.content }));
      // With the defaults: under the 3k request cap.
      expect(encodeChat(messages, 'gpt-4o').length).toBeLessThan(DEFAULT_REQUEST_TOKEN_CAP);
      expect(contextOf(q)?.evidence.length ?? 99).toBeLessThanOrEqual(40);
    }
    expect(contextOf(codeRequests[0] as FakeRequest)?.source.join('\n')).toContain('.getId()');
  }, 120_000);

  it('rejects a block that is not a neighbour and invented evidence: the heuristic ranking decides', async () => {
    const heuristic = await investigateSnapshot(bundle, { policy: createHeuristicPolicy() });
    const expected = heuristic.diagnosis.entities.find((e) => e.contributing_factor && e.name.endsWith(`/${service}`))?.code;
    expect(expected?.length ?? 0).toBeGreaterThan(0);
    for (const bad of [
      { action: 'expand', block: 'B999999' },
      { action: 'select', block: 'B0', reason: 'x', evidence: ['ev-invented'] },
    ]) {
      // Packets close to the heuristic's (an 8k model), so the Origin's evidence, and so its blocks, compare.
      const r = await run(
        withWalk((c) => ({ content: JSON.stringify(bad.action === 'select' ? { ...bad, block: c.block.id } : bad) })),
        undefined,
        LARGE_MODEL,
      );
      expect(r.origin?.code).toEqual(expected);
      expect(r.steps[0]).toMatchObject({ by: 'heuristic', action: 'select' });
      expect(r.steps[0]?.rejected).toMatch(
        bad.action === 'expand' ? /B999999.*not an admissible neighbour/ : /ev-invented.*not in the context/,
      );
      expect(r.drilled.find((d) => d.node === r.origin?.name)?.chosenBy).toBe('heuristic');
    }
  }, 180_000);

  it('degrades to the heuristic drill when the server answers 500', async () => {
    const r = await run(withWalk(() => ({ status: 500, message: 'boom' })));
    expect(r.origin?.code?.[0]?.function).toBe('handle');
    expect(r.origin?.code?.[0]?.reason).toContain('stack frame');
    expect(r.steps).toEqual([expect.objectContaining({ by: 'heuristic', action: 'select' })]);
    expect(r.steps[0]?.rejected).toBeTruthy();
    expect(r.codeCalls.every((c) => c.type === 'ModelCalled' && c.outcome !== 'ok')).toBe(true);
  }, 120_000);

  it('records what an interrupted walk had: its steps, the ranking, and why it ended', async () => {
    const heuristic = await investigateSnapshot(bundle, { policy: createHeuristicPolicy() });
    const expected = heuristic.diagnosis.entities.find((e) => e.contributing_factor && e.name.endsWith(`/${service}`))?.code;
    const stop = new AbortController();
    let seen = 0;
    const r = await run(
      withWalk((c) => {
        // The run is stopped while the model answers its second step: that request is cut, not waited for.
        if (++seen === 2) stop.abort();
        return { content: JSON.stringify({ action: 'expand', block: c.neighbours[0]?.id ?? 'B0' }) };
      }),
      stop.signal,
      LARGE_MODEL,
    );
    // The first step is the model's; the cut one is not taken, and the heuristic ranking stands.
    expect(r.steps.map((s) => [s.by, s.action])).toEqual([['model', 'expand']]);
    const drilled = r.drilled.find((d) => d.node.endsWith(`/${service}`));
    expect(drilled).toMatchObject({ chosenBy: 'heuristic', interrupted: 'stopped: the run was interrupted' });
    expect(r.origin?.code).toEqual(expected);
  }, 120_000);
});
