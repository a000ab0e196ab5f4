import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveInside } from '../snapshot/bundle.js';
import { streamLines } from '../snapshot/lines.js';

export interface RawLine {
  file: string;
  line: number;
  text: string;
}

/** The bundle an item came from is no longer where it was imported from. */
export class SourceUnavailableError extends Error {
  override name = 'SourceUnavailableError';
  constructor(file: string, root: string) {
    super(`${file} is not available under ${root}; the raw lines are read from the imported bundle, so keep it in place or re-import`);
  }
}

/** Requests for one file's lines, waiting for the scan that serves them all. */
interface FileQueue {
  rel: string;
  requests: { want: readonly number[]; resolve: (lines: RawLine[]) => void; reject: (error: unknown) => void }[];
}

/** Files with requests waiting for their next scan, by resolved path. */
const queued = new Map<string, FileQueue>();

/**
 * Reads the given 1-based lines of a bundle file, stopping as soon as the last one is read,
 * so the inspector does not scan a large file to its end. Requests for one file made in the
 * same turn of the event loop (an inspector's items, a burst of inspectors) share one scan: a
 * gzipped file is decompressed from its start for every scan, so forty items of one packet, or a
 * hundred clicks at once, cost one pass instead of one each.
 */
export function readRawLines(root: string, rel: string, wanted: readonly number[]): Promise<RawLine[]> {
  if (wanted.length === 0) return Promise.resolve([]);
  if (!existsSync(join(root, rel))) return Promise.reject(new SourceUnavailableError(rel, root));
  let path: string;
  try {
    path = resolveInside(root, rel);
  } catch (error) {
    return Promise.reject(error);
  }
  let queue = queued.get(path);
  if (!queue) {
    queue = { rel, requests: [] };
    queued.set(path, queue);
    setImmediate(() => void scan(path));
  }
  const requests = queue.requests;
  return new Promise((resolve, reject) => requests.push({ want: wanted, resolve, reject }));
}

async function scan(path: string): Promise<void> {
  const queue = queued.get(path);
  queued.delete(path);
  if (!queue) return;
  const want = new Set(queue.requests.flatMap((r) => r.want));
  const last = Math.max(...want);
  const text = new Map<number, string>();
  try {
    await streamLines({ path, rel: queue.rel, gzip: queue.rel.endsWith('.gz') }, (line, n) => {
      if (want.has(n)) text.set(n, line);
      return n < last;
    });
  } catch (error) {
    for (const r of queue.requests) r.reject(error);
    return;
  }
  for (const r of queue.requests) {
    const lines = [...new Set(r.want)]
      .sort((a, b) => a - b)
      .flatMap((n) => {
        const t = text.get(n);
        return t === undefined ? [] : [{ file: queue.rel, line: n, text: t }];
      });
    r.resolve(lines);
  }
}
