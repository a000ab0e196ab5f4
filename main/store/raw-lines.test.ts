import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertCapture, expandInputs, sortCaptureFiles } from '../convert/index.js';
import { readRawLines } from './raw-lines.js';

const root = mkdtempSync(join(tmpdir(), 'eog-raw-lines-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('cited raw lines', () => {
  // A recorded lab capture (main/convert/capture/testdata), converted: a 2 MB spans.jsonl.gz read
  // in several chunks, as the inspector reads it when a user clicks through nodes.
  const capture = join(import.meta.dirname, '..', 'convert', 'capture', 'testdata', 'lab-02-redis-stop', 'capture');
  const bundle = convertCapture(sortCaptureFiles(expandInputs([capture], 'capture', true)), join(root, 'bundle')).bundle;

  it('answers 400 concurrent reads that each stop early, and the process lives', async () => {
    const files = ['spans.jsonl.gz', 'logs.jsonl.gz', 'metrics.jsonl.gz'];
    const reads = Array.from({ length: 400 }, (_, i) => readRawLines(bundle, files[i % 3]!, [1 + ((i * 7919) % 2000)]));
    const found = await Promise.all(reads);
    expect(found.every((lines, i) => lines.length === 1 && lines[0]?.line === 1 + ((i * 7919) % 2000))).toBe(true);
  });
});
