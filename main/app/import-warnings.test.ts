import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient, dispatch, type ImportProgress, type Transport } from '../../core/ipc/index.js';
import { UNKNOWN_CALLEE_STATUS, writeCaptureFolder } from '../convert/capture/testing/capture-folder.js';
import { createWorkbench } from './workbench.js';

describe('the import warnings in the app', () => {
  it('come with the finished import: a callee name no entity has, from a converted capture', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'eog-import-warnings-'));
    const workbench = createWorkbench({ snapshot: null, host: 'web', version: 't', investigations: {}, roots: [parent] });
    try {
      const capture = writeCaptureFolder(path.join(parent, 'capture'), { hostile: true });
      const transport: Transport = { invoke: (c, i) => dispatch(workbench.handlers, c, i), on: () => () => {} };
      const client = createClient(transport);
      const progress: ImportProgress[] = [];
      workbench.subscribe((event, payload) => {
        if (event === 'import.progress') progress.push(payload as ImportProgress);
      });
      await client.invoke('snapshot.open', { path: capture });
      await client.invoke('investigation.start', { settings: { budget: 5 } });
      const done = progress.at(-1);
      expect(done?.phase).toBe('done');
      expect(done?.warnings).toContain(
        `spans.jsonl.gz: error statuses of shop/Pod/frontend-7d8bb-rnvjn name "ledger-gateway" (3 in the window, e.g. ${JSON.stringify(UNKNOWN_CALLEE_STATUS)}), which no topology entity is called: those errors are attributed to no callee`,
      );
    } finally {
      workbench.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
