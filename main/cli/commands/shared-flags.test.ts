import { describe, expect, it } from 'vitest';
import { policySpecFrom } from './shared-flags.js';

describe('--policy llm with --hypotheses', () => {
  const flags = { policy: 'llm', baseUrl: 'http://127.0.0.1:11434/v1', model: 'm' };

  it('asks the model for hypotheses only when the layer is on (on unless --no-hypotheses)', () => {
    expect(policySpecFrom({ ...flags, hypotheses: true })).toMatchObject({ kind: 'llm', hypotheses: true });
    expect(policySpecFrom(flags)).toMatchObject({ kind: 'llm', hypotheses: true });
    expect(policySpecFrom({ ...flags, hypotheses: false })).not.toHaveProperty('hypotheses');
    expect(policySpecFrom({ policy: 'heuristic', hypotheses: true })).toEqual({ kind: 'heuristic' });
  });
});
