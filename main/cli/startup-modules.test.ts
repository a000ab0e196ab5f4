import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** The CLI split as scripts/build-main.ts splits it (dist/main), built in memory with its import graph. */
async function splitCli(): Promise<Metafile> {
  const result = await build({
    entryPoints: { cli: path.join(repoRoot, 'main', 'cli', 'main.ts') },
    bundle: true,
    platform: 'node',
    target: 'node20',
    packages: 'external',
    format: 'esm',
    splitting: true,
    outdir: path.join(repoRoot, 'dist', 'startup-modules-test'),
    chunkNames: 'chunk-[hash]',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

/** The output file that holds a source module. */
function outputOf(meta: Metafile, source: string): string {
  const found = Object.entries(meta.outputs).find(([, o]) => Object.keys(o.inputs).some((i) => i.endsWith(source)));
  if (!found) throw new Error(`no output holds ${source}`);
  return found[0];
}

/** Every module loaded before any code of `output` runs: its static imports, transitively (packages by name). */
function loadedWith(meta: Metafile, output: string): Set<string> {
  const seen = new Set<string>([output]);
  const todo = [output];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    for (const i of meta.outputs[next]?.imports ?? []) {
      if (i.kind !== 'import-statement' || seen.has(i.path)) continue;
      seen.add(i.path);
      if (!i.external) todo.push(i.path);
    }
  }
  return seen;
}

describe('what the CLI loads at start', () => {
  it('loads openai only when an LLM request is made, not for investigate or bench with the heuristic', async () => {
    const meta = await splitCli();
    for (const command of ['investigate.ts', 'bench.ts', 'import.ts']) {
      const loaded = loadedWith(meta, outputOf(meta, path.join('main', 'cli', 'commands', command)));
      // The graph is real: the store (and for investigate and bench the policy factory) comes with the command.
      const sources = [...loaded].flatMap((o) => Object.keys(meta.outputs[o]?.inputs ?? {}));
      expect(sources.some((s) => s.endsWith(path.join('main', 'store', 'store.ts')))).toBe(true);
      if (command !== 'import.ts') expect(sources.some((s) => s.endsWith('create-policy.ts'))).toBe(true);
      expect(loaded.has('openai'), `${command} loads openai at start`).toBe(false);
    }
    // The transport does reach openai, by a dynamic import (the first request).
    const transport = meta.outputs[outputOf(meta, path.join('main', 'policies', 'llm', 'transport.ts'))];
    expect(transport?.imports).toContainEqual(expect.objectContaining({ path: 'openai', kind: 'dynamic-import', external: true }));
  }, 60_000);
});
