import { describe, expect, it } from 'vitest';
import { SignalInputError } from '../errors.js';
import { compareTemplateCounts } from './compare.js';
import { TemplateCountTable } from './counts.js';
import { TemplateMiner } from './drain.js';

const MIN = 60_000;

function setup(lines: { entity: string; line: string; period: 'window' | 'baseline'; severity?: string; times?: number }[]) {
  const miner = new TemplateMiner();
  const table = new TemplateCountTable();
  for (const l of lines) {
    for (let i = 0; i < (l.times ?? 1); i++) table.add(l.entity, miner.add(l.line), l.period, l.severity);
  }
  return { miner, table };
}

describe('compareTemplateCounts', () => {
  const { miner, table } = setup([
    { entity: 'shop/Pod/cart', line: 'GET /cart 200 in 5ms', period: 'baseline', times: 600 },
    { entity: 'shop/Pod/cart', line: 'GET /cart 200 in 5ms', period: 'window', times: 100 },
    { entity: 'shop/Pod/cart', line: 'redis connection refused to 10.0.0.3:6379', period: 'window', times: 4 },
    { entity: 'shop/Pod/cart', line: 'flushed session cache for 12 users', period: 'baseline', times: 60 },
    { entity: 'shop/Pod/cart', line: 'checkout retry scheduled in 3s', period: 'window', times: 12, severity: 'INFO' },
    { entity: 'shop/Pod/cart', line: 'coupon applied to basket', period: 'window', times: 1, severity: 'INFO' },
    { entity: 'shop/Pod/web', line: 'GET /cart 200 in 5ms', period: 'baseline', times: 60 },
    { entity: 'shop/Pod/web', line: 'GET /cart 200 in 5ms', period: 'window', times: 90 },
    { entity: 'shop/Pod/web', line: 'handled request id 7', period: 'window', times: 3, severity: 'ERROR' },
    { entity: 'shop/Pod/web', line: 'handled request id 7', period: 'baseline', times: 18, severity: 'ERROR' },
  ]);
  const result = compareTemplateCounts(table.rows(), miner, { windowMs: 10 * MIN, baselineMs: 60 * MIN }, { normaliseVolume: false });
  const find = (entity: string, text: string) => {
    const r = result.find((c) => c.entity === `shop/Pod/${entity}` && c.detail.template.startsWith(text));
    if (!r) throw new Error(`no comparison for ${entity} ${text}`);
    return r;
  };

  it('ranks a new error template first and flags it', () => {
    const refused = find('cart', 'redis');
    expect(result[0]).toBe(refused);
    expect(refused.detail).toMatchObject({ isNew: true, isError: true, isGone: false, windowCount: 4, baselineCount: 0, rateRatio: null });
    expect(refused.isNotable).toBe(true);
  });

  it('flags a code path that stopped running as gone', () => {
    const flushed = find('cart', 'flushed');
    expect(flushed.detail).toMatchObject({ isGone: true, windowCount: 0, baselineCount: 60 });
    expect(flushed.direction).toBe('down');
    expect(flushed.isNotable).toBe(true);
  });

  it('does not take one line of a rarely used code path for news', () => {
    const once = find('cart', 'coupon');
    expect(once.detail.isNew).toBe(true);
    expect(once.isNotable).toBe(false);
    expect(once.score).toBeLessThan(find('cart', 'flushed').score);
  });

  it('does not make a steady template notable and reports the per-minute rate ratio', () => {
    const steady = find('cart', 'GET');
    expect(steady.detail.rateRatio).toBeCloseTo(1, 10);
    expect(steady.isNotable).toBe(false);
    expect(steady.score).toBeLessThan(find('cart', 'checkout').score);
  });

  it('lets a big frequency change outrank a steady error but not a new template', () => {
    const burst = find('web', 'GET'); // 6/min → 9/min over many lines: significant
    const steadyError = find('web', 'handled');
    expect(burst.detail.rateRatio).toBeCloseTo(9, 10);
    expect(burst.isNotable).toBe(true);
    expect(steadyError.detail.isError).toBe(true);
    expect(steadyError.isNotable).toBe(false);
    expect(burst.score).toBeGreaterThan(steadyError.score);
    expect(find('cart', 'checkout').score).toBeGreaterThan(burst.score);
  });

  it("scales expectations by the entity's overall log volume", () => {
    const { miner: m, table: t } = setup([
      { entity: 'e/Pod/a', line: 'GET /orders 200', period: 'baseline', times: 100 },
      { entity: 'e/Pod/a', line: 'GET /orders 200', period: 'window', times: 200 },
      { entity: 'e/Pod/a', line: 'POST /pay 200', period: 'baseline', times: 50 },
      { entity: 'e/Pod/a', line: 'POST /pay 200', period: 'window', times: 100 },
      { entity: 'e/Pod/a', line: 'payment settled for order', period: 'baseline', times: 10 },
    ]);
    const normalised = compareTemplateCounts(t.rows(), m, { windowMs: MIN, baselineMs: MIN });
    const raw = compareTemplateCounts(t.rows(), m, { windowMs: MIN, baselineMs: MIN }, { normaliseVolume: false });
    const of = (rs: typeof raw, text: string) => rs.find((r) => r.detail.template.startsWith(text));
    // Traffic doubled: the busy templates are not news once scaled, the silent one is more so.
    expect(of(raw, 'GET')?.isNotable).toBe(true);
    expect(of(normalised, 'GET')?.isNotable).toBe(false);
    expect(of(normalised, 'GET')?.detail.volumeRatio).toBeCloseTo(2, 5);
    expect(of(normalised, 'payment')?.detail.isGone).toBe(true);
    expect(of(normalised, 'payment')?.surprise).toBeGreaterThan(of(raw, 'payment')?.surprise ?? Infinity);
  });

  it('does not call a rare template gone on a short window', () => {
    const { miner: m, table: t } = setup([{ entity: 'e/Pod/a', line: 'rare maintenance task', period: 'baseline', times: 2 }]);
    const [r] = compareTemplateCounts(t.rows(), m, { windowMs: MIN, baselineMs: 60 * MIN });
    expect(r?.detail.isGone).toBe(false);
  });

  it('without a baseline, nothing is new or gone and only errors rank', () => {
    const r = compareTemplateCounts(table.rows(), miner, { windowMs: 10 * MIN, baselineMs: 0 });
    expect(r.every((c) => !c.detail.isNew && !c.detail.isGone && c.detail.rateRatio === null)).toBe(true);
    expect(r[0]?.detail.isError).toBe(true);
  });

  it('is deterministic and ordered for equal scores', () => {
    const again = compareTemplateCounts(table.rows(), miner, { windowMs: 10 * MIN, baselineMs: 60 * MIN }, { normaliseVolume: false });
    expect(again).toEqual(result);
    expect(compareTemplateCounts([], miner, { windowMs: 1, baselineMs: 1 })).toEqual([]);
  });

  it('rejects impossible durations', () => {
    expect(() => compareTemplateCounts([], miner, { windowMs: 0, baselineMs: 1 })).toThrow(SignalInputError);
    expect(() => compareTemplateCounts([], miner, { windowMs: 1, baselineMs: Number.NaN })).toThrow(SignalInputError);
  });
});
