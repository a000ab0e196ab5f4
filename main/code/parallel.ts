import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { extractBlocks, type FileBlocks } from './extract.js';
import type { LanguageRoles } from './languages/index.js';

export interface ParseJob {
  language: string;
  text: string;
}

export type ParseResult = { ok: true; blocks: FileBlocks } | { ok: false; message: string };

/** Below this much source a second thread costs more (its start, its grammars) than it saves. */
const minParallelBytes = 256 * 1024;

/** parse-worker.ts from source, parse-worker.js next to the bundled CLI; null when neither is there (CJS bundle). */
function workerScript(): { url: URL; isSource: boolean } | null {
  const here: string | undefined = import.meta.url;
  if (typeof here !== 'string') return null;
  const isSource = here.endsWith('.ts');
  const url = new URL(isSource ? './parse-worker.ts' : './code-parse-worker.js', here);
  return existsSync(fileURLToPath(url)) ? { url, isSource } : null;
}

function startWorker(script: { url: URL; isSource: boolean }, jobs: ParseJob[]): Worker {
  if (!script.isSource) return new Worker(script.url, { workerData: jobs });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(script.url.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: jobs });
}

async function inThread(files: readonly { language: LanguageRoles; text: string }[]): Promise<ParseResult[]> {
  const results: ParseResult[] = [];
  for (const f of files) {
    try {
      results.push({ ok: true, blocks: await extractBlocks(f.language, f.text) });
    } catch (e) {
      results.push({ ok: false, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return results;
}

function inWorker(script: { url: URL; isSource: boolean }, jobs: ParseJob[]): Promise<ParseResult[]> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(script, jobs);
    worker.once('message', (results: ParseResult[]) => {
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * Parses files into blocks, sharing them out by language between this thread and one worker
 * on machines with two or more cores: each grammar then warms up in one thread only.
 */
export async function extractAll(
  files: readonly { language: LanguageRoles; text: string }[],
  options: { minParallelBytes?: number } = {},
): Promise<ParseResult[]> {
  const bytes = files.reduce((n, f) => n + f.text.length, 0);
  const script = workerScript();
  if (bytes < (options.minParallelBytes ?? minParallelBytes) || availableParallelism() < 2 || script === null) return inThread(files);
  const byLanguage = new Map<string, number>();
  for (const f of files) byLanguage.set(f.language.name, (byLanguage.get(f.language.name) ?? 0) + f.text.length);
  const away = new Set<string>();
  let here = 0;
  let there = 0;
  for (const [name, size] of [...byLanguage].sort((a, b) => b[1] - a[1]))
    if (there < here) {
      away.add(name);
      there += size;
    } else here += size;
  const mine = files.map((f, i) => ({ f, i })).filter(({ f }) => !away.has(f.language.name));
  const theirs = files.map((f, i) => ({ f, i })).filter(({ f }) => away.has(f.language.name));
  const [a, b] = await Promise.all([
    inThread(mine.map(({ f }) => f)),
    theirs.length === 0
      ? Promise.resolve([])
      : inWorker(
          script,
          theirs.map(({ f }) => ({ language: f.language.name, text: f.text })),
        ),
  ]);
  const results: ParseResult[] = new Array<ParseResult>(files.length);
  mine.forEach(({ i }, k) => (results[i] = a[k] as ParseResult));
  theirs.forEach(({ i }, k) => (results[i] = b[k] as ParseResult));
  return results;
}
