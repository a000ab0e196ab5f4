import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli/errors.js';
import { parseCli as parse, readLedger, runCli, sampleBundle, useScratch } from './cli-test-support.js';

const scratch = useScratch();

const SECRET = 'sk-test-never-write-me-down';

/** The URL of a server that has just stopped: connecting to it is refused at once. */
async function deadServerUrl(): Promise<string> {
  const server = await scratch.serve('good');
  await server.close();
  return server.url;
}

describe('eog investigate --policy llm', () => {
  it('refuses incomplete or misplaced LLM flags with a UsageError that names the flag', async () => {
    const noUrl = await parse(['investigate', sampleBundle, '--policy', 'llm', '--model', 'm']);
    expect(noUrl).toBeInstanceOf(UsageError);
    expect(String(noUrl)).toMatch(/--base-url/);
    const noModel = await parse(['investigate', sampleBundle, '--policy', 'llm', '--base-url', 'http://127.0.0.1:11434/v1']);
    expect(noModel).toBeInstanceOf(UsageError);
    expect(String(noModel)).toMatch(/--model/);
    const forgotPolicy = await parse(['investigate', sampleBundle, '--base-url', 'http://127.0.0.1:11434/v1', '--model', 'm']);
    expect(String(forgotPolicy)).toMatch(/--policy llm/);
    expect(await parse(['bench', sampleBundle, '--policy', 'llm', '--base-url', 'http://127.0.0.1:11434/v1'])).toBeInstanceOf(UsageError);
    expect(String(await parse(['investigate', sampleBundle, '--policy', 'oracle']))).toMatch(/heuristic or llm/);
  });

  it('investigates the sample through the real CLI and never writes the API key down', async () => {
    const dir = scratch.dir();
    const fake = await scratch.serve('good');
    const ledger = path.join(dir, 'ledger.sqlite');
    const out = path.join(dir, 'diagnosis.json');
    const args = [
      '--policy',
      'llm',
      '--base-url',
      fake.url,
      '--model',
      'fake-model',
      '--api-key-env',
      'EOG_TEST_KEY',
      // A model with a larger context than the default 4k: packets as large as the heuristic's, so the frontiers compare.
      '--llm-request-cap',
      '6000',
      '--context-tokens',
      '8192',
      '--llm-cache',
      path.join(dir, 'cache.sqlite'),
    ];
    const result = await runCli(['investigate', sampleBundle, '--ledger', ledger, '--out', out, ...args], {
      EOG_TEST_KEY: SECRET,
      TMPDIR: dir,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/llm fake-model at .*: \d+ requests/);

    const text = readFileSync(out, 'utf8');
    const diagnosis = JSON.parse(text) as {
      frontier: string[];
      run: { policy: string; model: string; settings: { llm?: Record<string, unknown> } };
    };
    expect(diagnosis.frontier).toEqual(['shop/Service/frontend']);
    expect(diagnosis.run).toMatchObject({ policy: 'llm', model: 'fake-model' });
    expect(diagnosis.run.settings.llm).toMatchObject({ baseUrl: fake.url, model: 'fake-model', temperature: 0, hasApiKey: true });
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
    for (const written of [
      text,
      readFileSync(ledger).toString('latin1'),
      readFileSync(path.join(dir, 'cache.sqlite')).toString('latin1'),
      result.stdout,
      result.stderr,
    ]) {
      expect(written).not.toContain(SECRET);
    }
  }, 60_000);

  it('reads the key from EOG_LLM_API_KEY when no --api-key-env is given, and never from OPENAI_API_KEY', async () => {
    const dir = scratch.dir();
    const fake = await scratch.serve('good');
    const args = [
      'investigate',
      sampleBundle,
      '--out',
      path.join(dir, 'd.json'),
      '--policy',
      'llm',
      '--base-url',
      fake.url,
      '--model',
      'm',
    ];
    const cacheArgs = ['--llm-cache', path.join(dir, 'cache.sqlite'), '--no-cache'];
    const result = await runCli([...args, ...cacheArgs], { EOG_LLM_API_KEY: SECRET, OPENAI_API_KEY: 'sk-openai', TMPDIR: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(readFileSync(path.join(dir, 'd.json'), 'utf8')).not.toContain(SECRET);
  }, 60_000);

  it("says so and exits non-zero when the server is down, yet writes the heuristic's diagnosis with every fallback in the ledger", async () => {
    const dir = scratch.dir();
    const url = await deadServerUrl();
    const ledger = path.join(dir, 'ledger.sqlite');
    const out = path.join(dir, 'diagnosis.json');
    const result = await runCli(
      [
        'investigate',
        sampleBundle,
        '--ledger',
        ledger,
        '--out',
        out,
        '--policy',
        'llm',
        '--base-url',
        url,
        '--model',
        'm',
        '--llm-retries',
        '0',
        '--llm-request-cap',
        '6000',
        '--context-tokens',
        '8192',
        '--no-cache',
        '--llm-cache',
        path.join(dir, 'cache.sqlite'),
      ],
      { TMPDIR: dir },
    );
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toMatch(/could not be reached for any question/);
    // Three unreachable questions in a row, then the rest of the run does not wait on the endpoint.
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ frontier: ['shop/Service/frontend'], outcome: 'confident' });
    const events = readLedger(ledger);
    const calls = events.flatMap((e) => (e.type === 'PolicyCalled' ? [e] : []));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.error).toContain(url);
    expect(events.filter((e) => e.type === 'PolicyFellBack')).toHaveLength(calls.length);
    expect(events.filter((e) => e.type === 'ModelCalled' && e.outcome === 'unreachable')).toHaveLength(3);
    expect(events.filter((e) => e.type === 'ModelCalled' && e.outcome === 'skipped').length).toBeGreaterThan(0);
  }, 60_000);
});

describe('eog bench --policy llm', () => {
  it('scores the sample with the LLM policy and reports its settings without the key', async () => {
    const dir = scratch.dir();
    const fake = await scratch.serve('good');
    const args = [
      'bench',
      sampleBundle,
      '--json',
      '--policy',
      'llm',
      '--base-url',
      fake.url,
      '--model',
      'fake-model',
      '--api-key-env',
      'EOG_TEST_KEY',
      '--llm-request-cap',
      '6000',
      '--context-tokens',
      '8192',
      '--llm-cache',
      path.join(dir, 'cache.sqlite'),
    ];
    const result = await runCli(args, { EOG_TEST_KEY: SECRET, TMPDIR: dir });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      cases: number;
      llm: Record<string, unknown>;
      rows: Array<{ frontier: string[]; policyCalls: number }>;
    };
    expect(report.cases).toBe(1);
    expect(report.llm).toMatchObject({ model: 'fake-model', hasApiKey: true });
    expect(report.rows[0]?.frontier).toEqual(['shop/Service/frontend']);
    expect(fake.requests.length).toBeGreaterThanOrEqual(report.rows[0]?.policyCalls ?? Infinity);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  }, 60_000);

  it('sends no key it was not given: OPENAI_API_KEY alone is not read, an empty named variable is refused', async () => {
    const dir = scratch.dir();
    const fake = await scratch.serve('good');
    const args = ['bench', sampleBundle, '--json', '--policy', 'llm', '--base-url', fake.url, '--model', 'm'];
    const cacheArgs = ['--llm-cache', path.join(dir, 'cache.sqlite'), '--no-cache'];
    const result = await runCli([...args, ...cacheArgs], { OPENAI_API_KEY: 'sk-openai', EOG_LLM_API_KEY: '', TMPDIR: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ llm: { hasApiKey: false } });
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) expect(request.headers.authorization ?? '').not.toContain('sk-openai');
    const empty = await parse([...args, ...cacheArgs, '--api-key-env', 'EOG_TEST_SURELY_UNSET_KEY']);
    expect(empty).toBeInstanceOf(UsageError);
    expect(String(empty)).toMatch(/EOG_TEST_SURELY_UNSET_KEY.*empty/);
  }, 60_000);
});
