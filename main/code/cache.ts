import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { FileBlocks } from './extract.js';

/** Bump when the extractor's output changes: older entries are then never read. */
export const extractorVersion = 4;

/** Where parsed files are kept: `EOG_CODE_CACHE`, else the user's cache folder. */
export function defaultCacheDir(): string {
  const env = process.env['EOG_CODE_CACHE'];
  if (env !== undefined && env !== '') return env;
  const base = process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache');
  return join(base, 'eog-workbench', 'code');
}

/** The cache key of one file: its language, its bytes and the extractor's version. */
export function contentKey(language: string, text: string): string {
  return createHash('sha256').update(`${extractorVersion}\0${language}\0`).update(text).digest('hex');
}

/**
 * Blocks of files by content hash, on disk. The cache is never authoritative: an entry that
 * cannot be read or parsed is treated as missing and rebuilt.
 */
export class BlockCache {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  get(key: string): FileBlocks | null {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.pathOf(key), 'utf8'));
      return Array.isArray(parsed) ? (parsed as FileBlocks) : null;
    } catch {
      return null;
    }
  }

  set(key: string, blocks: FileBlocks): void {
    try {
      const path = this.pathOf(key);
      mkdirSync(join(this.dir, key.slice(0, 2)), { recursive: true });
      const temp = `${path}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(blocks));
      renameSync(temp, path);
    } catch {
      // A cache that cannot be written only costs a re-parse next time.
    }
  }
}
