import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InvestigationSettings } from '../../core/ipc/index.js';
import { findPackageRoot } from '../platform/index.js';
import { openEvidenceStore } from '../store/index.js';
import { createWorkbench } from './workbench.js';

const sample = path.join(findPackageRoot(import.meta.url), 'resources', 'sample');
const work = mkdtempSync(path.join(tmpdir(), 'eog-app-store-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function investigate(store: string | undefined) {
  const workbench = createWorkbench({ snapshot: sample, host: 'web', version: 't', investigations: {}, roots: [work] });
  try {
    await workbench.handlers['investigation.start']({ settings: InvestigationSettings.parse({}), ...(store ? { store } : {}) });
    await workbench.handlers['investigation.run']({});
    await workbench.settled();
    const d = await workbench.handlers['diagnosis.get']({});
    return { frontier: d.frontier, outcome: d.outcome, propagations: d.propagations };
  } finally {
    workbench.close();
  }
}

describe("the app's evidence store setting", () => {
  it('imports into the store a Start names, keeps it after close, and diagnoses as the default store does', async () => {
    const file = path.join(work, 'chosen.sqlite');
    const chosen = await investigate(`sqlite:${file}`);
    expect(existsSync(file)).toBe(true);
    const kept = await openEvidenceStore({ kind: 'sqlite', file });
    expect(kept.topology().entities.length).toBeGreaterThan(0);
    kept.close();
    expect(chosen).toEqual(await investigate(undefined));
  }, 120_000);

  it('refuses a store URL with a password in it', async () => {
    await expect(investigate('clickhouse://u:secret@127.0.0.1:8123/db')).rejects.toThrow(/must not hold a password/);
  });
});
