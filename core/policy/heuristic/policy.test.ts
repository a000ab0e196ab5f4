import { describe, expect, it } from 'vitest';
import type { EvidenceItem } from '../../model/evidence.js';
import { createHeuristicPolicy, UnknownRuleError } from './policy.js';
import { steadyTraceEdge, testPacket } from './test-support.js';

const node = 'shop/Service/db';
const failing = (id: string, caller: string): EvidenceItem => ({
  id,
  entity: node,
  kind: 'span',
  time: 500,
  summary: 'calls fail',
  score: 1,
  detail: steadyTraceEdge(caller, node, { windowErrorRate: 0.3 }),
  provenance: { file: 'spans.jsonl', line: 1, sha256: 'h', extractor: 'raw' },
});
// A node failing the calls of its caller with no other explanation: own_errors makes it an Origin.
const packet = testPacket(node, [failing('e1', 'shop/Service/app')]);

describe('createHeuristicPolicy({ disabledRules })', () => {
  it('evaluates as the documented heuristic without options', async () => {
    const result = await createHeuristicPolicy().evaluate(packet);
    expect(result.output.label).toBe('Origin');
    expect(result.rules).toContain('own_errors');
    const empty = await createHeuristicPolicy({ disabledRules: [] }).evaluate(packet);
    expect(empty.output).toEqual(result.output);
  });

  it('leaves a disabled rule out, as if it were not in the table', async () => {
    const result = await createHeuristicPolicy({ disabledRules: ['own_errors'] }).evaluate(packet);
    expect(result.rules).not.toContain('own_errors');
    expect(result.output.label).not.toBe('Origin');
  });

  it('refuses an id the table does not know, naming it', () => {
    expect(() => createHeuristicPolicy({ disabledRules: ['own_error'] })).toThrow(UnknownRuleError);
    expect(() => createHeuristicPolicy({ disabledRules: ['own_error'] })).toThrow(/"own_error"/);
  });
});
