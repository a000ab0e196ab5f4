import { Worker } from 'node:worker_threads';
import { MAX_LINE_BYTES } from '../../snapshot/lines.js';

/** What the engine's own read of a record file must agree with (see direct.ts). */
export interface LineScan {
  sha256: string;
  bytes: number;
  /** Lines, as an editor numbers them (a last line without a newline counts). */
  lines: number;
  /**
   * Why the engine may not read this file itself, or null when it may: line numbers must be
   * the engine's row numbers (no blank line, no byte-order mark) and every line must pass the
   * checks the record reader makes before parsing (UTF-8, length cap).
   */
  refusal: string | null;
}

/**
 * The scan, as plain CommonJS run in a worker thread (the engine's INSERT holds the main
 * thread meanwhile; no build entry is needed). It hashes the bytes as they are stored and
 * walks the line breaks; the UTF-8 check is one native call per run of whole lines.
 */
const SCAN_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSync, readSync, closeSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { isUtf8 } = require('node:buffer');
const { path, maxLine } = workerData;
const hash = createHash('sha256');
const fd = openSync(path, 'r');
const chunk = Buffer.allocUnsafe(1 << 22);
// bytes: read so far; lineStart: offset of the current line; carry: its bytes read in earlier chunks.
let bytes = 0, lines = 0, lineStart = 0, carry = [], refusal = null, previous = 10;
const refuse = (why) => { if (refusal === null) refusal = why; };
const endLine = (length, endsWithCr) => {
  lines++;
  if (length === 0 || (length === 1 && endsWithCr)) refuse('line ' + lines + ' is blank');
  else if (length > maxLine) refuse('line ' + lines + ' is longer than the record reader allows');
};
try {
  for (;;) {
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    const buf = chunk.subarray(0, n);
    hash.update(buf);
    if (bytes === 0 && n >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) refuse('it starts with a byte-order mark');
    const first = buf.indexOf(10);
    if (first < 0) {
      carry.push(Buffer.from(buf));
    } else {
      // The line that began in an earlier chunk, then the chunk's whole lines: one UTF-8 check each.
      if (!isUtf8(carry.length > 0 ? Buffer.concat([...carry, buf.subarray(0, first)]) : buf.subarray(0, first))) refuse('a line is not valid UTF-8');
      const last = buf.lastIndexOf(10);
      if (last > first && !isUtf8(buf.subarray(first + 1, last))) refuse('a line is not valid UTF-8');
      for (let nl = first; nl >= 0; nl = buf.indexOf(10, nl + 1)) {
        endLine(bytes + nl - lineStart, (nl > 0 ? buf[nl - 1] : previous) === 13);
        lineStart = bytes + nl + 1;
      }
      carry = last + 1 < n ? [Buffer.from(buf.subarray(last + 1))] : [];
    }
    previous = buf[n - 1];
    bytes += n;
  }
  if (bytes > lineStart) {
    if (!isUtf8(Buffer.concat(carry))) refuse('a line is not valid UTF-8');
    endLine(bytes - lineStart, false);
  }
  parentPort.postMessage({ sha256: hash.digest('hex'), bytes, lines, refusal });
} catch (error) {
  parentPort.postMessage({ error: error && error.message ? error.message : String(error) });
} finally {
  closeSync(fd);
}
`;

/** A scan running in a worker thread; `result` settles once the whole file is read. */
export function startScan(path: string, maxLine = MAX_LINE_BYTES): { result: Promise<LineScan> } {
  const worker = new Worker(SCAN_SOURCE, { eval: true, workerData: { path, maxLine } });
  const result = new Promise<LineScan>((resolve, reject) => {
    worker.once('message', (m: LineScan | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(`reading ${path}: ${m.error}`));
      else resolve(m);
    });
    worker.once('error', reject);
  });
  return { result };
}
