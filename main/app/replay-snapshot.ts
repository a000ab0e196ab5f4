import { basename } from 'node:path';
import type { AlertView } from '../../core/ipc/index.js';
import type { LedgerReplay } from '../session/index.js';
import type { LoadedSnapshot } from './bundle.js';

/**
 * The graph and alerts the app shows for a replayed ledger: what the investigation saw. `name`
 * is what the header shows (a past case's); default "Replay of" the file's name.
 */
export function replaySnapshot(replay: LedgerReplay, name = `Replay of ${basename(replay.file)}`): LoadedSnapshot {
  const bootstrap = replay.started?.bootstrap ?? null;
  const alerts: AlertView[] = replay.alerts.map((a) => ({
    name: a.name,
    entity: a.entity,
    severity: 'unknown',
    startsAt: bootstrap?.window.start ?? 0,
    endsAt: null,
    summary: 'recorded in the ledger (times and severity are not)',
  }));
  return {
    root: replay.file,
    manifest: { format: 'eog-snapshot', version: 1, name },
    topology: replay.topology,
    alerts,
    summary: {
      name,
      description: `Read-only replay of a saved investigation (${replay.eventCount} ledger events).`,
      incidentTime: bootstrap?.incidentTime ?? null,
      sourceKind: 'ledger',
      hash: replay.started?.snapshotHash ?? '',
      entityCount: replay.topology.entities.length,
      edgeCount: replay.topology.edges.length,
      alertCount: alerts.length,
      warnings: ['The graph is rebuilt from the ledger: the entities the investigation looked at and their neighbours.'],
    },
  };
}
