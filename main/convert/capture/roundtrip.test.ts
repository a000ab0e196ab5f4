import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SnapshotManifest } from '../../../core/snapshot/schema.js';
import { generateIncident } from '../../generate/index.js';
import { investigateSnapshot } from '../../session/investigate-snapshot.js';
import { convertCapture } from './convert.js';
import { exportCapture } from './testing/export-capture.js';

const root = mkdtempSync(join(tmpdir(), 'eog-roundtrip-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function diagnose(dir: string): Promise<{ frontier: string[]; outcome: string; propagations: unknown[] }> {
  const { diagnosis } = await investigateSnapshot(dir, { policy: { kind: 'heuristic' } });
  return { frontier: diagnosis.frontier, outcome: diagnosis.outcome, propagations: diagnosis.propagations };
}

describe('round trip: generated incident → OTLP + Prometheus + kubectl → bundle', () => {
  it.each(['config_change', 'code_error'] as const)(
    '%s diagnoses the same as the native bundle',
    async (fault) => {
      const native = await generateIncident(join(root, `${fault}-native`), { fault, seed: 5, services: 6, gzip: true });
      const capture = exportCapture(native.dir, join(root, `${fault}-capture`));
      const manifest = SnapshotManifest.parse(JSON.parse(readFileSync(join(native.dir, 'snapshot.json'), 'utf8')));
      const converted = convertCapture(capture, join(root, `${fault}-converted`), {
        incidentTime: String(manifest.incidentTime),
        ...(manifest.window ? { window: { start: String(manifest.window.start), end: String(manifest.window.end) } } : {}),
        ...(manifest.baseline ? { baseline: { start: String(manifest.baseline.start), end: String(manifest.baseline.end) } } : {}),
      });
      expect(converted.counts).toMatchObject({ ...native.records, entities: native.entities + 0 });
      const [a, b] = [await diagnose(native.dir), await diagnose(converted.bundle)];
      expect(a.frontier.length).toBeGreaterThan(0);
      expect(b).toEqual(a);
    },
    120_000,
  );
});
