import { afterEach, describe, expect, it, vi } from 'vitest';
import { stderrProgress } from './progress.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('progress while a model request is in flight', () => {
  it('says every few seconds what it is waiting for, and nothing once the answer is in', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const progress = stderrProgress((line) => lines.push(line));
    progress.sink({ phase: 'explore', node: 'shop/Service/a', state: 'sent' });
    vi.advanceTimersByTime(5000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/waiting for the model — 1 request\(s\) in flight \(explore shop\/Service\/a, 5 s\)/);
    progress.sink({ phase: 'explore', node: 'shop/Service/a', state: 'done' });
    vi.advanceTimersByTime(20_000);
    expect(lines).toHaveLength(1);
    progress.stop();
  });
});
