import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { llmOptionsFor } from '../../policies/create-policy.js';
import { addLlmOptions, llmSpecFrom } from './llm-flags.js';
import { LlmOptionsError } from '../../policies/llm/index.js';

function parse(args: string[]): Record<string, unknown> {
  const cmd = addLlmOptions(new Command('investigate').exitOverride());
  cmd.parse(args, { from: 'user' });
  return cmd.opts();
}

describe('LLM command-line options', () => {
  it('parses the flags into validated options with temperature 0 by default', () => {
    const spec = llmSpecFrom(
      parse(['--base-url', 'http://127.0.0.1:11434/v1', '--model', 'qwen2.5:7b-instruct', '--max-tokens', '512', '--no-cache']),
    );
    expect(llmOptionsFor(spec, { XDG_CACHE_HOME: '/tmp/xdg' })).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b-instruct',
      temperature: 0,
      maxTokens: 512,
      timeoutMs: 60_000,
      apiKey: null,
      useCache: false,
      cacheFile: '/tmp/xdg/eog-workbench/llm-responses.sqlite',
    });
    expect(
      llmOptionsFor(llmSpecFrom(parse(['--base-url', 'http://h/v1', '--model', 'm', '--llm-cache', '/tmp/c.sqlite'])), {}),
    ).toMatchObject({ cacheFile: '/tmp/c.sqlite' });
  });

  it('carries the name of the key variable, never a key', () => {
    const spec = llmSpecFrom(parse(['--base-url', 'https://api.example.com/v1', '--model', 'm', '--api-key-env', 'MY_KEY']));
    expect(spec).toMatchObject({ kind: 'llm', apiKeyEnv: 'MY_KEY' });
    expect(spec).not.toHaveProperty('apiKey');
  });

  it('names the flag to fix', () => {
    expect(() => llmSpecFrom(parse(['--model', 'm']))).toThrow(/--base-url/);
    expect(() => llmSpecFrom(parse(['--base-url', 'http://h/v1']))).toThrow(/--model/);
    expect(() => llmSpecFrom(parse(['--base-url', 'http://h/v1', '--model', 'm', '--max-tokens', 'lots']))).toThrow(/--max-tokens/);
    const fileUrl = llmSpecFrom(parse(['--base-url', 'file:///etc/passwd', '--model', 'm']));
    expect(() => llmOptionsFor(fileUrl, {})).toThrow(LlmOptionsError);
    const hot = llmSpecFrom(parse(['--base-url', 'http://h/v1', '--model', 'm', '--temperature', '5']));
    expect(() => llmOptionsFor(hot, {})).toThrow(/temperature/);
  });
});
