import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import { parseGroundTruth } from '../../core/scoring/index.js';
import { scoreCase } from './score-case.js';

const gt = parseGroundTruth(`groups:
  - {id: pod, kind: Pod, namespace: tt, name: ts-basic-service-5c8f-x2, root_cause: true}
  - {id: svc, kind: Service, namespace: tt, name: ts-basic-service}
aliases:
  - [pod, svc]`);

// scoreCase reads only the frontier and the ranking of a diagnosis.
const diagnosis = (frontier: string[], ranked: string[]): Diagnosis =>
  ({ frontier, ranking: ranked.map((entity, i) => ({ entity, score: 1 - i / 10 })) }) as unknown as Diagnosis;

describe('scoreCase rank', () => {
  it('is the position of the first expected service among the distinct ranked services', () => {
    const score = scoreCase(
      gt,
      diagnosis(['tt/Service/ts-seat-service'], ['tt/Service/ts-seat-service', 'tt/Pod/ts-basic-service-5c8f-x2']),
    );
    expect(score.rankedServices).toEqual(['ts-seat-service', 'ts-basic-service']);
    expect(score.rank).toBe(2);
    expect(score.acAt[1]).toBe(false);
    expect(score.acAt[2]).toBe(true);
  });

  it('is null when the expected service is not ranked at all', () => {
    expect(scoreCase(gt, diagnosis([], ['tt/Service/ts-seat-service'])).rank).toBeNull();
  });
});
