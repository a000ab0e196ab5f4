import { readFileSync } from 'node:fs';
import { assemblePdg, type CodeBlock, type CodePdg, type CodeWarning } from '../../core/code/index.js';
import { BlockCache, contentKey, defaultCacheDir } from './cache.js';
import { discoverSources, type SourceFile } from './discover.js';
import { extractAll } from './parallel.js';

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
  const listing = files.map((f, i) => `${f.path}\0${keys[i]}`).concat(warnings.map((w) => `${w.file}\0${w.message}`));
  const treeKey = contentKey('tree', listing.join('\n'));
  const memo = built.get(treeKey);
  if (memo !== undefined) return memo;
  const cached = files.map((_, i) => cache?.get(keys[i] as string) ?? null);
  const missing = files.flatMap((f, i) => (cached[i] === null ? [{ i, language: f.language, text: texts[i] as string }] : []));
  const parsed = await extractAll(missing);
  const problems: CodeWarning[] = [...warnings];
  missing.forEach(({ i }, k) => {
    const result = parsed[k];
    if (result?.ok === true) {
      cached[i] = result.blocks;
      cache?.set(keys[i] as string, result.blocks);
    } else problems.push({ file: (files[i] as SourceFile).path, message: `not parsed: ${result?.message ?? 'no result'}` });
  });
  const blocks: CodeBlock[] = [];
  let lines = 0;
  for (const [i, file] of files.entries()) {
    lines += (texts[i] as string).split('\n').length;
    const fileBlocks = cached[i];
    if (fileBlocks === null || fileBlocks === undefined) continue;
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
