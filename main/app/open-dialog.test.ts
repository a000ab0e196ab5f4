import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { copySlice, NEZHA_SLICE, removeSliceCopies } from '../convert/nezha/test-fixtures.js';
import { investigateSnapshot } from '../session/index.js';
import { findPackageRoot } from '../platform/index.js';
import { createWorkbench } from './workbench.js';

const root = findPackageRoot(import.meta.url);
const fixture = path.join(root, 'e2e', 'fixtures', 'sample');
/** A real slice of the Nezha dataset: one day, two incidents. */
const nezha = NEZHA_SLICE;
const work = mkdtempSync(path.join(tmpdir(), 'eog-open-dialog-'));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  removeSliceCopies();
});

/** A workbench whose host was given `roots` (`eog serve --allow`). */
function workbench(...roots: string[]) {
  return createWorkbench({
    snapshot: null,
    host: 'web',
    version: '0.0.0-test',
    investigations: {},
    roots,
  });
}

describe('opening a Nezha dataset root', () => {
  it('lists its incidents without naming the injected fault, and opens the one chosen', async () => {
    const wb = workbench(nezha);
    try {
      const probe = await wb.handlers['snapshot.probe']({ path: nezha });
      expect(probe.format).toBe('nezha');
      expect(probe.cases).toHaveLength(2);
      expect(probe.cases[0]).toEqual({ id: '2023-01-30-f01', label: expect.stringMatching(/^2023-01-30 · incident 1 · \d\d:\d\d UTC$/) });
      // Pod names and fault types are the answer; the picker must not give it away.
      expect(JSON.stringify(probe.cases)).not.toMatch(/ts-|cpu|exception|return|delay/i);
      await expect(wb.handlers['snapshot.open']({ path: nezha })).rejects.toMatchObject({ name: 'ChooseNezhaIncidentError' });
      await expect(wb.handlers['snapshot.open']({ path: nezha, case: 'no-such-case' })).rejects.toMatchObject({
        name: 'UnknownNezhaCaseError',
      });
      const summary = await wb.handlers['snapshot.open']({ path: nezha, case: '2023-01-30-f01' });
      expect(summary.sourceKind).toBe('nezha');
      expect(summary.entityCount).toBeGreaterThan(10);
      const converted = wb.current()?.root ?? '';
      expect(path.basename(converted)).toBe('2023-01-30-f01');
      wb.close();
      expect(existsSync(converted)).toBe(false);
    } finally {
      wb.close();
    }
  });
});

describe('opening a Nezha incident the capture has no telemetry for', () => {
  it('says which files are missing instead of opening an empty snapshot', async () => {
    const partial = copySlice();
    rmSync(path.join(partial, 'rca_data', '2023-01-30', 'metric'), { recursive: true });
    for (const minute of ['11_59', '12_00', '12_01'])
      for (const kind of ['log', 'trace']) rmSync(path.join(partial, 'rca_data', '2023-01-30', kind, `${minute}_${kind}.csv.gz`));
    const wb = workbench(partial);
    try {
      await expect(wb.handlers['snapshot.open']({ path: partial, case: '2023-01-30-f02' })).rejects.toMatchObject({
        name: 'IncidentNotRecordedError',
        message: expect.stringContaining('rca_data/2023-01-30/trace/12_00_trace.csv.gz: missing'),
      });
    } finally {
      wb.close();
    }
  });
});

describe('replaying a saved ledger', async () => {
  const ledgerFile = path.join(work, 'sample.ledger');
  const recorded = await investigateSnapshot(fixture, { policy: createHeuristicPolicy(), ledgerFile, settings: { budget: 40 } });

  it('is probed as a ledger; other files are refused with a message that says what to pass', async () => {
    const wb = workbench(work, fixture);
    expect(await wb.handlers['snapshot.probe']({ path: ledgerFile })).toEqual({ format: 'ledger', cases: [] });
    const notLedger = path.join(work, 'notes.txt');
    writeFileSync(notLedger, 'not a ledger');
    await expect(wb.handlers['snapshot.open']({ path: notLedger })).rejects.toMatchObject({ name: 'UnknownSnapshotFileError' });
    wb.close();
  });

  it("refuses a capture's incident time for a ledger, which replays the times it was run with", async () => {
    const wb = workbench(work, fixture);
    try {
      await expect(wb.handlers['snapshot.open']({ path: ledgerFile, incidentTime: '2026-03-01T09:43:00Z' })).rejects.toMatchObject({
        name: 'CaptureTimesNotApplicableError',
        message: expect.stringContaining(`${ledgerFile} is a saved ledger`),
      });
      expect(wb.current()).toBeNull();
    } finally {
      wb.close();
    }
  });

  it('steps through the recording read-only and ends where the investigation ended', async () => {
    const wb = workbench(work, fixture);
    const pushed: string[] = [];
    wb.subscribe((event) => pushed.push(event));
    try {
      const summary = await wb.handlers['snapshot.open']({ path: ledgerFile });
      expect(summary).toMatchObject({ sourceKind: 'ledger', name: 'Replay of sample.ledger' });
      expect(pushed).toEqual(['investigation.changed', 'snapshot.changed']);
      const info = await wb.handlers['app.info']({});
      expect(info.isReplay).toBe(true);
      expect(info.capabilities).toMatchObject({ investigation: true, overrides: false, cancelImport: false });

      const first = await wb.handlers['investigation.state']({});
      expect(first.evaluations).toBe(0);
      expect(first.activeSet.length).toBeGreaterThan(0);
      const stepped = await wb.handlers['investigation.step']({});
      expect(stepped.evaluations).toBe(1);
      const graph = await wb.handlers['graph.get']({});
      expect(graph.nodes.map((n) => n.id)).toContain('shop/Service/frontend');
      expect(graph.edges.some((e) => e.relation === 'calls')).toBe(true);

      const end = await wb.handlers['investigation.run']({});
      expect(end.status).toBe('finished');
      expect(end.frontier).toEqual(recorded.diagnosis.frontier);
      expect(end.evaluations).toBe(recorded.diagnosis.run.steps);
      // At the end of the recording Step stays there; nothing is evaluated.
      expect((await wb.handlers['investigation.step']({})).seq).toBe(end.seq);
      await expect(
        wb.handlers['investigation.override']({ node: 'shop/Service/frontend', label: 'Healthy', note: '' }),
      ).rejects.toMatchObject({
        name: 'ReadOnlyInvestigationError',
      });
      const back = await wb.handlers['investigation.stepBack']({});
      expect(back.evaluations).toBe(end.evaluations - 1);

      const { events } = await wb.handlers['ledger.events']({ afterSeq: -1, limit: 5000 });
      const built = events.find((e) => e.type === 'PacketBuilt');
      if (built?.type !== 'PacketBuilt') throw new Error('the recording has no packet');
      const inspected = await wb.handlers['node.inspect']({ node: built.node });
      expect(inspected.packet?.node).toBe(built.node);
      expect(inspected.history.length).toBeGreaterThan(0);
      const exported = await wb.handlers['export.render']({ format: 'json' });
      expect(JSON.parse(exported.content).frontier).toEqual(recorded.diagnosis.frontier);

      // Opening a snapshot afterwards leaves replay mode.
      await wb.handlers['snapshot.open']({ path: fixture });
      expect((await wb.handlers['app.info']({})).isReplay).toBe(false);
    } finally {
      wb.close();
    }
  });
});
