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
 * thread meanwhile; no build entry is needed). It hashes the bytes as they are stored (a
 * gzipped file's compressed bytes, as the record reader does) and walks the line breaks of
 * the text; the UTF-8 check is one native call per run of whole lines.
 */
const SCAN_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createReadStream } = require('node:fs');
const { createHash } = require('node:crypto');
const { createGunzip } = require('node:zlib');
const { isUtf8 } = require('node:buffer');
const { path, gzip, maxLine } = workerData;
const hash = createHash('sha256');
// stored: bytes of the file; offset: text read so far; lineStart: offset of the current line; carry: its bytes from earlier chunks.
let stored = 0, offset = 0, lines = 0, lineStart = 0, carry = [], refusal = null, previous = 10;
const refuse = (why) => { if (refusal === null) refusal = why; };
const endLine = (length, endsWithCr) => {
  lines++;
  if (length === 0 || (length === 1 && endsWithCr)) refuse('line ' + lines + ' is blank');
  else if (length > maxLine) refuse('line ' + lines + ' is longer than the record reader allows');
};
function feed(buf) {
  const n = buf.length;
  if (n === 0) return;
  if (offset === 0 && n >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) refuse('it starts with a byte-order mark');
  const first = buf.indexOf(10);
  if (first < 0) {
    carry.push(buf);
  } else {
    // The line that began in an earlier chunk, then the chunk's whole lines: one UTF-8 check each.
    if (!isUtf8(carry.length > 0 ? Buffer.concat([...carry, buf.subarray(0, first)]) : buf.subarray(0, first))) refuse('a line is not valid UTF-8');
    const last = buf.lastIndexOf(10);
    if (last > first && !isUtf8(buf.subarray(first + 1, last))) refuse('a line is not valid UTF-8');
    for (let nl = first; nl >= 0; nl = buf.indexOf(10, nl + 1)) {
      endLine(offset + nl - lineStart, (nl > 0 ? buf[nl - 1] : previous) === 13);
      lineStart = offset + nl + 1;
    }
    carry = last + 1 < n ? [buf.subarray(last + 1)] : [];
  }
  previous = buf[n - 1];
  offset += n;
}
async function scan() {
  const raw = createReadStream(path, { highWaterMark: 1 << 22 });
  raw.on('data', (chunk) => {
    hash.update(chunk);
    stored += chunk.length;
  });
  let input = raw;
  if (gzip) {
    input = createGunzip();
    raw.on('error', (error) => input.destroy(error));
    raw.pipe(input);
  }
  for await (const chunk of input) feed(chunk);
  if (offset > lineStart) {
    if (!isUtf8(Buffer.concat(carry))) refuse('a line is not valid UTF-8');
    endLine(offset - lineStart, false);
  }
  return { sha256: hash.digest('hex'), bytes: stored, lines, refusal };
}
scan().then(
  (result) => parentPort.postMessage(result),
  (error) => parentPort.postMessage({ error: error && error.message ? error.message : String(error) }),
);
`;

/** A scan running in a worker thread; `result` settles once the whole file is read. */
export function startScan(path: string, gzip: boolean, maxLine = MAX_LINE_BYTES): { result: Promise<LineScan> } {
  const worker = new Worker(SCAN_SOURCE, { eval: true, workerData: { path, gzip, maxLine } });
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
