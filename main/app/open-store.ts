import path from 'node:path';
import type { AlertView } from '../../core/ipc/index.js';
import type { EvidenceItem } from '../../core/model/index.js';
import type { CaptureTimes } from '../../core/snapshot/index.js';
import { parseTimestamp } from '../../core/snapshot/time.js';
import { openSnapshotSource, type SnapshotSource, type SnapshotSourceOptions } from '../session/index.js';
import {
  COLLECTOR_SOURCE_KIND,
  isClickHouseSpec,
  WindowFixedAtImportError,
  type ChosenWindow,
  type EvidenceStore,
  type WindowInfo,
} from '../store/index.js';
import type { LoadedSnapshot } from './bundle.js';
import { CaptureTimesNotApplicableError } from './resolve-snapshot.js';

/** Whether the open dialog's text names a store rather than a path: `sqlite:PATH`, `chdb:DIR`, `clickhouse://…`. */
export function isStoreSpecInput(input: string): boolean {
  return isClickHouseSpec(input) || input.startsWith('sqlite:');
}

/** Capture times (checked ISO-8601 text) as a Collector database's window is placed, in epoch ms; undefined when none. */
export function chosenWindowOf(times: CaptureTimes): ChosenWindow | undefined {
  const ms = (text: string): number => {
    const value = parseTimestamp(text);
    if (value === null) throw new Error(`unchecked time "${text}"`);
    return value;
  };
  if (times.incidentTime === undefined && times.window === undefined) return undefined;
  return {
    ...(times.window ? { window: { start: ms(times.window.start), end: ms(times.window.end) } } : {}),
    ...(times.incidentTime !== undefined ? { incidentTime: ms(times.incidentTime) } : {}),
  };
}

export interface OpenedStore {
  loaded: LoadedSnapshot;
  /** The one the investigation service reads: the store is open already. */
  source: SnapshotSource;
}

/**
 * Opens an evidence store (a file `eog import` wrote, `sqlite:PATH`, `chdb:DIR`,
 * `clickhouse://…`) through the road `eog investigate` takes (openSnapshotSource), and what
 * the app shows of it. Capture times place a Collector database's window; an imported store
 * refuses them (its window was fixed at import).
 */
export async function openStoreSnapshot(input: string, times: CaptureTimes, options: SnapshotSourceOptions): Promise<OpenedStore> {
  const window = chosenWindowOf(times);
  const target = isStoreSpecInput(input) ? input : path.resolve(input);
  const source = openSnapshotSource(target, { ...options, ...(window ? { window } : {}) });
  try {
    return { loaded: storeSnapshot(await source.store()), source };
  } catch (error) {
    source.close();
    if (error instanceof WindowFixedAtImportError) throw new CaptureTimesNotApplicableError(target, 'store');
    throw error;
  }
}

function alertView(item: EvidenceItem): AlertView {
  const detail = item.detail.type === 'alert' ? item.detail : null;
  return {
    name: detail?.name ?? item.summary,
    entity: item.entity,
    severity: detail?.severity ?? 'unknown',
    startsAt: detail?.startsAt ?? item.time,
    endsAt: detail?.endsAt ?? null,
    summary: item.summary,
  };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Where the window came from, in the status bar's words, and where the onset was placed. */
function windowNote(info: WindowInfo): string {
  const onset =
    info.givenIncidentTime !== undefined && info.incidentTime !== null
      ? `; onset placed at ${iso(info.incidentTime)}, before the incident time ${iso(info.givenIncidentTime)} (the alerted requests stepped up then)`
      : '';
  return spanNote(info) + onset;
}

function spanNote(info: WindowInfo): string {
  const span = `${iso(info.window.start)} – ${iso(info.window.end)}`;
  switch (info.source) {
    case 'chosen':
      return `window ${span}, as placed when opened`;
    case 'extent':
      return `window ${span}: the most recent telemetry (place it with Incident time / Window)`;
    case 'manifest':
    case 'alerts':
    case 'incident':
      return `window ${span}, fixed at import (${info.source})`;
  }
}

/** The graph and alerts the app shows for an open evidence store: its manifest, topology and alerts. */
export function storeSnapshot(store: EvidenceStore): LoadedSnapshot {
  const manifest = store.manifest();
  const topology = store.topology();
  const alerts = store.alerts().map(alertView);
  const info = store.windowInfo();
  const isCollector = manifest.source?.kind === COLLECTOR_SOURCE_KIND;
  return {
    root: store.file,
    manifest,
    topology,
    alerts,
    summary: {
      name: manifest.name,
      description: [manifest.description, windowNote(info)].filter(Boolean).join(' — '),
      incidentTime: info.incidentTime,
      sourceKind: manifest.source?.kind ?? null,
      hash: store.snapshotHash(),
      entityCount: topology.entities.length,
      edgeCount: topology.edges.length,
      alertCount: alerts.length,
      // Said once here rather than as an empty list in every inspector.
      warnings: isCollector
        ? ['store: the Collector wrote rows, not files: the inspector shows evidence records, no raw source lines']
        : [],
    },
  };
}
