import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AlertView, SnapshotSummary } from '../../core/ipc/index.js';
import type { Topology } from '../../core/model/index.js';
import type { SnapshotManifest } from '../../core/snapshot/index.js';
import { formatWarning } from '../convert/index.js';
import { formatImportWarning, readBundleOverview } from '../snapshot/index.js';

export interface LoadedSnapshot {
  root: string;
  manifest: SnapshotManifest;
  topology: Topology;
  alerts: AlertView[];
  summary: SnapshotSummary;
}

/** sha256 over the bundle's top-level files (name and bytes, sorted by name). */
function hashBundle(root: string): string {
  const hash = createHash('sha256');
  const names = readdirSync(root)
    .filter((n) => !n.startsWith('.') && statSync(path.join(root, n)).isFile())
    .sort();
  for (const name of names)
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(path.join(root, name)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * Opens a native bundle (design.md §5) for the app: manifest, topology and alerts, validated
 * by main/snapshot exactly as `eog import` validates them.
 */
export function loadSnapshotBundle(dir: string): LoadedSnapshot {
  const overview = readBundleOverview(path.resolve(dir));
  const { manifest, topology, alerts } = overview;
  return {
    root: overview.root,
    manifest,
    topology,
    alerts,
    summary: {
      name: manifest.name,
      description: manifest.description ?? null,
      incidentTime: overview.times.incidentTime,
      sourceKind: manifest.source?.kind ?? null,
      hash: hashBundle(overview.root),
      entityCount: topology.entities.length,
      edgeCount: topology.edges.length,
      alertCount: alerts.length,
      // Gaps the converter found in the capture (snapshot.json), then what opening the bundle found.
      warnings: [...(manifest.warnings ?? []).map((w) => `capture: ${formatWarning(w)}`), ...overview.warnings.map(formatImportWarning)],
    },
  };
}
