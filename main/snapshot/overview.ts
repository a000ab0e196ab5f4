import { existsSync, statSync } from 'node:fs';
import type { Topology } from '../../core/model/topology.js';
import type { SnapshotManifest } from '../../core/snapshot/schema.js';
import { openBundle } from './bundle.js';
import { SnapshotNotFoundError, type ImportWarning } from './errors.js';
import { readLinesSync } from './lines-sync.js';
import { manifestTimes, type ManifestTimes } from './manifest.js';
import { parseRecordLine } from './records.js';
import { checkTopologyIds, undeclaredEntity, undeclaredEntityMessage } from './topology.js';

export interface OverviewAlert {
  name: string;
  entity: string;
  severity: string;
  startsAt: number;
  endsAt: number | null;
  summary: string | null;
}

/** What opening a bundle in the app shows before anything is imported. */
export interface BundleOverview {
  /** Real path of the bundle folder. */
  root: string;
  manifest: SnapshotManifest;
  times: ManifestTimes;
  /** topology.json plus the entities only alerts or edges name (created from their ids). */
  topology: Topology;
  alerts: OverviewAlert[];
  warnings: ImportWarning[];
}

/**
 * Reads a bundle's manifest, topology and alerts with the importer's own validation
 * (openBundle, manifestTimes, parseRecordLine): a bundle the app opens is one `eog import`
 * accepts, and a bad one fails with the same error naming file:line and field.
 */
export function readBundleOverview(dir: string): BundleOverview {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new SnapshotNotFoundError(dir);
  const bundle = openBundle(dir);
  const rel = bundle.topology.rel;
  const topology = { entities: [...bundle.topology.value.entities], edges: bundle.topology.value.edges };
  checkTopologyIds(topology, rel);
  const times = manifestTimes(bundle.manifest.value);
  const known = new Set(topology.entities.map((e) => e.id));
  const warnings: ImportWarning[] = [];
  const declare = (id: string, file: string, line: number | null, field: string): void => {
    if (known.has(id)) return;
    const entity = undeclaredEntity(id, file, line, field);
    topology.entities.push(entity);
    known.add(id);
    warnings.push({ file, line, message: undeclaredEntityMessage(id, entity.kind) });
  };
  topology.edges.forEach((e, i) => {
    declare(e.source, rel, null, `edges.${i}.source`);
    declare(e.target, rel, null, `edges.${i}.target`);
  });
  const alerts: OverviewAlert[] = [];
  const alertFile = bundle.records.find((r) => r.kind === 'alerts');
  if (alertFile) {
    readLinesSync(alertFile, (text, line) => {
      // The row layout is the alerts table's (main/store/schema.ts): entity, startsAt, endsAt, name, severity, summary.
      const [entity, startsAt, endsAt, name, severity, summary] = parseRecordLine('alerts', text, alertFile.rel, line);
      declare(entity, alertFile.rel, line, 'entity');
      alerts.push({
        name: String(name),
        entity,
        severity: String(severity),
        startsAt,
        endsAt: typeof endsAt === 'number' ? endsAt : null,
        summary: typeof summary === 'string' ? summary : null,
      });
    });
  }
  return { root: bundle.root, manifest: bundle.manifest.value, times, topology, alerts, warnings };
}
