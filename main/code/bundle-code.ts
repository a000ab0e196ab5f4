import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { CodeMap } from '../../core/snapshot/code.js';

export class CodeMapError extends Error {
  override name = 'CodeMapError';
}

export interface BundleCode {
  map: CodeMap;
  /** Resolves a root of the map: inside the bundle, or an absolute local checkout. */
  resolve(root: string): string;
}

/** The bundle's `code.json`, validated; null when the bundle carries no source (the layer then says "no code"). */
export function readBundleCode(bundleDir: string): BundleCode | null {
  const file = join(bundleDir, 'code.json');
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CodeMapError(`${file}: not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const parsed = CodeMap.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CodeMapError(`${file}: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  return { map: parsed.data, resolve: (root) => (isAbsolute(root) ? root : join(bundleDir, root)) };
}
