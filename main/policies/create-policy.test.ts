import { describe, expect, it } from 'vitest';
import { apiKeyFrom, createPolicy, DEFAULT_API_KEY_ENV, llmOptionsFor, type LlmPolicySpec } from './create-policy.js';
import { describeLlmOptions } from './llm/index.js';

const spec: LlmPolicySpec = { kind: 'llm', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', cacheFile: null };

describe('the API key rule (docs/llm.md, "Hosted endpoints and the API key")', () => {
  it('reads the named variable, and only that one', () => {
    const env = { MY_KEY: ' sk-named ', [DEFAULT_API_KEY_ENV]: 'sk-default', OPENAI_API_KEY: 'sk-openai' };
    expect(apiKeyFrom('MY_KEY', env)).toBe('sk-named');
    expect(llmOptionsFor({ ...spec, apiKeyEnv: 'MY_KEY' }, env).apiKey).toBe('sk-named');
  });

  it('refuses a named variable that is empty or unset, naming it', () => {
    expect(() => apiKeyFrom('NOPE', { [DEFAULT_API_KEY_ENV]: 'sk-default' })).toThrow(/NOPE.*empty/);
    expect(() => apiKeyFrom('BLANK', { BLANK: '  ' })).toThrow(/BLANK.*empty/);
  });

  it('falls back to EOG_LLM_API_KEY when no variable is named, and never reads OPENAI_API_KEY by itself', () => {
    expect(DEFAULT_API_KEY_ENV).toBe('EOG_LLM_API_KEY');
    expect(apiKeyFrom(null, { EOG_LLM_API_KEY: 'sk-default', OPENAI_API_KEY: 'sk-openai' })).toBe('sk-default');
    expect(apiKeyFrom(undefined, { OPENAI_API_KEY: 'sk-openai' })).toBeNull();
    expect(apiKeyFrom('', { EOG_LLM_API_KEY: ' ' })).toBeNull();
  });

  it('makes the policy with the key and describes it without the key', () => {
    const handle = createPolicy({ ...spec, apiKeyEnv: 'MY_KEY' }, { MY_KEY: 'sk-secret' });
    try {
      expect(handle.policy.name).toBe('llm');
      expect(handle.description).toMatchObject({ hasApiKey: true, model: 'm' });
      expect(JSON.stringify(handle.description)).not.toContain('sk-secret');
      expect(JSON.stringify(describeLlmOptions(llmOptionsFor(spec, { EOG_LLM_API_KEY: 'sk-secret' })))).not.toContain('sk-secret');
    } finally {
      handle.close();
    }
  });

  it('makes the heuristic without reading the environment', () => {
    const handle = createPolicy({ kind: 'heuristic' }, {});
    expect(handle.policy.name).toBe('heuristic');
    expect(handle.description).toBeNull();
  });
});
