import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EvidenceStore, importBundle, type ImportOptions, type ImportSummary } from '../store/index.js';

export class SnapshotNotFoundError extends Error {
  override name = 'SnapshotNotFoundError';
  constructor(input: string) {
    super(`${input}: no such snapshot; give a bundle folder (with snapshot.json) or an evidence store (.sqlite) made by "eog import"`);
  }
}

export interface OpenedSnapshot {
  store: EvidenceStore;
  /** Set when the input was a bundle imported for this session. */
  imported: ImportSummary | null;
  /** Closes the store and removes a store imported for this session. */
  close(): void;
}

/**
 * Opens what the user pointed at: an evidence store as is, or a native bundle imported into a
 * private temporary store (importing is all-or-nothing, so a failure leaves nothing behind).
 */
export async function openSnapshot(input: string, options: ImportOptions = {}): Promise<OpenedSnapshot> {
  if (!existsSync(input)) throw new SnapshotNotFoundError(input);
  if (statSync(input).isFile()) {
    const store = EvidenceStore.open(input);
    return { store, imported: null, close: () => store.close() };
  }
  if (!existsSync(path.join(input, 'snapshot.json'))) throw new SnapshotNotFoundError(input);
  const dir = mkdtempSync(path.join(tmpdir(), 'eog-store-'));
  try {
    const imported = await importBundle(input, path.join(dir, 'store.sqlite'), options);
    const store = EvidenceStore.open(imported.store);
    return {
      store,
      imported,
      close: () => {
        store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
