import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addLlmOptions, llmOptionsFrom } from './cli-options.js';
import { LlmOptionsError } from './errors.js';
import { describeLlmOptions } from './options.js';

function parse(args: string[]): Record<string, unknown> {
  const cmd = addLlmOptions(new Command('investigate').exitOverride());
  cmd.parse(args, { from: 'user' });
  return cmd.opts();
}

describe('LLM command-line options', () => {
  it('parses the flags into validated options with temperature 0 by default', () => {
    const options = llmOptionsFrom(
      parse(['--base-url', 'http://127.0.0.1:11434/v1', '--model', 'qwen2.5:7b-instruct', '--max-tokens', '512', '--no-cache']),
      { XDG_CACHE_HOME: '/tmp/xdg' },
    );
    expect(options).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b-instruct',
      temperature: 0,
      maxTokens: 512,
      timeoutMs: 60_000,
      apiKey: null,
      useCache: false,
      cacheFile: '/tmp/xdg/eog-workbench/llm-responses.sqlite',
    });
  });

  it('reads the key only from the named variable and never describes it', () => {
    const options = llmOptionsFrom(parse(['--base-url', 'https://api.example.com/v1', '--model', 'm', '--api-key-env', 'MY_KEY']), {
      MY_KEY: 'sk-secret',
      OPENAI_API_KEY: 'sk-other',
    });
    expect(options.apiKey).toBe('sk-secret');
    expect(JSON.stringify(describeLlmOptions(options))).not.toContain('sk-secret');
    expect(describeLlmOptions(options).hasApiKey).toBe(true);
    expect(llmOptionsFrom(parse(['--base-url', 'http://h/v1', '--model', 'm']), { OPENAI_API_KEY: 'sk-other' }).apiKey).toBeNull();
  });

  it('names the flag to fix', () => {
    expect(() => llmOptionsFrom(parse(['--model', 'm']), {})).toThrow(/--base-url/);
    expect(() => llmOptionsFrom(parse(['--base-url', 'http://h/v1']), {})).toThrow(/--model/);
    expect(() => llmOptionsFrom(parse(['--base-url', 'http://h/v1', '--model', 'm', '--api-key-env', 'NOPE']), {})).toThrow(/NOPE.*empty/);
    expect(() => llmOptionsFrom(parse(['--base-url', 'http://h/v1', '--model', 'm', '--max-tokens', 'lots']), {})).toThrow(/--max-tokens/);
    expect(() => llmOptionsFrom(parse(['--base-url', 'file:///etc/passwd', '--model', 'm']), {})).toThrow(LlmOptionsError);
    expect(() => llmOptionsFrom(parse(['--base-url', 'http://h/v1', '--model', 'm', '--temperature', '5']), {})).toThrow(/temperature/);
  });
});
