import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../core/context/index.js';
import type { Diagnosis } from '../../../core/diagnosis/index.js';
import type { ScopeRecord } from '../../../core/ledger/index.js';
import { DEFAULT_REQUEST_TOKEN_CAP, requestTokens } from './budget.js';
import { promptBlock } from './testing/models.js';
import { testPolicy, useFakeOpenAI } from './testing/harness.js';
import type { FakeRequest } from './testing/wire.js';

/** An alert flood cannot grow the bootstrap or finalize request past the default 3k cap (issue #15). */
const serve = useFakeOpenAI();
const FLOOD = 20_000;
const services = Array.from({ length: 40 }, (_, i) => `shop/Service/s${i}`);
const alerts = Array.from({ length: FLOOD }, (_, i) => ({
  name: `Alert${i % 7}`,
  entity: services[i % services.length] as string,
  severity: 'warning',
  startsAt: 1_600_000 + i,
  summary: `alert ${i} fired on ${services[i % services.length]}`,
}));
const scopes: ScopeRecord[] = services.map((entity, i) => ({
  id: `scope-${i}`,
  kind: i === 0 ? 'signature' : 'entity',
  entities: i === 0 ? services : [entity],
  tiers: ['Service'],
  alerts: FLOOD / services.length,
  sample: [],
  signatures: [{ signature: `Alert${i % 7}`, count: FLOOD / services.length }],
  severity: 'warning',
  first: 1_600_000 + i,
  last: 1_700_000,
  merged: [],
  neighbours: [],
}));
const sizeOf = (request: FakeRequest): number =>
  requestTokens(
    (request.body?.messages ?? []).map((m) => ({ role: m.role as 'user', content: m.content })),
    countTokens,
  );

describe('requests under an alert flood', () => {
  it('shows the bootstrap one line per scope and the earliest alerts, within the default cap', async () => {
    const fake = await serve('good');
    const seeds = services.map((node) => ({ node, reason: 'alerting', strength: 'alerting' as const }));
    const choice = await testPolicy(fake.url).bootstrap({ windows: [{ start: 1_000_000, end: 2_000_000 }], seeds, alerts, scopes });
    expect(choice.error).toBeNull();
    const [request] = fake.requests;
    expect(request).toBeDefined();
    if (!request) return;
    expect(sizeOf(request)).toBeLessThan(DEFAULT_REQUEST_TOKEN_CAP);
    const lines = promptBlock(request, 'scopes') as string[];
    expect(lines.length).toBeGreaterThan(10);
    expect(lines[0]).toMatch(/^scope-0 \(signature\): 500 alert\(s\), warning, from .*shop\/Service\/s0, .* \(\+36\); Alert0×500$/);
    const shown = promptBlock(request, 'alerts') as { earliest: Array<{ name: string }>; notShown: number };
    expect(shown.earliest.length).toBeGreaterThan(0);
    expect(shown.earliest.length + shown.notShown).toBe(FLOOD);
    expect(shown.earliest[0]?.name).toBe('Alert0');
  });

  it('shows finalize the root causes first, one line per distinct alert and counts of the rest, within the default cap', async () => {
    const fake = await serve('good');
    const entities = services.map((name, i) => ({
      name,
      contributing_factor: i === 39,
      reasoning: 'judged',
      evidence: `[e${i}] ${'a long evidence text '.repeat(40)}`,
    }));
    const diagnosis = {
      entities,
      propagations: services.slice(1).map((s, i) => ({ source: services[i] as string, target: s, condition: 'calls', effect: 'errors' })),
      alerts_explained: alerts.map((a) => ({ alert: `${a.name} on ${a.entity}`, explanation: 'a symptom of s39', explained: true })),
      frontier: ['shop/Service/s39'],
      ranking: [],
      outcome: 'confident',
      confidence: { raw: 0.9, grounding: 'grounded', cap: 1, effective: 0.9 },
      evidence: [],
      run: { policy: 'llm', model: 'm', steps: 1, policyCalls: 1, tokensIn: 1, tokensOut: 1, snapshotHash: 'h', settings: {} },
    } as unknown as Diagnosis;
    const result = await testPolicy(fake.url).finalize(diagnosis);
    expect(result.error).toBeNull();
    const [request] = fake.requests;
    if (!request) throw new Error('finalize sent no request');
    expect(sizeOf(request)).toBeLessThan(DEFAULT_REQUEST_TOKEN_CAP);
    const view = promptBlock(request, 'diagnosis') as {
      entities: Array<{ name: string }>;
      not_shown: { entities: number; alerts: number };
      alerts_explained: unknown[];
    };
    expect(view.entities[0]?.name).toBe('shop/Service/s39');
    // 280 distinct alert names (7 names × 40 services) of 20,000 alerts.
    expect(view.alerts_explained.length + view.not_shown.alerts).toBe(280);
    expect(view.entities.length + view.not_shown.entities).toBe(40);
    expect(result.prose?.entities.length).toBeGreaterThan(0);
  });
});
