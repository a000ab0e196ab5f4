import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AlertView, SnapshotSummary } from '../../core/ipc/index.js';
import { Topology, isEntityId, makeEntityId, parseEntityId, type Entity } from '../../core/model/index.js';
import { AlertRecord, SnapshotManifest } from '../../core/snapshot/index.js';
import { SnapshotFormatError, SnapshotNotFoundError } from './errors.js';
import { parseJsonFile, parseJsonLines, readRecordFile, toEpochMs, type FileRead } from './read-json.js';

export interface LoadedSnapshot {
  root: string;
  manifest: SnapshotManifest;
  topology: Topology;
  alerts: AlertView[];
  summary: SnapshotSummary;
}

function readRequired(root: string, name: string): FileRead {
  const file = path.join(root, name);
  if (!existsSync(file)) throw new SnapshotNotFoundError(root);
  return { name, bytes: readFileSync(file) };
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

function readAlerts(root: string): AlertView[] {
  const file = readRecordFile(root, 'alerts');
  if (!file) return [];
  return parseJsonLines(file, AlertRecord).map((a, i) => ({
    name: a.name,
    entity: a.entity,
    severity: a.severity,
    startsAt: toEpochMs(a.startsAt, file.name, i + 1, 'startsAt'),
    endsAt: a.endsAt === undefined ? null : toEpochMs(a.endsAt, file.name, i + 1, 'endsAt'),
    summary: a.summary ?? null,
  }));
}

/**
 * Records may name entities the topology lacks (design.md §5): keep the record, create the
 * entity with the kind taken from its id, and warn.
 */
function addMissingEntities(topology: Topology, ids: readonly string[], warnings: string[]): void {
  const known = new Set(topology.entities.map((e) => e.id));
  for (const id of ids) {
    if (known.has(id)) continue;
    if (!isEntityId(id)) throw new SnapshotFormatError('alerts', null, `entity "${id.slice(0, 80)}" is not an entity id`);
    const { namespace, kind, name } = parseEntityId(id);
    const entity: Entity = { id: makeEntityId(kind, name, namespace), kind, name, namespace, labels: {}, attrs: {} };
    topology.entities.push(entity);
    known.add(id);
    warnings.push(`${id} is not in topology.json; created from its id`);
  }
}

function checkEdges(topology: Topology): void {
  const known = new Set(topology.entities.map((e) => e.id));
  for (const [i, edge] of topology.edges.entries()) {
    for (const end of [edge.source, edge.target]) {
      if (!known.has(end)) throw new SnapshotFormatError('topology.json', null, `edges.${i}: unknown entity "${end.slice(0, 80)}"`);
    }
  }
}

/** Loads a native bundle (design.md §5): manifest, topology and alerts, validated. */
export function loadSnapshotBundle(dir: string): LoadedSnapshot {
  const root = path.resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new SnapshotNotFoundError(root);
  const manifestFile = readRequired(root, 'snapshot.json');
  const topologyFile = readRequired(root, 'topology.json');
  const manifest = parseJsonFile(manifestFile, SnapshotManifest);
  const topology = parseJsonFile(topologyFile, Topology);
  const alerts = readAlerts(root);
  const warnings: string[] = [];
  addMissingEntities(
    topology,
    alerts.map((a) => a.entity),
    warnings,
  );
  checkEdges(topology);
  const incidentTime = manifest.incidentTime === undefined ? null : toEpochMs(manifest.incidentTime, 'snapshot.json', null, 'incidentTime');
  return {
    root,
    manifest,
    topology,
    alerts,
    summary: {
      name: manifest.name,
      description: manifest.description ?? null,
      incidentTime,
      sourceKind: manifest.source?.kind ?? null,
      hash: hashBundle(root),
      entityCount: topology.entities.length,
      edgeCount: topology.edges.length,
      alertCount: alerts.length,
      warnings,
    },
  };
}
