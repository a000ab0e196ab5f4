import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InvestigationSettings } from '../../core/ipc/index.js';
import { useFakeOpenAI } from '../policies/llm/testing/harness.js';
import type { FakeOpenAI } from '../policies/llm/testing/fake-openai.js';
import { findPackageRoot } from '../platform/index.js';
import { createWorkbench, type InvestigationHosting } from './workbench.js';

const sample = path.join(findPackageRoot(import.meta.url), 'resources', 'sample');
const work = mkdtempSync(path.join(tmpdir(), 'eog-app-llm-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let runs = 0;
const serve = useFakeOpenAI();
const SECRET = 'sk-app-test-never-write-me-down';

/** Investigates the sample with the LLM policy through the app's channels; returns what the server saw. */
async function investigateInApp(hosting: InvestigationHosting, fake: FakeOpenAI) {
  // A response cache of its own, so every run asks the server.
  const env = { XDG_CACHE_HOME: path.join(work, `cache-${++runs}`), ...hosting.env };
  const workbench = createWorkbench({ snapshot: sample, host: 'web', version: 't', investigations: { ...hosting, env } });
  try {
    const llm = { baseUrl: fake.url, model: 'fake-model' };
    await workbench.handlers['investigation.start']({ settings: InvestigationSettings.parse({ policy: 'llm', budget: 30 }), llm });
    await workbench.handlers['investigation.run']({});
    await workbench.settled();
    const state = await workbench.handlers['investigation.state']({});
    const diagnosis = await workbench.handlers['diagnosis.get']({});
    const exported = await workbench.handlers['export.render']({ format: 'json' });
    return { state, diagnosis, exported, authorizations: fake.requests.map((r) => r.headers.authorization) };
  } finally {
    workbench.close();
  }
}

describe('the LLM policy in the app (web host and Electron share this workbench)', () => {
  it('reads the key from EOG_LLM_API_KEY when the host names no variable, and not from OPENAI_API_KEY', async () => {
    const fake = await serve('good');
    const run = await investigateInApp({ env: { EOG_LLM_API_KEY: SECRET, OPENAI_API_KEY: 'sk-openai' } }, fake);
    expect(run.state).toMatchObject({ status: 'finished', lastError: null });
    expect(run.authorizations.length).toBeGreaterThan(0);
    for (const header of run.authorizations) expect(header).toBe(`Bearer ${SECRET}`);
    expect(JSON.stringify(run.state) + run.exported.content).not.toContain(SECRET);

    const other = await serve('good');
    await investigateInApp({ env: { OPENAI_API_KEY: 'sk-openai' } }, other);
    expect(other.requests.length).toBeGreaterThan(0);
    // No key at all: the client sends its placeholder, never the OpenAI key.
    for (const request of other.requests) expect(request.headers.authorization ?? '').not.toContain('sk-openai');
  }, 120_000);

  it('reads the variable the host was started with (--api-key-env), and refuses it when empty', async () => {
    const fake = await serve('good');
    const run = await investigateInApp({ apiKeyEnv: 'MY_KEY', env: { MY_KEY: SECRET, EOG_LLM_API_KEY: 'sk-default' } }, fake);
    for (const header of run.authorizations) expect(header).toBe(`Bearer ${SECRET}`);

    const workbench = createWorkbench({ snapshot: sample, host: 'web', version: 't', investigations: { apiKeyEnv: 'MY_KEY', env: {} } });
    try {
      const start = workbench.handlers['investigation.start']({
        settings: InvestigationSettings.parse({ policy: 'llm' }),
        llm: { baseUrl: fake.url, model: 'm' },
      });
      await expect(start).rejects.toThrow(/--api-key-env names MY_KEY, but that environment variable is empty/);
    } finally {
      workbench.close();
    }
  }, 120_000);

  it('runs the finalize phase once finished: the model writes the prose, the decisions stay as computed', async () => {
    const fake = await serve('good');
    const run = await investigateInApp({ env: {} }, fake);
    const schemas = fake.requests.map((r) => r.body?.response_format?.json_schema?.name);
    expect(schemas[0]).toBe('bootstrap_choice');
    expect(schemas.at(-1)).toBe('report_prose');
    expect(run.diagnosis.frontier).toEqual(run.state.frontier);
    expect(run.diagnosis.outcome).toBe(run.state.outcome);
    expect(run.diagnosis.model_prose).toMatchObject({ written_by: 'model', model: 'fake-model', note: null });
    expect(JSON.parse(run.exported.content)).toEqual(run.diagnosis);
  }, 120_000);
});
