import { parentPort, workerData } from 'node:worker_threads';
import { extractBlocks } from './extract.js';
import { languages } from './languages/index.js';
import type { ParseJob, ParseResult } from './parallel.js';

/** A worker thread of `extractAll`: parses its share of the files and posts their blocks back. */
async function run(jobs: ParseJob[]): Promise<ParseResult[]> {
  const results: ParseResult[] = [];
  for (const job of jobs) {
    const language = languages.find((l) => l.name === job.language);
    try {
      if (language === undefined) throw new Error(`no table for language ${job.language}`);
      results.push({ ok: true, blocks: await extractBlocks(language, job.text) });
    } catch (e) {
      results.push({ ok: false, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return results;
}

void run(workerData as ParseJob[]).then((results) => parentPort?.postMessage(results));
