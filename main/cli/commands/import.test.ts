import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { T0, writeBundle } from '../../snapshot/testdata/write-bundle.js';
import { UsageError } from '../errors.js';
import { formatSummary, runImport } from './import.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'eog-cli-import-'));
  dirs.push(d);
  return d;
}

describe('eog import', () => {
  it('writes <snapshot>/.eog/store.sqlite by default and prints a summary that escapes hostile text', async () => {
    const bundle = writeBundle({ records: { logs: [{ time: T0, entity: 'shop/Pod/\u001b[2Jevil', body: 'x' }] } }, join(tempDir(), 'b'));
    const summary = await runImport(bundle, {});
    expect(existsSync(join(bundle, '.eog', 'store.sqlite'))).toBe(true);
    const text = formatSummary(summary);
    expect(text).toContain('logs     1');
    expect(text).toContain('shop/Pod/\\u001b[2Jevil');
    expect(text).not.toContain('\u001b');
  });

  it('leaves the signals to the first reader by default and says so; --signals now derives them', async () => {
    const records = {
      events: [{ time: T0, entity: 'shop/Pod/p', type: 'Warning', reason: 'OOMKilling', message: 'Memory cgroup out of memory' }],
    };
    const bundle = writeBundle({ records }, join(tempDir(), 'b'));
    const deferred = await runImport(bundle, { store: join(tempDir(), 'd.sqlite') });
    expect(deferred.signals).toBeNull();
    expect(formatSummary(deferred)).toContain('signals  derived on first use');
    const now = await runImport(bundle, { store: join(tempDir(), 'n.sqlite'), signals: 'now' });
    expect(now.signals?.failure_event).toBe(1);
    expect(formatSummary(now)).toContain('failure_event 1');
    await expect(runImport(bundle, { signals: 'later' })).rejects.toThrow(/--signals later/);
  });

  it('says which files the ClickHouse engine read itself and why it gave one to the record reader, escaped', async () => {
    const bundle = writeBundle({ records: { logs: [{ time: T0, entity: 'shop/Pod/p', body: 'x' }] } }, join(tempDir(), 'b'));
    const summary = await runImport(bundle, { store: join(tempDir(), 's.sqlite') });
    const text = formatSummary({
      ...summary,
      engineReads: [
        { file: 'spans.jsonl', rows: 10, ms: 1500, refused: null },
        { file: 'logs.jsonl', rows: 0, ms: 0, refused: 'logs.jsonl: line 7 is blank\u001b[2J' },
      ],
    });
    expect(text).toContain('spans.jsonl read by the engine itself (1.5 s)');
    expect(text).toContain('logs.jsonl read by the record reader: logs.jsonl: line 7 is blank\\u001b[2J');
    expect(text).not.toContain('\u001b');
  });

  it('refuses a folder that is not a bundle with a usage error', async () => {
    await expect(runImport(tempDir(), {})).rejects.toBeInstanceOf(UsageError);
    const bundle = writeBundle({}, join(tempDir(), 'b'));
    await expect(runImport(bundle, { worker: 'sometimes' })).rejects.toThrow(/--worker sometimes/);
    await expect(runImport(bundle, { engineMemory: 'tiny', store: `chdb:${tempDir()}` })).rejects.toThrow(
      new UsageError('--engine-memory: "tiny" is not an engine memory mode (fast or low)'),
    );
  });
});
