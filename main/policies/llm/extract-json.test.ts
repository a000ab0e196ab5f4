import { describe, expect, it } from 'vitest';
import { extractJsonCandidates, extractJsonObject } from './extract-json.js';

describe('extractJsonObject', () => {
  it('parses a reply that is exactly one object', () => {
    expect(extractJsonObject(' {"a": 1} ')).toEqual({ a: 1 });
  });

  it('finds the object inside code fences and prose', () => {
    expect(extractJsonObject('Here you go:\n```json\n{"label": "Origin", "n": [1, {"x": 2}]}\n```\nDone.')).toEqual({
      label: 'Origin',
      n: [1, { x: 2 }],
    });
  });

  it('is not fooled by braces and quotes inside strings', () => {
    expect(extractJsonObject('note {"summary": "a } b { \\" c", "k": 1} trailing }')).toEqual({ summary: 'a } b { " c', k: 1 });
  });

  it('skips a balanced but invalid candidate and takes the next object', () => {
    expect(extractJsonObject('{not json} then {"ok": true}')).toEqual({ ok: true });
    expect(extractJsonObject('use {braces like this, then {"ok": 1}')).toEqual({ ok: 1 });
  });

  it('returns null for arrays, prose and unterminated objects', () => {
    expect(extractJsonObject('[1, 2]')).toBeNull();
    expect(extractJsonObject('no json here')).toBeNull();
    expect(extractJsonObject('{"label": "Origin", "evidence": [')).toBeNull();
  });

  it('takes the last complete object: a draft inside <think> or an earlier draft loses to the answer', () => {
    expect(extractJsonObject('<think>maybe {"label": "Origin"}</think>\n{"label": "Healthy"}')).toEqual({ label: 'Healthy' });
    expect(extractJsonObject('draft: {"label": "Origin"} final: {"label": "Symptom"}')).toEqual({ label: 'Symptom' });
    // A dangling </think> (the opening tag was in the chat template) and an unclosed <think>.
    expect(extractJsonObject('{"label": "Origin"} hmm</think>{"label": "Defer"}')).toEqual({ label: 'Defer' });
    expect(extractJsonCandidates('<think>{"label": "Origin"} and I was cut')).toEqual([]);
  });

  it('repairs comments and trailing commas, and never an unterminated object', () => {
    expect(extractJsonObject('{"label": "Origin", // the cause\n "evidence": ["a",], /* done */}')).toEqual({
      label: 'Origin',
      evidence: ['a'],
    });
    expect(extractJsonObject("{'label': 'Healthy'}")).toEqual({ label: 'Healthy' });
    expect(extractJsonObject('{"label": "Origin", "evidence": ["a"')).toBeNull();
  });

  it('stays fast on hostile input with many unclosed braces', () => {
    const started = performance.now();
    expect(extractJsonObject('{'.repeat(100_000))).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
