import { describe, expect, it } from 'vitest';
import { parseGroundTruth } from '../scoring/index.js';
import type { LessonAnswer } from './schema.js';
import { scoreAttempt } from './score.js';
import { classTableCsv } from './table.js';

const gt = parseGroundTruth(`
metadata: { name: t, version: v1 }
groups:
  - { id: rc, kind: Service, namespace: shop, name: cart, filter: ['^cart$'], root_cause: true }
  - { id: fe, kind: Service, namespace: shop, name: frontend, filter: ['^frontend$'], root_cause: false }
propagations:
  - { source: rc, target: fe, condition: c, effect: e }
`);

function answer(
  index: number,
  node: string,
  label: LessonAnswer['label'],
  engine: LessonAnswer['label'],
  cited: string[],
  engineCited: string[],
  hints = 0,
): LessonAnswer {
  return {
    index,
    seq: index * 10,
    node,
    label,
    cited,
    hypothesis: '',
    hints,
    engine: { label: engine, confidence: 0.8, summary: '', evidence: engineCited },
  };
}

describe('scoring a trainee', () => {
  const answers = [
    answer(1, 'shop/Service/frontend', 'Symptom', 'Symptom', ['a', 'b'], ['a']),
    answer(2, 'shop/Service/db', 'Origin', 'Healthy', ['c'], ['c'], 2),
    answer(3, 'shop/Service/cart', 'Origin', 'Origin', ['d'], ['d', 'e'], 1),
  ];
  const s = scoreAttempt(answers, gt, ['shop/Service/cart']);

  it('compares labels with the engine and with the ground truth, per step', () => {
    expect(s.agreementWithEngine).toBeCloseTo(2 / 3);
    expect(s.truth).toEqual({ 'shop/Service/frontend': 'Symptom', 'shop/Service/db': 'Healthy', 'shop/Service/cart': 'Origin' });
    expect(s.agreementWithTruth).toBeCloseTo(2 / 3);
    expect(s.firstDivergence).toEqual({ index: 2, node: 'shop/Service/db', trainee: 'Origin', engine: 'Healthy', truth: 'Healthy' });
  });

  it('scores the trainee’s frontier with ITBench precision and recall', () => {
    expect(s.frontier).toEqual(['shop/Service/db', 'shop/Service/cart']);
    expect(s.frontierPrecision).toBe(0.5);
    expect(s.frontierRecall).toBe(1);
    expect(s.engineFrontierPrecision).toBe(1);
  });

  it('counts a citation as support only where the label agrees and the engine cited it too', () => {
    // a (yes), b (no), c (label differs: no), d (yes) → 2 of 4.
    expect(s.citationPrecision).toBe(0.5);
    expect(s.hints).toBe(3);
    expect(s.points).toBeCloseTo(1 + 0 + 0.75);
  });

  it('has no truth scores without a ground truth', () => {
    const none = scoreAttempt(answers, null, []);
    expect(none.agreementWithTruth).toBeNull();
    expect(none.frontierRecall).toBeNull();
    expect(none.truth).toEqual({});
  });

  it('writes the class table as CSV, quoting and defusing what a spreadsheet would run', () => {
    const csv = classTableCsv({
      lessonId: 'l',
      title: 't',
      rows: [{ attemptId: 1, trainee: '=HYPERLINK("x")', startedAt: 's', finishedAt: null, score: s }],
    });
    const [head, row] = csv.split('\r\n');
    expect(head?.split(',')).toContain('citation_precision');
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('shop/Service/db shop/Service/cart');
  });
});
