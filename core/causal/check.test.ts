import { describe, expect, it } from 'vitest';
import { checkAlertLink, checkAnomaly, checkCausality, topologyDistance } from './check.js';
import { compileKnowledge } from './compile.js';
import { parseKnowledge } from './knowledge-parse.js';
import { alertItem, chainGraph, changeItem, errorLogItem, SMALL_KNOWLEDGE, smallKnowledge } from './test-support.js';

const ctx = { knowledge: smallKnowledge(), graph: chainGraph() };
const at = (anomalyType: string, name: string) => ({ anomalyType, entity: `service/${name}` });

describe('checks against the knowledge and the topology', () => {
  it('measures topology distance either way round, bounded', () => {
    expect(topologyDistance(ctx.graph, 'service/a', 'service/a', 3)).toBe(0);
    expect(topologyDistance(ctx.graph, 'service/c', 'service/a', 3)).toBe(2);
    expect(topologyDistance(ctx.graph, 'service/a', 'service/e', 3)).toBeNull();
    expect(topologyDistance(ctx.graph, 'service/a', 'service/z', 3)).toBeNull();
  });

  it('create anomaly: a known type on a known entity that the evidence can indicate', () => {
    expect(checkAnomaly(ctx, at('config_change', 'a'), [changeItem('c', 'service/a', 'config')])).toBeNull();
    expect(checkAnomaly(ctx, at('oom', 'a'), [changeItem('c', 'service/a', 'config')])).toMatch(/not an anomaly type/);
    expect(checkAnomaly(ctx, at('error_rate', 'a'), [changeItem('c', 'service/a', 'config')])).toMatch(/none of the cited evidence/);
    expect(checkAnomaly(ctx, { anomalyType: 'error_rate', entity: 'service/nope' }, [])).toMatch(/not an entity/);
  });

  it('link alert: its signature must indicate the type, on or next to the entity', () => {
    expect(checkAlertLink(ctx, alertItem('al', 'service/b', 'HighErrorRate'), at('error_rate', 'a'))).toBeNull();
    expect(checkAlertLink(ctx, alertItem('al', 'service/a', 'HighErrorRate'), at('latency', 'a'))).toMatch(
      /can indicate error_rate, not latency/,
    );
    expect(checkAlertLink(ctx, alertItem('al', 'service/c', 'HighErrorRate'), at('error_rate', 'a'))).toMatch(/not on or next to/);
  });

  it('add causality: a direct relation on one entity; bridged types reach as far as their scopes allow', () => {
    expect(checkCausality(ctx, at('config_change', 'b'), at('error_rate', 'b'))).toMatchObject({ ok: true, distance: 0 });
    // config_change is scoped to its own entity: it reaches a caller only through error_rate → error_rate.
    const bridged = checkCausality(ctx, at('config_change', 'b'), at('error_rate', 'a'));
    expect(bridged).toMatchObject({ ok: true, distance: 1, chain: { via: ['error_rate'] } });
    // Two hops need two crossing relations: config → error → error → error.
    expect(checkCausality(ctx, at('config_change', 'c'), at('error_rate', 'a'))).toMatchObject({
      ok: true,
      chain: { via: ['error_rate', 'error_rate'] },
    });
    expect(checkCausality(ctx, at('config_change', 'd'), at('error_rate', 'a'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/3 hop\(s\) apart/),
    });
    expect(checkCausality(ctx, at('config_change', 'e'), at('error_rate', 'a'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not connected within 3/),
    });
    expect(checkCausality(ctx, at('error_rate', 'a'), at('config_change', 'a'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no chain/),
    });
    expect(checkCausality(ctx, at('cpu', 'b'), at('latency', 'a'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/1 hop\(s\) apart/),
    });
    expect(checkCausality(ctx, at('cpu', 'b'), at('error_rate', 'a'))).toMatchObject({ ok: true, chain: { via: ['latency'] } });
  });

  it('types an error log as error_rate evidence', () => {
    expect(checkAnomaly(ctx, at('error_rate', 'a'), [errorLogItem('l', 'service/a')])).toBeNull();
  });

  it('directed scopes: errors travel to callers, surges to callees; discovered calls count as dependencies', () => {
    const text = SMALL_KNOWLEDGE.replace(
      '{ from: error_rate, to: error_rate, scope: adjacent,',
      '{ from: error_rate, to: error_rate, scope: dependents,',
    );
    const directed = { knowledge: compileKnowledge([{ document: parseKnowledge(text, 'd.yaml'), file: 'd.yaml' }]), graph: ctx.graph };
    // a calls b: b's errors reach a, not the other way.
    expect(checkCausality(directed, at('error_rate', 'b'), at('error_rate', 'a'))).toMatchObject({ ok: true });
    expect(checkCausality(directed, at('error_rate', 'a'), at('error_rate', 'b'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/other way/),
    });
    // z is linked to nothing, until spans show that z calls a.
    expect(checkCausality(directed, at('error_rate', 'a'), at('error_rate', 'z'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not connected/),
    });
    const calls = new Map([['service/z', new Set(['service/a'])]]);
    expect(checkCausality(directed, at('error_rate', 'a'), at('error_rate', 'z'), calls)).toMatchObject({ ok: true });
  });
});
