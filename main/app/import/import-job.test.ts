import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EvidenceStore } from '../../store/index.js';
import { ImportCancelledError, importStoreCancellable } from './import-job.js';

const work = mkdtempSync(path.join(tmpdir(), 'eog-import-job-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A bundle with enough log lines that the import is still running at its first progress report. */
function writeBundle(lines: number): string {
  const dir = path.join(work, `bundle-${lines}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'snapshot.json'),
    JSON.stringify({ format: 'eog-snapshot', version: 1, name: 'cancel', incidentTime: '2026-03-01T10:04:00Z' }),
  );
  writeFileSync(
    path.join(dir, 'topology.json'),
    JSON.stringify({ entities: [{ id: 'shop/Service/a', kind: 'Service', name: 'a', namespace: 'shop' }], edges: [] }),
  );
  const start = Date.parse('2026-03-01T09:30:00Z');
  const body = Array.from({ length: lines }, (_, i) =>
    JSON.stringify({
      time: new Date(start + i * 10).toISOString(),
      entity: 'shop/Service/a',
      severity: i % 7 ? 'INFO' : 'ERROR',
      body: `request ${i % 50} took ${i % 300} ms`,
    }),
  ).join('\n');
  writeFileSync(path.join(dir, 'logs.jsonl'), `${body}\n`);
  return dir;
}

/** A destination that already holds a store (any bytes will do: they must survive untouched). */
function existingStore(name: string): { dest: string; bytes: Buffer } {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  const dest = path.join(dir, 'store.sqlite');
  const bytes = Buffer.from('the previous store, which a cancelled import must not touch');
  writeFileSync(dest, bytes);
  return { dest, bytes };
}

describe.each(['auto', 'in-process'] as const)('cancellable import (%s)', (mode) => {
  const bundle = writeBundle(60_000);

  it('stops when cancelled, leaving an existing store untouched and nothing behind', async () => {
    const { dest, bytes } = existingStore(`cancel-${mode}`);
    const controller = new AbortController();
    const phases: string[] = [];
    const importing = importStoreCancellable(bundle, dest, {
      mode,
      signal: controller.signal,
      // Cancel at the first sign of progress: the import is under way, far from done.
      onProgress: (p) => {
        phases.push(p.phase);
        controller.abort();
      },
    });
    await expect(importing).rejects.toBeInstanceOf(ImportCancelledError);
    expect(phases.length).toBeGreaterThan(0);
    expect(readFileSync(dest)).toEqual(bytes);
    expect(readdirSync(path.dirname(dest))).toEqual(['store.sqlite']);
  });

  it('replaces the destination with the new store when it completes', async () => {
    const { dest } = existingStore(`complete-${mode}`);
    const summary = await importStoreCancellable(bundle, dest, { mode });
    expect(summary.store).toBe(dest);
    expect(summary.totalRows).toBeGreaterThanOrEqual(60_000);
    expect(readdirSync(path.dirname(dest))).toEqual(['store.sqlite']);
    const store = EvidenceStore.open(dest);
    try {
      expect(store.hasEntity('shop/Service/a')).toBe(true);
    } finally {
      store.close();
    }
  });

  it('refuses to start when already cancelled', async () => {
    const { dest, bytes } = existingStore(`early-${mode}`);
    await expect(importStoreCancellable(bundle, dest, { mode, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(ImportCancelledError);
    expect(readFileSync(dest)).toEqual(bytes);
  });
});
