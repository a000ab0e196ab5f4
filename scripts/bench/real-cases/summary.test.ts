import { describe, expect, it } from 'vitest';
import type { CaseResult } from './run-cases.js';
import { ABLATION_HEADER, ablationRow, ablationRows, figureRows, report } from './summary.js';

const result = (system: CaseResult['system'], c: string, part: CaseResult['part'], rank: number | null, f1 = 1): CaseResult => ({
  system,
  case: c,
  part,
  faultType: 'cpu_contention',
  expected: ['svc'],
  rank,
  top3: [],
  ac1: rank === 1,
  ac3: rank !== null && rank <= 3,
  rcEntity: { precision: f1, recall: f1, f1 },
  outcome: rank === 1 ? 'confident' : 'no_confident_root_cause',
  confidence: rank === 1 ? 0.9 : 0.3,
  stated: rank === 1 ? 0.9 : 0.3,
  rulesFired: [],
});

const base = [result('tt', 'a', 'dev', 1), result('tt', 'b', 'dev', 2, 0), result('tt', 'c', 'val', 1), result('ob', 'd', 'val', 5, 0)];

describe('report', () => {
  it('gives each system its dev, val and whole figures, and leaves out systems not run', () => {
    const r = report(base);
    expect(r.tt?.dev).toMatchObject({ n: 2, ac1: 0.5, ac3: 1, hits1: 1, hits3: 2, f1: 0.5 });
    expect(r.tt?.val).toMatchObject({ n: 1, ac1: 1 });
    expect(r.tt?.all).toMatchObject({ n: 3, ac1: 0.6667 });
    expect(r.ob?.dev).toMatchObject({ n: 0, ac1: 0 });
    expect(r.ob?.val).toMatchObject({ n: 1, ac1: 0, ac3: 0 });
    expect(report(base.slice(0, 3)).ob).toBeUndefined();
    expect(figureRows(r).map((row) => row.slice(0, 4))).toContainEqual(['TrainTicket', 'dev', '2', '50.0 % (1/2)']);
  });
});

describe('ablationRow', () => {
  it('is the AC@1 change per system and part, with the cases whose rank moved', () => {
    const without = [result('tt', 'a', 'dev', 3), result('tt', 'b', 'dev', 1), result('tt', 'c', 'val', null), result('ob', 'd', 'val', 5)];
    const row = ablationRow('own_errors', base, without);
    expect(row.delta).toEqual({ tt: { dev: 0, val: -1 }, ob: { dev: 0, val: 0 } });
    expect(row.changed).toEqual(['tt/a: 1→3', 'tt/b: 2→1', 'tt/c: 1→-']);
    expect(ablationRows([row])[0]?.slice(0, 5)).toEqual(['own_errors', '0', '−100.0', '0', '0']);
    // A system not run (the lab here) has no cells.
    expect(ABLATION_HEADER.slice(5, 7)).toEqual(['Lab dev', 'Lab val']);
    expect(ablationRows([row])[0]?.slice(5, 7)).toEqual(['—', '—']);
  });
});
