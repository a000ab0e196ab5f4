import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import type { Writable } from 'node:stream';

/** Lines are batched into chunks of about this many characters before they reach the stream. */
const CHUNK_CHARS = 1 << 20;

/**
 * An append-only JSON Lines file, optionally gzip-compressed. Writes are synchronous and
 * batched; `drain()` waits for the stream to catch up, so memory stays bounded by one chunk
 * plus one minute of telemetry however big the bundle grows.
 */
export class JsonlSink {
  private parts: string[] = [];
  private chars = 0;
  private lines = 0;
  private readonly file: WriteStream;
  private readonly head: Writable;

  constructor(path: string, gzip: boolean) {
    this.file = createWriteStream(path);
    if (gzip) {
      const zip: Gzip = createGzip({ level: 6 });
      zip.pipe(this.file);
      this.head = zip;
    } else {
      this.head = this.file;
    }
  }

  get count(): number {
    return this.lines;
  }

  write(record: object): void {
    const line = JSON.stringify(record);
    this.parts.push(line, '\n');
    this.chars += line.length + 1;
    this.lines += 1;
    if (this.chars >= CHUNK_CHARS) this.flush();
  }

  /** Waits until the stream has taken everything written so far. */
  async drain(): Promise<void> {
    this.flush();
    if (this.head.writableNeedDrain) await once(this.head, 'drain');
  }

  async close(): Promise<void> {
    this.flush();
    this.head.end();
    await finished(this.file);
  }

  private flush(): void {
    if (this.parts.length === 0) return;
    this.head.write(this.parts.join(''));
    this.parts = [];
    this.chars = 0;
  }
}
