import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { BundleFormatError, LineTooLongError } from './errors.js';
import { streamLines } from './lines.js';

const dirs: string[] = [];
function tempFile(name: string, content: Buffer | string): string {
  const dir = mkdtempSync(join(tmpdir(), 'eog-lines-'));
  dirs.push(dir);
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function collect(path: string, rel: string, gzip = false, maxLineBytes?: number): Promise<[number, string][]> {
  const out: [number, string][] = [];
  await streamLines({ path, rel, gzip }, (text, line) => void out.push([line, text]), maxLineBytes ? { maxLineBytes } : {});
  return out;
}

describe('streamLines', () => {
  it('stops early on many concurrent readers of one file, plain and gzipped, and the process lives', async () => {
    // Several 1 MiB chunks of lines whose bytes do not compress away, so chunks are still in flight when readers stop.
    const lines = Array.from({ length: 60_000 }, (_, i) => `${i} ${(i * 2_654_435_761).toString(36).repeat(8)}`).join('\n');
    const plain = tempFile('spans.jsonl', lines);
    const gz = tempFile('spans.jsonl.gz', gzipSync(lines));
    const read = (path: string, gzip: boolean, stopAt: number): Promise<number> =>
      streamLines({ path, rel: 'spans.jsonl', gzip }, (_text, line) => line < stopAt).then((r) => r.lines);
    const runs = Array.from({ length: 200 }, (_, i) => read(i % 2 ? gz : plain, i % 2 === 1, 1 + (i % 7) * 5_000));
    const seen = await Promise.all(runs);
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => 1 + (i % 7) * 5_000));
    // Whole reads still hash the stored bytes.
    const whole = await streamLines({ path: gz, rel: 'spans.jsonl.gz', gzip: true }, () => undefined);
    expect(whole.sha256).toBe(createHash('sha256').update(readFileSync(gz)).digest('hex'));
    expect(whole.lines).toBe(60_000);
  });

  it('numbers lines like an editor: blank lines counted, CRLF and BOM stripped', async () => {
    const path = tempFile('a.jsonl', '\ufeffone\r\n\ntwo\nthree');
    expect(await collect(path, 'a.jsonl')).toEqual([
      [1, 'one'],
      [3, 'two'],
      [4, 'three'],
    ]);
  });

  it('reassembles multi-byte lines split across 1 MiB chunks', async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `${i} ÿ€😀 ${'x'.repeat(i % 97)}`);
    const path = tempFile('b.jsonl', lines.join('\n') + '\n');
    const got = await collect(path, 'b.jsonl');
    expect(got.length).toBe(lines.length);
    const { createHash } = await import('node:crypto');
    const result = await streamLines({ path, rel: 'b.jsonl', gzip: false }, () => undefined);
    expect(result.sha256).toBe(createHash('sha256').update(readFileSync(path)).digest('hex'));
    expect(got.every(([n, text]) => text === lines[n - 1])).toBe(true);
  });

  it('reads gzip and hashes the stored (compressed) bytes', async () => {
    const gz = gzipSync('a\nb\n');
    const path = tempFile('c.jsonl.gz', gz);
    const result = await streamLines({ path, rel: 'c.jsonl.gz', gzip: true }, () => undefined);
    expect(result.lines).toBe(2);
    const { createHash } = await import('node:crypto');
    expect(result.sha256).toBe(createHash('sha256').update(gz).digest('hex'));
  });

  it('names file and line for truncated gzip', async () => {
    const gz = gzipSync(Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n'));
    const path = tempFile('d.jsonl.gz', gz.subarray(0, gz.length - 20));
    await expect(collect(path, 'd.jsonl.gz', true)).rejects.toThrow(/^d\.jsonl\.gz:\d+: gzip data is truncated or corrupt/);
  });

  it('refuses a line over the cap without buffering it', async () => {
    const path = tempFile('e.jsonl', `ok\n${'y'.repeat(5000)}\n`);
    const err = await collect(path, 'e.jsonl', false, 1000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LineTooLongError);
    expect((err as LineTooLongError).line).toBe(2);
  });

  it('counts bytes, not characters, against the cap', async () => {
    const path = tempFile('g.jsonl', `ok\n${'€'.repeat(300)}\n${'€'.repeat(400)}\n`);
    const err = await collect(path, 'g.jsonl', false, 1000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LineTooLongError);
    expect((err as LineTooLongError).line).toBe(3);
  });

  it('names the line with bytes that are not UTF-8', async () => {
    const path = tempFile('f.jsonl', Buffer.concat([Buffer.from('fine\nbad '), Buffer.from([0xff, 0xfe]), Buffer.from('\nfine\n')]));
    const err = await collect(path, 'f.jsonl').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BundleFormatError);
    expect((err as Error).message).toBe('f.jsonl:2: line is not valid UTF-8; re-encode the file as UTF-8');
  });
});
