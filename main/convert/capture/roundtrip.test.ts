import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SnapshotManifest } from '../../../core/snapshot/schema.js';
import { generateIncident } from '../../generate/index.js';
import { investigateSnapshot } from '../../session/investigate-snapshot.js';
import { convertCapture } from './convert.js';
import { readBundleStrict } from '../test-helpers.js';
import { exportCapture } from './testing/export-capture.js';

const root = mkdtempSync(join(tmpdir(), 'eog-roundtrip-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function diagnose(dir: string): Promise<{ frontier: string[]; outcome: string; propagations: unknown[] }> {
  const { diagnosis } = await investigateSnapshot(dir, { policy: { kind: 'heuristic' } });
  return { frontier: diagnosis.frontier, outcome: diagnosis.outcome, propagations: diagnosis.propagations };
}

describe('round trip: generated incident → OTLP + Prometheus + kubectl → bundle', () => {
  // A change (kubectl dumps), a saturation (Prometheus metrics) and a dependency only traces show.
  it.each(['config_change', 'resource_saturation', 'hidden_dependency'] as const)(
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
      expect(converted.counts).toEqual({ ...native.records, entities: readBundleStrict(native.dir).topology.entities.length });
      expect(converted.warnings).toEqual([]);
      // The same entities and structure; call edges come from the baseline's spans, so a call the
      // native topology leaves out but the baseline traces show is there too.
      const [nativeTopology, convertedTopology] = [readBundleStrict(native.dir).topology, readBundleStrict(converted.bundle).topology];
      expect(convertedTopology.entities.map((e) => e.id)).toEqual(nativeTopology.entities.map((e) => e.id));
      const edgeText = (t: typeof nativeTopology): string[] => t.edges.map((e) => `${e.source} ${e.relation} ${e.target}`);
      expect(edgeText(convertedTopology)).toEqual(expect.arrayContaining(edgeText(nativeTopology)));
      expect(
        edgeText(convertedTopology)
          .filter((e) => !edgeText(nativeTopology).includes(e))
          .every((e) => e.includes(' calls ')),
      ).toBe(true);
      const [a, b] = [await diagnose(native.dir), await diagnose(converted.bundle)];
      expect(a.frontier.length).toBeGreaterThan(0);
      expect(b).toEqual(a);
    },
    120_000,
  );
});
