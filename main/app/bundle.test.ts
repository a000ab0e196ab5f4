import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSnapshotBundle } from './bundle.js';
import { findPackageRoot } from '../platform/index.js';

const fixture = path.join(findPackageRoot(import.meta.url), 'e2e', 'fixtures', 'sample');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eog-bundle-'));
  cpSync(fixture, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadSnapshotBundle', () => {
  it('loads manifest, topology and alerts with epoch-ms times', () => {
    const snap = loadSnapshotBundle(dir);
    expect(snap.summary).toMatchObject({ name: 'e2e-shop-config-change', entityCount: 12, alertCount: 2, warnings: [] });
    expect(snap.summary.incidentTime).toBe(Date.parse('2026-03-01T10:04:00Z'));
    expect(snap.alerts[1]).toMatchObject({ entity: 'shop/Service/gateway', startsAt: Date.parse('2026-03-01T10:03:30Z') });
    expect(snap.summary.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes contents: any byte change gives another hash', () => {
    const before = loadSnapshotBundle(dir).summary.hash;
    writeFileSync(path.join(dir, 'alerts.jsonl'), readFileSync(path.join(dir, 'alerts.jsonl'), 'utf8') + '\n');
    expect(loadSnapshotBundle(dir).summary.hash).not.toBe(before);
  });

  it('names the file, line and field of a malformed record', () => {
    writeFileSync(
      path.join(dir, 'alerts.jsonl'),
      '{"name":"A","entity":"shop/Service/frontend","severity":"x","startsAt":"2026-03-01T10:00:00Z"}\n{"name":"B","entity":"shop/Service/frontend"}\n',
    );
    expect(() => loadSnapshotBundle(dir)).toThrow(/alerts\.jsonl:2: .*severity/);
  });

  it('refuses times without a zone', () => {
    writeFileSync(
      path.join(dir, 'alerts.jsonl'),
      '{"name":"A","entity":"shop/Service/frontend","severity":"x","startsAt":"2026-03-01 10:00:00"}\n',
    );
    expect(() => loadSnapshotBundle(dir)).toThrow(/alerts\.jsonl:1: field "startsAt": .*zone/);
  });

  it('creates entities that only alerts name, with a warning', () => {
    writeFileSync(path.join(dir, 'alerts.jsonl'), '{"name":"A","entity":"shop/Service/ghost","severity":"x","startsAt":1}\n');
    const snap = loadSnapshotBundle(dir);
    expect(snap.topology.entities.find((e) => e.id === 'shop/Service/ghost')).toMatchObject({ kind: 'Service', name: 'ghost' });
    expect(snap.summary.warnings).toEqual([expect.stringContaining('shop/Service/ghost')]);
  });

  it('reads gzipped record files', () => {
    const alerts = readFileSync(path.join(dir, 'alerts.jsonl'));
    rmSync(path.join(dir, 'alerts.jsonl'));
    writeFileSync(path.join(dir, 'alerts.jsonl.gz'), gzipSync(alerts));
    expect(loadSnapshotBundle(dir).summary.alertCount).toBe(2);
  });

  it('creates entities that only edges name, as the importer does, and refuses ids that are not ids', () => {
    const topo = JSON.parse(readFileSync(path.join(dir, 'topology.json'), 'utf8')) as { edges: unknown[] };
    topo.edges.push({ source: 'shop/Service/frontend', target: 'shop/Service/nowhere', relation: 'calls' });
    writeFileSync(path.join(dir, 'topology.json'), JSON.stringify(topo));
    expect(loadSnapshotBundle(dir).summary.warnings).toEqual([expect.stringMatching(/^topology\.json: .*shop\/Service\/nowhere/)]);
    topo.edges.push({ source: 'shop/Service/frontend', target: 'nowhere at all', relation: 'calls' });
    writeFileSync(path.join(dir, 'topology.json'), JSON.stringify(topo));
    expect(() => loadSnapshotBundle(dir)).toThrow(/^topology\.json: field "edges\.\d+\.target": "nowhere at all" is not/);
  });

  it('says what to give for a folder that is not there', () => {
    expect(() => loadSnapshotBundle(path.join(dir, 'missing'))).toThrow(expect.objectContaining({ name: 'SnapshotNotFoundError' }));
    expect(() => loadSnapshotBundle(path.join(dir, 'missing'))).toThrow(/No snapshot at .*missing: give a bundle folder/);
  });

  it('shows the gaps the converter wrote into snapshot.json before what opening found', () => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'snapshot.json'), 'utf8')) as Record<string, unknown>;
    const warnings = [{ file: 'trace/2023-01-29', message: 'no baseline traces' }, { message: 'no system marker <b>x</b>' }];
    writeFileSync(path.join(dir, 'snapshot.json'), JSON.stringify({ ...manifest, warnings }));
    const topo = JSON.parse(readFileSync(path.join(dir, 'topology.json'), 'utf8')) as { edges: unknown[] };
    topo.edges.push({ source: 'shop/Service/frontend', target: 'shop/Service/nowhere', relation: 'calls' });
    writeFileSync(path.join(dir, 'topology.json'), JSON.stringify(topo));
    expect(loadSnapshotBundle(dir).summary.warnings).toEqual([
      'capture: trace/2023-01-29: no baseline traces',
      'capture: no system marker <b>x</b>',
      expect.stringMatching(/^topology\.json: .*shop\/Service\/nowhere/),
    ]);
  });
});
