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
    expect(file).toEqual(buildSplit({ tt: file.systems.tt.order, ob: file.systems.ob.order, lab: file.systems.lab.order }));
  });

  it("split.json's lab part is the rule over the lab's ten incidents by their truth.json start, not by their names", () => {
    const lab = readSplit().systems.lab;
    expect(lab.order).toHaveLength(10);
    expect(new Set(lab.order.map((f) => f.case)).size).toBe(10);
    // Recorded out of name order (lab-01 and lab-08 ran last): the order follows the times.
    const times = lab.order.map((f) => Date.parse(f.injected));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(lab.order.map((f) => f.case)).not.toEqual(lab.order.map((f) => f.case).sort());
    expect(lab.val).toEqual([lab.order[2]?.case, lab.order[5]?.case, lab.order[8]?.case]);
    expect(lab.dev).toHaveLength(7);
  });

  it('split.json holds every published fault once, the case ids in injection order', () => {
    const file = readSplit();
    expect(file.systems.tt.order).toHaveLength(32);
    expect(file.systems.ob.order).toHaveLength(24);
    // Nezha's case ids (`<day>-fNN`) follow injection time; the lab's names do not.
    for (const s of [file.systems.tt, file.systems.ob]) {
      const ids = s.order.map((f) => f.case);
      expect(ids).toEqual([...ids].sort());
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(partOf(file, 'tt', '2023-01-30-f02')).toBe('val');
    expect(partOf(file, 'ob', '2022-08-22-f01')).toBe('dev');
    expect(partOf(file, 'ob', 'elsewhere')).toBeNull();
  });
});
