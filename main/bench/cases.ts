import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { convertItbenchLite, convertNezha, detectFormat } from '../convert/index.js';

export class NoCasesError extends Error {
  override name = 'NoCasesError';
  constructor(dir: string) {
    super(`${dir}: no snapshot bundles (folders with snapshot.json) and not a dataset root eog can convert (nezha, itbench-lite)`);
  }
}

export interface BenchCases {
  bundles: string[];
  /** Removes bundles converted on the fly. */
  cleanup(): void;
}

/**
 * The cases of a benchmark: the bundles under `dir`, or — for a dataset root — the bundles
 * converted from it into a temporary folder.
 */
export async function collectCases(dir: string, format: string | undefined, onProgress?: (text: string) => void): Promise<BenchCases> {
  const detected = format ?? detectFormat(dir);
  if (detected === 'native') return { bundles: [dir], cleanup: () => {} };
  if (detected === 'nezha' || detected === 'itbench-lite') {
    const out = mkdtempSync(path.join(tmpdir(), 'eog-bench-'));
    const cleanup = (): void => rmSync(out, { recursive: true, force: true });
    try {
      const bundles =
        detected === 'nezha'
          ? (await convertNezha(dir, out, { onProgress: (p) => onProgress?.(`converting ${p.done}/${p.total}`) })).bundles
          : [(await convertItbenchLite(dir, out)).bundle];
      return { bundles: [...bundles].sort(), cleanup };
    } catch (error) {
      cleanup();
      throw error;
    }
  }
  const bundles = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'snapshot.json')))
    .map((d) => path.join(dir, d.name))
    .sort();
  if (bundles.length === 0) throw new NoCasesError(dir);
  return { bundles, cleanup: () => {} };
}
