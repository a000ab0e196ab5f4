import { describe, expect, it } from 'vitest';
import { renderUiFigures, UiBenchShapeError } from './ui.js';

describe('renderUiFigures', () => {
  it('passes markdown through', () => {
    expect(renderUiFigures('  | a |\n')).toBe('| a |');
  });
  it('tabulates flat records with the union of their keys', () => {
    expect(
      renderUiFigures([
        { nodes: 1000, ms: 12.345 },
        { nodes: 10000, frame: 3 },
      ]),
    ).toBe('| nodes | ms | frame |\n| --- | --- | --- |\n| 1000 | 12.35 |  |\n| 10000 |  | 3 |');
  });
  it('unwraps { rows } and prefers the module’s own table for them', () => {
    const figures = { rows: [{ nodes: 1000 }] };
    expect(renderUiFigures(figures)).toBe('| nodes |\n| --- |\n| 1000 |');
    expect(renderUiFigures(figures, (rows) => `own table of ${rows.length}`)).toBe('own table of 1');
  });
  it('refuses figures it cannot show', () => {
    expect(() => renderUiFigures(42)).toThrow(UiBenchShapeError);
    expect(() => renderUiFigures({ rows: [] })).toThrow(UiBenchShapeError);
  });
});
