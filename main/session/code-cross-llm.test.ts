import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeStepContext } from '../../core/code/index.js';
import type { EventOf, LedgerEvent } from '../../core/ledger/index.js';
import { generateIncident } from '../generate/generate.js';
import { openLedger } from '../ledger/index.js';
import { testPolicy, useFakeOpenAI } from '../policies/llm/testing/harness.js';
import { goodModel, promptBlock } from '../policies/llm/testing/models.js';
import type { FakeReply, FakeRequest } from '../policies/llm/testing/wire.js';
import { investigateSnapshot } from './investigate-snapshot.js';

/** Issue 16: the model's code walk crosses back to the service graph under the guarded contract. */
const serve = useFakeOpenAI();
let root = '';
let bundle = '';
let rootCause = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'eog-code-cross-'));
  process.env['EOG_CODE_CACHE'] = join(root, 'cache');
  bundle = join(root, 'bundle');
  const incident = await generateIncident(bundle, { fault: 'untraced_dependency', seed: 3, services: 8, withSource: true });
  rootCause = incident.rootCause;
}, 120_000);

const contextOf = (request: FakeRequest): CodeStepContext | null => (promptBlock(request, 'block') as CodeStepContext | undefined) ?? null;

function withWalk(walk: (context: CodeStepContext) => object): (request: FakeRequest) => FakeReply {
  return (request) => {
    const context = contextOf(request);
    return context === null ? goodModel(request) : { content: JSON.stringify(walk(context)) };
  };
}

async function run(script: (request: FakeRequest) => FakeReply) {
  const fake = await serve(script);
  const ledgerFile = join(mkdtempSync(join(root, 'run-')), 'ledger.sqlite');
  const policy = testPolicy(fake.url);
  try {
    const { diagnosis } = await investigateSnapshot(bundle, { policy, ledgerFile });
    const ledger = openLedger(ledgerFile);
    const events: LedgerEvent[] = ledger.events();
    ledger.close();
    const steps = events.filter((e): e is EventOf<'CodeStep'> => e.type === 'CodeStep');
    const found = events.filter((e): e is EventOf<'CodeDependencyFound'> => e.type === 'CodeDependencyFound');
    return { diagnosis, steps, found, events };
  } finally {
    policy.close();
  }
}

describe('the model crosses from code back to the service graph', () => {
  it('crosses to a dependency its block names: recorded by the model, visited, and the answer revised', async () => {
    const r = await run(
      withWalk((c) => {
        const dep = c.dependencies[0];
        if (dep !== undefined)
          return {
            action: 'cross',
            entity: dep.entity,
            block: dep.block,
            reason: 'the failing call goes there',
            evidence: [c.evidence[0]?.id],
          };
        const callee = c.neighbours.find((n) => n.relation === 'callee') ?? c.neighbours[0];
        return { action: 'expand', block: callee?.id ?? 'B0' };
      }),
    );
    const cross = r.steps.find((s) => s.action === 'cross');
    expect(cross).toMatchObject({ by: 'model', rejected: null, entity: rootCause });
    expect(r.found.find((f) => f.target === rootCause)).toMatchObject({ by: 'model', via: 'url', file: 'handler.go' });
    expect(r.events.some((e) => e.type === 'Activated' && e.node === rootCause && e.reason === 'code')).toBe(true);
    expect(r.diagnosis.frontier).toEqual([rootCause]);
  }, 120_000);

  it('rejects a cross to an entity the cited block does not name; the heuristic crossing still finds the dependency', async () => {
    const r = await run(
      withWalk((c) => ({ action: 'cross', entity: 'shop/Service/nowhere', block: c.block.id, reason: 'x', evidence: [] })),
    );
    expect(r.steps[0]?.rejected).toMatch(/names no dependency "shop\/Service\/nowhere"/);
    expect(r.found.some((f) => f.target === 'shop/Service/nowhere')).toBe(false);
    expect(r.found.find((f) => f.target === rootCause)).toMatchObject({ by: 'heuristic' });
    expect(r.diagnosis.frontier).toEqual([rootCause]);
  }, 120_000);
});
