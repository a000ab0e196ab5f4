import { describe, expect, it } from 'vitest';
import { ActiveSet } from './active-set.js';

describe('ActiveSet', () => {
  it('is a FIFO without duplicates where a re-activated node keeps its place', () => {
    const set = new ActiveSet();
    expect(set.push('a')).toBe(true);
    expect(set.push('b')).toBe(true);
    expect(set.push('a')).toBe(false);
    expect(set.toArray()).toEqual(['a', 'b']);
    expect(set.peek()).toBe('a');
  });

  it('removes from anywhere and requeues at the back', () => {
    const set = new ActiveSet();
    for (const n of ['a', 'b', 'c']) set.push(n);
    set.remove('b');
    set.remove('a');
    set.push('a');
    expect(set.toArray()).toEqual(['c', 'a']);
    expect(set.size).toBe(2);
    expect(set.peek()).toBe('c');
    expect(set.remove('zzz')).toBe(false);
  });

  it('stays consistent through compaction on long runs', () => {
    const set = new ActiveSet();
    for (let i = 0; i < 5000; i++) set.push(`n${i}`);
    for (let i = 0; i < 4000; i++) set.remove(`n${i}`);
    set.push('n0');
    expect(set.size).toBe(1001);
    expect(set.peek()).toBe('n4000');
    expect(set.toArray().at(-1)).toBe('n0');
    expect(set.toArray()).toHaveLength(1001);
  });
});
