import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIncident } from '../generate/index.js';
import { importBundle, type ImportSummary } from './import.js';
import { SqliteEvidenceStore as EvidenceStore } from './store.js';
import { PLANTED_OPERATIONS, plantedStatementOperations, sampleWithStoppedOperation, STOPPED } from './stopped-operation-test-support.js';

let root: string;
let bundle: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'eog-deferred-'));
  bundle = join(root, 'bundle');
  // Logs, metrics, spans and events over a few services, with an error burst and a failing edge.
  await generateIncident(bundle, { fault: 'code_error', seed: 7, services: 6 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SIGNAL_COLUMNS = 'id, entity, kind, extractor, time, score, summary, detail, file_id, line, sample_lines, hides_line';

function read(file: string, sql: string): unknown[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

const signalsOf = (file: string): unknown[] => read(file, `SELECT ${SIGNAL_COLUMNS} FROM signals ORDER BY id`);
const stateOf = (file: string): unknown[] => read(file, "SELECT value FROM meta WHERE key = 'signals'");

describe('signals deferred to the first reader', () => {
  let now: ImportSummary;
  let deferred: ImportSummary;
  const nowFile = (): string => join(root, 'now.sqlite');
  const deferredFile = (): string => join(root, 'deferred.sqlite');

  beforeAll(async () => {
    now = await importBundle(bundle, nowFile(), { worker: 'never' });
    // The other threading too, so the comparison also covers the part files' merge.
    deferred = await importBundle(bundle, deferredFile(), { worker: 'always', signals: 'defer' });
  });

  it('leaves the signals out of the import and marks them pending', () => {
    expect(now.signals?.log_template).toBeGreaterThan(0);
    expect(deferred.signals).toBeNull();
    expect(deferred.totalRows).toBe(now.totalRows);
    expect(deferred.snapshotHash).toBe(now.snapshotHash);
    expect(signalsOf(deferredFile())).toEqual([]);
    expect(stateOf(deferredFile())).toEqual([{ value: 'pending' }]);
  });

  it('derives on first open exactly the signals an import that derived them stored', () => {
    const store = EvidenceStore.open(deferredFile());
    store.close();
    const expected = signalsOf(nowFile());
    expect(expected.length).toBeGreaterThan(10);
    expect(signalsOf(deferredFile())).toEqual(expected);
    expect(stateOf(deferredFile())).toEqual([{ value: 'derived' }]);
  });

  it('serves the same evidence from both stores, and derives only once', () => {
    const a = EvidenceStore.open(nowFile());
    const b = EvidenceStore.open(deferredFile());
    try {
      for (const entity of a.topology().entities.slice(0, 12)) {
        expect(b.evidenceFor(entity.id, b.window(), { limit: 40 })).toEqual(a.evidenceFor(entity.id, a.window(), { limit: 40 }));
      }
    } finally {
      a.close();
      b.close();
    }
    expect(signalsOf(deferredFile())).toEqual(signalsOf(nowFile()));
  });
});

describe('signals deferred to the first reader, on spans read back from the store', () => {
  it('derive an operation that stops part-way, and the operations of statements that ran less, as the import would', async () => {
    const dir = sampleWithStoppedOperation(join(root, 'stopped'));
    const nowStore = join(root, 'stopped-now.sqlite');
    const deferredStore = join(root, 'stopped-deferred.sqlite');
    await importBundle(dir, nowStore, { worker: 'never' });
    await importBundle(dir, deferredStore, { worker: 'never', signals: 'defer' });
    EvidenceStore.open(deferredStore).close();
    const stopped = read(nowStore, "SELECT detail FROM signals WHERE extractor = 'trace_fanout'") as { detail: string }[];
    expect(stopped.map((r) => JSON.parse(r.detail).stopped?.operation)).toContain(STOPPED.operation);
    // Statements the window shows less of, with the operations they ran in (looked up in the stored spans).
    const templates = read(nowStore, "SELECT detail FROM signals WHERE extractor = 'log_template'") as { detail: string }[];
    expect(plantedStatementOperations(templates.map((r) => r.detail))).toEqual(PLANTED_OPERATIONS);
    expect(signalsOf(deferredStore)).toEqual(signalsOf(nowStore));
  });
});
