import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { UnrecognisedInputError } from '../errors.js';
import { detectCaptureFormat } from './detect.js';

const convert = join(import.meta.dirname, '..');
const root = mkdtempSync(join(tmpdir(), 'eog-detect-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('detectCaptureFormat', () => {
  it('tells the three formats apart by content', () => {
    expect(detectCaptureFormat(join(convert, 'otlp', 'testdata', 'logs.jsonl'))).toBe('otlp');
    expect(detectCaptureFormat(join(convert, 'prometheus', 'testdata', 'alerts.json'))).toBe('prometheus');
    expect(detectCaptureFormat(join(convert, 'prometheus', 'testdata', 'container_cpu_usage_rate.json'))).toBe('prometheus');
    expect(detectCaptureFormat(join(convert, 'prometheus', 'testdata', 'alertmanager-alerts.json'))).toBe('prometheus');
    expect(detectCaptureFormat(join(convert, 'kubectl', 'testdata', 'events.json'))).toBe('kubectl');
  });

  it('reads gzip, and refuses what is none of them, naming the file', () => {
    const zipped = join(root, 'traces.jsonl.gz');
    writeFileSync(zipped, gzipSync('{"resourceSpans":[]}\n'));
    expect(detectCaptureFormat(zipped)).toBe('otlp');
    const other = join(root, 'ledger.json');
    writeFileSync(other, '{"events": []}');
    expect(() => detectCaptureFormat(other)).toThrow(UnrecognisedInputError);
    expect(() => detectCaptureFormat(other)).toThrow(/ledger\.json is none of the capture formats/);
  });
});
