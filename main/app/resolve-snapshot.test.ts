import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, type ImportProgress } from '../../core/ipc/index.js';
import { HOSTILE_KIND, writeCaptureFolder } from '../convert/capture/testing/capture-folder.js';
import { findPackageRoot } from '../platform/index.js';
import { READ_KINDS } from '../convert/kubectl/objects.js';
import { resolveSnapshotDir } from './resolve-snapshot.js';
import { createWorkbench } from './workbench.js';

const root = findPackageRoot(import.meta.url);
const bundle = path.join(root, 'e2e', 'fixtures', 'sample');
const scenario = path.join(root, 'main', 'convert', 'itbench', 'testdata', 'Scenario-1');

describe('opening any supported snapshot', () => {
  it('takes a native bundle as it is', async () => {
    const resolved = await resolveSnapshotDir(bundle, () => {});
    expect(resolved.dir).toBe(bundle);
  });

  it('converts an ITBench-Lite scenario into a temporary bundle, reporting progress, and deletes it on release', async () => {
    const progress: ImportProgress[] = [];
    const resolved = await resolveSnapshotDir(scenario, (p) => progress.push(p));
    expect(existsSync(path.join(resolved.dir, 'topology.json'))).toBe(true);
    expect(progress.map((p) => p.phase)).toEqual(['records', 'done']);
    resolved.release();
    expect(existsSync(resolved.dir)).toBe(false);
  });

  it('says what to do with a folder it does not recognise', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'eog-empty-'));
    try {
      await expect(resolveSnapshotDir(empty, () => {})).rejects.toMatchObject({ name: 'SnapshotNotFoundError' });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('opens an ITBench-Lite scenario through snapshot.open and cleans up on close', async () => {
    const workbench = createWorkbench({ snapshot: null, host: 'web', version: '0.0.0-test', roots: [scenario] });
    const summary = await workbench.handlers['snapshot.open']({ path: scenario });
    expect(summary.entityCount).toBeGreaterThan(0);
    const dir = workbench.current()?.root ?? '';
    expect(existsSync(dir)).toBe(true);
    workbench.close();
    expect(existsSync(dir)).toBe(false);
  });

  it('converts a folder of OTLP / Prometheus / kubectl exports into one bundle, its warnings naming file and line', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'eog-capture-'));
    try {
      const capture = writeCaptureFolder(path.join(parent, 'checkout-incident'), { hostile: true });
      const workbench = createWorkbench({ snapshot: null, host: 'web', version: '0.0.0-test', roots: [parent] });
      expect((await workbench.handlers['snapshot.probe']({ path: capture })).format).toBe('capture');
      const summary = await workbench.handlers['snapshot.open']({ path: capture });
      expect(summary).toMatchObject({ name: 'checkout-incident', sourceKind: 'capture' });
      expect(summary.entityCount).toBeGreaterThan(5);
      // Named from the opened folder, with the line of the object; the hostile kind is quoted verbatim (views escape it).
      expect(summary.warnings).toContain(
        `capture: kubectl/custom.json: line 5: kind ${HOSTILE_KIND} is not one the converter reads (${[...READ_KINDS].join(', ')}); skipped`,
      );
      const dir = workbench.current()?.root ?? '';
      expect(dir.startsWith(capture)).toBe(false);
      workbench.close();
      expect(existsSync(dir)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  describe("a capture folder's incident time and window", () => {
    const incidentTime = '2026-03-01T09:43:00Z';
    const window = { start: '2026-03-01T09:00:00Z', end: '2026-03-01T10:00:00Z' };
    let parent = '';
    beforeAll(() => {
      parent = mkdtempSync(path.join(tmpdir(), 'eog-capture-times-'));
    });
    afterAll(() => rmSync(parent, { recursive: true, force: true }));
    const manifestOf = (dir: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(dir, 'snapshot.json'), 'utf8'));

    it('reach the converter, which writes them into the bundle; without them it states none', async () => {
      const capture = writeCaptureFolder(path.join(parent, 'given'));
      const given = await resolveSnapshotDir(capture, () => {}, { incidentTime, window });
      const guessed = await resolveSnapshotDir(capture, () => {});
      try {
        expect(manifestOf(given.dir)).toMatchObject({ incidentTime, window, source: { kind: 'capture' } });
        expect(manifestOf(guessed.dir)).not.toHaveProperty('incidentTime');
        expect(manifestOf(guessed.dir)).not.toHaveProperty('window');
      } finally {
        given.release();
        guessed.release();
      }
    });

    it('come through snapshot.open: the summary states the incident time given', async () => {
      const capture = writeCaptureFolder(path.join(parent, 'opened'));
      const workbench = createWorkbench({ snapshot: null, host: 'web', version: '0.0.0-test', roots: [parent] });
      try {
        const result = await dispatch(workbench.handlers, 'snapshot.open', { path: capture, incidentTime, window });
        expect(result).toMatchObject({ ok: true, value: { sourceKind: 'capture', incidentTime: Date.parse(incidentTime) } });
        expect(manifestOf(workbench.current()?.root ?? '')).toMatchObject({ incidentTime, window });
      } finally {
        workbench.close();
      }
    });

    it('are refused by the contract when malformed, naming the field, before anything is converted', async () => {
      const capture = writeCaptureFolder(path.join(parent, 'malformed'));
      const workbench = createWorkbench({ snapshot: null, host: 'web', version: '0.0.0-test', roots: [parent] });
      try {
        const result = await dispatch(workbench.handlers, 'snapshot.open', { path: capture, incidentTime: '2026-03-01T09:43' });
        expect(result).toMatchObject({
          ok: false,
          error: { name: 'InvalidInputError', message: expect.stringContaining('incidentTime must be an ISO-8601 time with a zone') },
        });
        expect(workbench.current()).toBeNull();
      } finally {
        workbench.close();
      }
    });

    it('are refused for anything but a capture folder, rather than ignored', async () => {
      await expect(resolveSnapshotDir(bundle, () => {}, { incidentTime })).rejects.toMatchObject({
        name: 'CaptureTimesNotApplicableError',
        message: `Incident time and Window apply only to a capture folder (OTLP / Prometheus / kubectl exports) or a ClickHouse database the OpenTelemetry Collector wrote, but ${bundle} is a native bundle (its snapshot.json states its times): leave them out to open it.`,
      });
      await expect(resolveSnapshotDir(scenario, () => {}, { window })).rejects.toMatchObject({ name: 'CaptureTimesNotApplicableError' });
    });
  });
});
