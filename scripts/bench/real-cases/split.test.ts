import { describe, expect, it } from 'vitest';
import { buildSplit, partOf, readSplit, splitSystem } from './split.js';

describe('the development/validation split', () => {
  it('puts every third fault in injection order into validation', () => {
    const faults = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((c, i) => ({
      case: c,
      injected: new Date(Date.UTC(2023, 0, 1, 0, 10 - i)).toISOString(),
    }));
    // Injected in reverse name order: the rule follows the times, not the names.
    expect(splitSystem(faults)).toMatchObject({ dev: ['g', 'f', 'd', 'c', 'a'], val: ['e', 'b'] });
  });

  it('split.json is exactly what the rule gives for the faults it lists', () => {
    const file = readSplit();
    expect(file).toEqual(buildSplit({ tt: file.systems.tt.order, ob: file.systems.ob.order }));
  });

  it('split.json holds every published fault once, the case ids in injection order', () => {
    const file = readSplit();
    expect(file.systems.tt.order).toHaveLength(32);
    expect(file.systems.ob.order).toHaveLength(24);
    for (const s of Object.values(file.systems)) {
      const ids = s.order.map((f) => f.case);
      expect(ids).toEqual([...ids].sort());
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(partOf(file, 'tt', '2023-01-30-f02')).toBe('val');
    expect(partOf(file, 'ob', '2022-08-22-f01')).toBe('dev');
    expect(partOf(file, 'ob', 'elsewhere')).toBeNull();
  });
});
