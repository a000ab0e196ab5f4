import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { convertCapture, expandInputs, sortCaptureFiles } from '../convert/index.js';
import { writeCaptureFolder } from '../convert/capture/testing/capture-folder.js';
import { formatImportWarning } from '../snapshot/index.js';
import { importBundle } from '../store/index.js';
import { investigateSnapshot } from './investigate-snapshot.js';

describe('eog investigate and the import warnings', () => {
  it('hands the finished import’s warnings to the caller (the CLI prints them on stderr)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'eog-investigate-warnings-'));
    try {
      const capture = writeCaptureFolder(path.join(root, 'capture'), { hostile: true });
      const bundle = convertCapture(sortCaptureFiles(expandInputs([capture], 'capture', true)), path.join(root, 'bundle')).bundle;
      const said: string[] = [];
      await investigateSnapshot(bundle, {
        policy: createHeuristicPolicy(),
        settings: { budget: 5 },
        onImportWarnings: (warnings) => said.push(...warnings),
      });
      expect(said.filter(isUnknownCallee)).toHaveLength(1);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('hands them over from a store imported with its signals deferred (eog import): its first reader derives them and says so', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'eog-investigate-warnings-'));
    try {
      const capture = writeCaptureFolder(path.join(root, 'capture'), { hostile: true });
      const bundle = convertCapture(sortCaptureFiles(expandInputs([capture], 'capture', true)), path.join(root, 'bundle')).bundle;
      const store = path.join(root, 'store.sqlite');
      const imported = await importBundle(bundle, store, { signals: 'defer' });
      expect(imported.warnings.filter((w) => isUnknownCallee(formatImportWarning(w)))).toEqual([]);
      const investigate = async (): Promise<string[]> => {
        const said: string[] = [];
        await investigateSnapshot(store, {
          policy: createHeuristicPolicy(),
          settings: { budget: 5 },
          onImportWarnings: (warnings) => said.push(...warnings),
        });
        return said;
      };
      expect((await investigate()).filter(isUnknownCallee)).toHaveLength(1);
      // Said once, by the reader that derived the signals, as an import says it once.
      expect(await investigate()).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

const isUnknownCallee = (warning: string): boolean =>
  warning.startsWith('spans.jsonl.gz: error statuses of shop/Pod/frontend-7d8bb-rnvjn name "ledger-gateway"');
