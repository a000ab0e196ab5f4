import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportProgress } from '../../core/ipc/index.js';
import { convertItbenchLite, detectFormat } from '../convert/index.js';
import { SnapshotNotFoundError } from './errors.js';

export class ChooseNezhaIncidentError extends Error {
  override name = 'ChooseNezhaIncidentError';
  constructor(dir: string) {
    super(`${dir} is a Nezha dataset with many incidents: convert it first (eog convert nezha ${dir} --out <dir>) and open one of the bundles.`);
  }
}

export interface ResolvedSnapshot {
  /** A native bundle folder. */
  dir: string;
  /** Deletes the converted copy, if one was made. */
  release(): void;
}

/**
 * Turns what the user pointed at into a native bundle: a bundle as is, an ITBench-Lite
 * scenario converted into a private temporary folder (kept while it is open: the inspector
 * reads raw lines from it).
 */
export async function resolveSnapshotDir(input: string, onProgress: (p: ImportProgress) => void): Promise<ResolvedSnapshot> {
  const dir = path.resolve(input);
  const format = detectFormat(dir);
  switch (format) {
    case 'native':
      return { dir, release: () => undefined };
    case 'itbench-lite': {
      const started = Date.now();
      onProgress({ phase: 'records', file: 'converting ITBench-Lite scenario', rows: 0, elapsedMs: 0, error: null });
      const out = mkdtempSync(path.join(tmpdir(), 'eog-open-'));
      const release = () => rmSync(out, { recursive: true, force: true });
      try {
        const { bundle } = await convertItbenchLite(dir, out);
        onProgress({ phase: 'done', file: null, rows: 0, elapsedMs: Date.now() - started, error: null });
        return { dir: bundle, release };
      } catch (error) {
        release();
        onProgress({ phase: 'failed', file: null, rows: 0, elapsedMs: Date.now() - started, error: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    }
    case 'nezha':
      throw new ChooseNezhaIncidentError(dir);
    case null:
      throw new SnapshotNotFoundError(dir);
  }
}
