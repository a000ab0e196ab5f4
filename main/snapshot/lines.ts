import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BundleFormatError, LineTooLongError } from './errors.js';

/** One record may not exceed this: a 50 MB line is refused before it is buffered whole. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

export interface LineFile {
  /** Absolute path on disk. */
  path: string;
  /** Path relative to the bundle root, used in messages and provenance. */
  rel: string;
  gzip: boolean;
}

export interface StreamResult {
  /** sha256 of the file bytes as stored (compressed for .gz). */
  sha256: string;
  /** Number of lines seen, blank ones included, so line numbers match an editor's. */
  lines: number;
  bytes: number;
}

/**
 * Called synchronously for every non-blank line. Returning `false` stops reading early (the
 * result then describes only what was read); throwing aborts the stream.
 */
export type LineHandler = (text: string, line: number) => boolean | void;

export interface StreamOptions {
  maxLineBytes?: number;
  /** Called after each chunk with the bytes read so far (for progress). */
  onBytes?: (bytes: number) => void;
}

/**
 * Streams a (possibly gzipped) line file chunk by chunk, never holding more than one chunk
 * plus one capped line, and checks that every line is valid UTF-8.
 *
 * Every stream has one consumer, and the file's bytes are hashed by that consumer as it reads
 * them: the loop itself for a plain file; for a gzipped one, the tap between the file and the
 * decompressor (the loop reads the decompressor). A second 'data' listener on the file stream
 * (as this once had) keeps receiving a chunk already in flight after an early stop, when the
 * hash is finished: an error thrown in a listener, outside every request, that ended the host.
 */
export async function streamLines(file: LineFile, onLine: LineHandler, options: StreamOptions = {}): Promise<StreamResult> {
  const max = options.maxLineBytes ?? MAX_LINE_BYTES;
  const raw = createReadStream(file.path, { highWaterMark: 1 << 20 });
  const tap = new HashTap();
  // After an early stop the pipeline is torn down with a chunk maybe still in flight; what the
  // tap says then is about a read already finished (its errors reach the loop through the pipeline).
  tap.on('error', () => undefined);
  let input: Readable = raw;
  let piped: Promise<void> | null = null;
  if (file.gzip) {
    const gunzip = createGunzip();
    input = gunzip;
    // The pipeline owns the errors of all three: the first one destroys the others and ends the loop.
    piped = pipeline(raw, tap, gunzip);
    piped.catch(() => undefined);
  }
  const splitter = new LineSplitter(file.rel, max, onLine);
  try {
    for await (const chunk of input) {
      const bytes = chunk as Buffer;
      if (!file.gzip) tap.count(bytes);
      splitter.push(bytes);
      if (splitter.isStopped) break;
      options.onBytes?.(tap.bytes);
    }
    if (piped !== null && !splitter.isStopped) await piped;
  } catch (error) {
    if (error instanceof BundleFormatError) throw error;
    throw wrapStreamError(file, splitter.lineNo + 1, error);
  } finally {
    raw.destroy();
    input.destroy();
  }
  if (!splitter.isStopped) splitter.end();
  return { sha256: tap.digest(), lines: splitter.lineNo, bytes: tap.bytes };
}

/** Hashes and counts the bytes that pass through it; once digested, it takes no more. */
class HashTap extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');
  private digested: string | null = null;

  count(chunk: Buffer): void {
    if (this.digested !== null) return;
    this.hash.update(chunk);
    this.bytes += chunk.length;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.count(chunk);
    done(null, chunk);
  }

  digest(): string {
    this.digested ??= this.hash.digest('hex');
    return this.digested;
  }
}

function wrapStreamError(file: LineFile, line: number, error: unknown): Error {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('Z_')) {
    const detail = error instanceof Error ? error.message : String(error);
    return new BundleFormatError(file.rel, line, null, `gzip data is truncated or corrupt (${detail}); re-create the file`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Splits byte chunks into lines; a partial line is kept as a list of parts, never re-copied per chunk. */
class LineSplitter {
  lineNo = 0;
  isStopped = false;
  private carry: Buffer[] = [];
  private carryBytes = 0;

  constructor(
    private readonly rel: string,
    private readonly max: number,
    private readonly onLine: LineHandler,
  ) {}

  push(chunk: Buffer): void {
    if (this.isStopped) return;
    let start = 0;
    let nl = chunk.indexOf(10);
    if (nl >= 0 && this.carryBytes > 0) {
      this.checkLength(this.carryBytes + nl);
      this.carry.push(chunk.subarray(0, nl));
      const line = Buffer.concat(this.carry);
      this.carry = [];
      this.carryBytes = 0;
      this.emit(line, 0, line.length);
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    if (nl >= 0) {
      const last = chunk.lastIndexOf(10);
      // One native UTF-8 check per chunk; only on failure do we look for the bad line.
      if (isUtf8(chunk.subarray(start, last))) {
        this.emitDecoded(chunk.toString('utf8', start, last));
        if (this.isStopped) return;
        start = last + 1;
      } else {
        while (nl >= 0) {
          if (this.isStopped) return;
          this.checkLength(nl - start);
          this.emit(chunk, start, nl);
          start = nl + 1;
          nl = chunk.indexOf(10, start);
        }
      }
    }
    if (start < chunk.length) {
      this.checkLength(this.carryBytes + chunk.length - start);
      this.carry.push(chunk.subarray(start));
      this.carryBytes += chunk.length - start;
    }
  }

  end(): void {
    if (this.carryBytes === 0) return;
    const line = Buffer.concat(this.carry);
    this.carry = [];
    this.carryBytes = 0;
    this.emit(line, 0, line.length);
  }

  private checkLength(length: number): void {
    if (length > this.max) throw new LineTooLongError(this.rel, this.lineNo + 1, this.max);
  }

  /**
   * Emits the lines of a decoded run of whole lines: one decode per chunk and a slice per
   * line cost far less than a native decode per line. A line of `n` characters has between
   * `n` and `3n` UTF-8 bytes, so only long lines need their bytes counted against the cap.
   */
  private emitDecoded(text: string): void {
    let start = 0;
    for (;;) {
      if (this.isStopped) return;
      const nl = text.indexOf('\n', start);
      let end = nl < 0 ? text.length : nl;
      if (end - start > this.max / 3) this.checkLength(Buffer.byteLength(text.slice(start, end)));
      this.lineNo++;
      if (end > start && text.charCodeAt(end - 1) === 13) end--;
      const from = this.lineNo === 1 && text.charCodeAt(start) === 0xfeff ? start + 1 : start;
      if (end > from && this.onLine(text.slice(from, end), this.lineNo) === false) this.isStopped = true;
      if (nl < 0) return;
      start = nl + 1;
    }
  }

  /** Emits one line of bytes, checking it is UTF-8 (lines that span chunks, or a chunk that failed). */
  private emit(buf: Buffer, start: number, end: number): void {
    this.lineNo++;
    if (end > start && buf[end - 1] === 13) end--;
    if (this.lineNo === 1 && buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf) start += 3;
    if (end <= start) return;
    if (!isUtf8(buf.subarray(start, end))) {
      throw new BundleFormatError(this.rel, this.lineNo, null, 'line is not valid UTF-8; re-encode the file as UTF-8');
    }
    if (this.onLine(buf.toString('utf8', start, end), this.lineNo) === false) this.isStopped = true;
  }
}
