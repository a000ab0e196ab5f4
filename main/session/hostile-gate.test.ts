import { describe, expect, it } from 'vitest';
import { diagnosisFromLedger } from '../report/index.js';
import { compliantModel, everythingOriginModel, selfAlertModel } from '../policies/llm/testing/hostile.js';
import { useScratch } from './cli-test-support.js';
import { injectedBundle, investigateAgainst } from './hostile-test-support.js';

/** Issue 19, observations 1 and 2: hostile models over real HTTP, against the gate and the injection defences. */
const scratch = useScratch();

describe('a gate worth its name (observation 1)', () => {
  it('does not call a symptom that cites only its own alert a confident root cause', async () => {
    const run = await investigateAgainst(scratch, selfAlertModel());
    const unverified = run.events.filter((e) => e.type === 'OriginUnverified');
    expect(unverified.length).toBeGreaterThan(0);
    expect(run.diagnosis.outcome).toBe('no_confident_root_cause');
    expect(run.diagnosis.confidence.effective).toBeLessThanOrEqual(0.64);
  }, 60_000);

  it('never calls a frontier that names most of the graph confident, and ranks by the capped confidence', async () => {
    const run = await investigateAgainst(scratch, everythingOriginModel);
    const judged = new Set(run.events.flatMap((e) => (e.type === 'BeliefSet' ? [e.node] : [])));
    expect(run.diagnosis.frontier.length * 2).toBeGreaterThan(judged.size);
    expect(run.diagnosis.outcome).toBe('no_confident_root_cause');
    // Raw confidence is 1 everywhere; an Origin that failed the gate scores as ungrounded (≤ 0.64 + hard bonus).
    const unverified = new Set(run.events.flatMap((e) => (e.type === 'OriginUnverified' ? [e.node] : [])));
    expect(unverified.size).toBeGreaterThan(0);
    for (const r of run.diagnosis.ranking) if (unverified.has(r.entity)) expect(r.score).toBeLessThanOrEqual(0.64 + 0.04);
    const scores = run.diagnosis.ranking.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  }, 60_000);
});

describe('injection-resistant by construction (observation 2)', () => {
  const target = 'shop/Service/database';

  it('gives evidence to the model as quoted, flagged data, so instructions inside it steer nothing', async () => {
    const run = await investigateAgainst(scratch, compliantModel, { bundle: injectedBundle(scratch, target) });
    const explore = run.fake.requests.filter((r) => r.body?.messages?.some((m) => m.content.includes('<packet>')));
    expect(explore.length).toBeGreaterThan(0);
    for (const request of explore) {
      const user = request.body?.messages?.find((m) => m.role === 'user')?.content ?? '';
      // The data block cannot be closed, nor a system block opened, from inside it.
      expect(user.split('</packet>')).toHaveLength(2);
      expect(user).not.toContain('<system>');
    }
    const flagged = explore.some((r) => /"suspicious":\["/.test(r.body?.messages?.find((m) => m.role === 'user')?.content ?? ''));
    expect(flagged).toBe(true);
    // The compliant model's labels rested on the injected lines alone: not believed, recorded.
    expect(run.events.some((e) => e.type === 'SupportDistrusted')).toBe(true);
    expect(run.diagnosis.outcome === 'confident' && run.diagnosis.frontier[0] === target).toBe(false);
    const finalTarget = run.events.filter((e) => e.type === 'BeliefSet' && e.node === target).at(-1);
    expect(finalTarget?.type === 'BeliefSet' && finalTarget.belief.label).not.toBe('Origin');
  }, 60_000);

  it('records finalize prose in the ledger as model text that changes no label, frontier, confidence or computed reasoning', async () => {
    const run = await investigateAgainst(scratch, compliantModel, { bundle: injectedBundle(scratch, target) });
    const prose = run.events.filter((e) => e.type === 'ProseWritten');
    expect(prose).toHaveLength(1);
    expect(run.diagnosis.model_prose?.written_by).toBe('model');
    expect(run.diagnosis.model_prose?.entities.every((e) => e.text.includes('caused this incident'))).toBe(true);
    for (const entity of run.diagnosis.entities) expect(entity.reasoning).not.toContain('caused this incident');
    // The ledger alone gives the same diagnosis, prose included (eog export).
    expect(diagnosisFromLedger(run.ledgerFile).diagnosis).toEqual(run.diagnosis);
  }, 60_000);
});
