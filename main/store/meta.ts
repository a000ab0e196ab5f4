import { createHash } from 'node:crypto';
import { SnapshotManifest } from '../../core/snapshot/schema.js';
import type { Db } from '../db/open.js';
import type { WindowInfo } from './window.js';

/**
 * The snapshot hash identifies the evidence an investigation saw: the sha256 of the sorted
 * "path<TAB>sha256" lines of every imported file. ground_truth.yaml is not imported and so
 * does not change it.
 */
export function snapshotHashOf(files: readonly { rel: string; sha256: string }[]): string {
  const lines = files.map((f) => `${f.rel}\t${f.sha256}\n`).sort();
  return createHash('sha256').update(lines.join('')).digest('hex');
}

export interface StoreMeta {
  manifest: SnapshotManifest;
  snapshotHash: string;
  window: WindowInfo;
  /** Where the bundle was imported from, for showing raw lines in the inspector. */
  bundleRoot: string;
  manifestFileId: number;
}

export function writeMeta(db: Db, meta: StoreMeta): void {
  const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  put.run('manifest', JSON.stringify(meta.manifest));
  put.run('snapshot_hash', meta.snapshotHash);
  put.run('window', JSON.stringify(meta.window));
  put.run('bundle_root', meta.bundleRoot);
  put.run('manifest_file_id', String(meta.manifestFileId));
}

export class StoreMetaError extends Error {
  override name = 'StoreMetaError';
  constructor(file: string, key: string) {
    super(`${file}: meta "${key}" is missing; the store is incomplete, re-run "eog import"`);
  }
}

export function readMeta(db: Db, file: string): StoreMeta {
  const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
  const map = new Map(rows.map((r) => [r.key, r.value]));
  const need = (key: string): string => {
    const value = map.get(key);
    if (value === undefined) throw new StoreMetaError(file, key);
    return value;
  };
  return {
    manifest: SnapshotManifest.parse(JSON.parse(need('manifest'))),
    snapshotHash: need('snapshot_hash'),
    window: JSON.parse(need('window')) as WindowInfo,
    bundleRoot: need('bundle_root'),
    manifestFileId: Number(need('manifest_file_id')),
  };
}
