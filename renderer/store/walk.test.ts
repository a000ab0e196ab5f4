import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { nodeBeside, walkNodes } from './walk.js';

const step = (seq: number, node: string, evaluation: number): LedgerEvent => ({ seq, type: 'StepStarted', node, evaluation });

describe('the walk the keys move through', () => {
  const ledger: LedgerEvent[] = [step(1, 'a', 1), { seq: 2, type: 'Paused' }, step(3, 'b', 2), step(4, 'a', 3), step(5, 'c', 4)];

  it('lists each evaluated node once, in first-visit order, up to the viewed position', () => {
    expect(walkNodes(ledger, 5)).toEqual(['a', 'b', 'c']);
    expect(walkNodes(ledger, 3)).toEqual(['a', 'b']);
    expect(walkNodes(ledger, 0)).toEqual([]);
  });

  it('moves to the next or previous node, stops at the ends, and enters from outside at an end', () => {
    const walk = ['a', 'b', 'c'];
    expect(nodeBeside(walk, 'a', 1)).toBe('b');
    expect(nodeBeside(walk, 'b', -1)).toBe('a');
    expect(nodeBeside(walk, 'c', 1)).toBe('c');
    expect(nodeBeside(walk, 'a', -1)).toBe('a');
    expect(nodeBeside(walk, null, 1)).toBe('a');
    expect(nodeBeside(walk, 'elsewhere', -1)).toBe('c');
    expect(nodeBeside([], 'a', 1)).toBeNull();
  });
});
