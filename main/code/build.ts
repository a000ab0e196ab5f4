import { readFileSync } from 'node:fs';
import { assemblePdg, type CodeBlock, type CodePdg, type CodeWarning } from '../../core/code/index.js';
import { BlockCache, contentKey, defaultCacheDir } from './cache.js';
import { discoverSources } from './discover.js';
import { extractBlocks } from './extract.js';

export interface BuildOptions {
  /** Folder of the content-hash cache; null: no disk cache. Default: `defaultCacheDir()`. */
  cacheDir?: string | null;
}

/** PDGs built in this process, by the hash of every file's path and content. */
const built = new Map<string, CodePdg>();

/**
 * The hammock-block PDG of one service's source tree. Each file is parsed once per content
 * (cached on disk by hash); a file that does not parse, or whose language has no table, is
 * a warning, never fatal.
 */
export async function buildServicePdg(root: string, options: BuildOptions = {}): Promise<CodePdg> {
  const { files, warnings } = discoverSources(root);
  const cacheDir = options.cacheDir === undefined ? defaultCacheDir() : options.cacheDir;
  const cache = cacheDir === null ? null : new BlockCache(cacheDir);
  const texts = files.map((f) => readFileSync(f.absolute, 'utf8'));
  const keys = files.map((f, i) => contentKey(f.language.name, texts[i] as string));
  const treeKey = contentKey('tree', files.map((f, i) => `${f.path}\0${keys[i]}`).join('\n'));
  const memo = built.get(treeKey);
  if (memo !== undefined) return memo;
  const blocks: CodeBlock[] = [];
  const problems: CodeWarning[] = [...warnings];
  let lines = 0;
  for (const [i, file] of files.entries()) {
    const text = texts[i] as string;
    const key = keys[i] as string;
    lines += text.split('\n').length;
    let fileBlocks = cache?.get(key) ?? null;
    if (fileBlocks === null) {
      try {
        fileBlocks = await extractBlocks(file.language, text);
      } catch (e) {
        problems.push({ file: file.path, message: `not parsed: ${e instanceof Error ? e.message : String(e)}` });
        continue;
      }
      cache?.set(key, fileBlocks);
    }
    const offset = blocks.length;
    for (const b of fileBlocks)
      blocks.push({
        ...b,
        id: b.id + offset,
        parent: b.parent === null ? null : b.parent + offset,
        file: file.path,
        language: file.language.name,
      });
  }
  const pdg = assemblePdg(blocks, files.length, lines, problems);
  built.set(treeKey, pdg);
  return pdg;
}
