import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format.js';
import { NEZHA_SLICE } from './nezha/test-fixtures.js';
import { tempDir } from '../platform/testing/temp-dirs.js';
import { writeCaptureFolder } from './capture/testing/capture-folder.js';

describe('detectFormat', () => {
  it('recognises the Nezha dataset root, an ITBench-Lite scenario and a native bundle', () => {
    expect(detectFormat(NEZHA_SLICE)).toBe('nezha');
    expect(detectFormat(join(import.meta.dirname, 'itbench', 'testdata', 'Scenario-1'))).toBe('itbench-lite');
    const native = tempDir('eog-detect-');
    writeFileSync(join(native, 'snapshot.json'), '{}');
    writeFileSync(join(native, 'topology.json'), '{}');
    expect(detectFormat(native)).toBe('native');
  });

  it('returns null for anything else', () => {
    const dir = tempDir('eog-detect-');
    expect(detectFormat(dir)).toBeNull();
    expect(detectFormat(join(dir, 'missing'))).toBeNull();
    mkdirSync(join(dir, 'rca_data', '2023-01-29'), { recursive: true });
    expect(detectFormat(dir)).toBeNull();
    writeFileSync(join(dir, 'rca_data', '2023-01-29', '2023-01-29-fault_list.json'), '{}');
    expect(detectFormat(dir)).toBe('nezha');
  });

  it('recognises a folder of OTLP / Prometheus / kubectl exports, but not a folder of bundles or of other JSON', () => {
    const capture = writeCaptureFolder(tempDir('eog-detect-'));
    expect(detectFormat(capture)).toBe('capture');
    const bundles = tempDir('eog-detect-');
    mkdirSync(join(bundles, 'case-1'));
    writeFileSync(join(bundles, 'case-1', 'snapshot.json'), '{}');
    // A bundle's own files may look like kubectl output; they are not a capture.
    writeFileSync(join(bundles, 'case-1', 'objects.json'), '{"apiVersion": "v1", "kind": "List", "items": []}');
    expect(detectFormat(bundles)).toBeNull();
    const other = tempDir('eog-detect-');
    writeFileSync(join(other, 'notes.json'), '{"events": []}');
    expect(detectFormat(other)).toBeNull();
  });
});
