import { describe, expect, it } from 'vitest';
import { ScoringInputError } from './errors.js';
import { isCorrect, majorityAtK, passAtK, scoreRepeatedRuns, scoreRootCause } from './metrics.js';
import { parseGroundTruth } from './parse.js';

const GT = parseGroundTruth(`groups:
  - {id: cfg, kind: ConfigMap, namespace: shop, name: flags, root_cause: true}
  - {id: cart-svc, kind: Service, namespace: shop, filter: [cart\\b], root_cause: true}
  - {id: cart-pod, kind: Pod, namespace: shop, filter: [cart-.*]}
  - {id: quota, kind: ResourceQuota, namespace: shop, filter: [strict-quota], root_cause: true}
  - {id: fe-svc, kind: Service, namespace: shop, filter: [frontend\\b]}
aliases:
  - [cfg, cart-svc, cart-pod]`);
// Two root-cause alias classes: {cfg, cart-svc, cart-pod} (two root-cause groups counted once) and {quota}.

const HPA = parseGroundTruth(`groups:
  - {id: hpa-a, kind: HorizontalPodAutoscaler, namespace: d, filter: ["*.*"], root_cause: true}
  - {id: hpa-b, kind: HorizontalPodAutoscaler, namespace: d, filter: ["*.*"], root_cause: true}`);

describe('scoreRootCause', () => {
  it('computes precision over predictions and recall over merged root-cause alias classes', () => {
    const score = scoreRootCause(GT, ['shop/Service/frontend', 'shop/Pod/cart-1-2', 'shop/ConfigMap/flags']);
    expect(score.rootCauseClasses).toBe(2);
    expect(score.matched).toBe(2);
    expect(score.precision).toBeCloseTo(2 / 3);
    expect(score.recall).toBeCloseTo(1 / 2);
    expect(score.f1).toBeCloseTo((2 * (2 / 3) * 0.5) / (2 / 3 + 0.5));
    expect(score.found).toEqual([['cfg', 'cart-svc', 'cart-pod']]);
    expect(score.missed).toEqual([['quota']]);
  });

  it('reaches 1 on a perfect answer and 0 on an unrelated one', () => {
    const perfect = scoreRootCause(GT, ['shop/Service/cart', 'shop/ResourceQuota/strict-quota']);
    expect([perfect.precision, perfect.recall, perfect.f1]).toEqual([1, 1, 1]);
    const wrong = scoreRootCause(GT, ['shop/Service/frontend', 'shop/Service/payment']);
    expect([wrong.precision, wrong.recall, wrong.f1, wrong.matched]).toEqual([0, 0, 0, 0]);
  });

  it('uses only the first k predictions for @k', () => {
    const predictions = ['shop/Service/frontend', 'shop/Service/cart', 'shop/ResourceQuota/strict-quota'];
    expect(scoreRootCause(GT, predictions, { k: 1 })).toMatchObject({ k: 1, predictions: 1, recall: 0, precision: 0 });
    expect(scoreRootCause(GT, predictions, { k: 2 })).toMatchObject({ recall: 0.5, precision: 0.5 });
    expect(scoreRootCause(GT, predictions, { k: 10 })).toMatchObject({ predictions: 3, recall: 1 });
    expect(() => scoreRootCause(GT, predictions, { k: 0 })).toThrow(ScoringInputError);
    expect(() => scoreRootCause(GT, predictions, { k: 1.5 })).toThrow(/positive integer/);
  });

  it('counts a repeated prediction once', () => {
    const score = scoreRootCause(GT, ['shop/Service/cart', 'shop/Service/cart', 'shop/Service/frontend']);
    expect(score.predictions).toBe(2);
    expect(score.precision).toBe(0.5);
  });

  it('counts two aliases of one root cause as matched predictions but as one found class', () => {
    const score = scoreRootCause(GT, ['shop/Service/cart', 'shop/Pod/cart-7-x']);
    expect(score.precision).toBe(1);
    expect(score.recall).toBe(0.5);
  });

  it('spreads equally specific ties over root causes not found yet', () => {
    expect(scoreRootCause(HPA, ['d/HorizontalPodAutoscaler/accounting']).recall).toBe(0.5);
    const both = scoreRootCause(HPA, ['d/HorizontalPodAutoscaler/accounting', 'd/HorizontalPodAutoscaler/ad']);
    expect(both.recall).toBe(1);
    expect(both.outcomes.map((o) => o.match?.groupId)).toEqual(['hpa-a', 'hpa-b']);
    expect(both.outcomes[1]?.match?.ambiguousWith).toEqual(['hpa-a']);
  });

  it('scores hostile or malformed predictions as wrong instead of throwing', () => {
    const score = scoreRootCause(GT, ['<script>', 'shop/Service/cart']);
    expect(score.outcomes[0]).toEqual({ entityId: '<script>', isEntityId: false, match: null });
    expect(score.precision).toBe(0.5);
  });

  it('returns zeros for no predictions', () => {
    expect(scoreRootCause(GT, [])).toMatchObject({ predictions: 0, precision: 0, recall: 0, f1: 0 });
  });
});

describe('pass@k and majority@k', () => {
  it('pass@k needs one correct run, majority@k more than half', () => {
    expect(passAtK([false, false, true])).toBe(true);
    expect(passAtK([false, false])).toBe(false);
    expect(majorityAtK([true, true, false])).toBe(true);
    expect(majorityAtK([true, false])).toBe(false);
    expect(majorityAtK([true])).toBe(true);
    expect(() => passAtK([])).toThrow(ScoringInputError);
    expect(() => majorityAtK([])).toThrow(ScoringInputError);
  });

  it('judges a run correct when all (default) or any root-cause classes are found', () => {
    const half = scoreRootCause(GT, ['shop/Service/cart']);
    expect(isCorrect(half)).toBe(false);
    expect(isCorrect(half, 'any')).toBe(true);
  });

  it('scores repeated runs of one scenario', () => {
    const runs = [
      ['shop/Service/cart', 'shop/ResourceQuota/strict-quota'],
      ['shop/Service/frontend'],
      ['shop/ResourceQuota/strict-quota', 'shop/ConfigMap/flags'],
    ];
    const result = scoreRepeatedRuns(GT, runs);
    expect(result.correct).toEqual([true, false, true]);
    expect(result).toMatchObject({ passAtK: true, majorityAtK: true });
    const atOne = scoreRepeatedRuns(GT, runs, { k: 1, criterion: 'any' });
    expect(atOne.correct).toEqual([true, false, true]);
    expect(scoreRepeatedRuns(GT, runs, { k: 1 }).passAtK).toBe(false);
  });
});
