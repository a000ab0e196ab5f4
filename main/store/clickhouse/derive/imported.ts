import type { TimeWindow } from '../../../../core/model/packet.js';
import type { Topology } from '../../../../core/model/topology.js';
import type { RecordFileName, SnapshotManifest } from '../../../../core/snapshot/schema.js';
import type { UnresolvedCallee } from '../../signals/attribution.js';
import { builtSignalsOf, type SignalCounts, type SignalRow } from '../../signals/build.js';
import { derivationWindow } from '../../signals/periods.js';
import type { WindowInfo } from '../../window.js';
import { sqlString, type ChRunner } from '../runner.js';
import { jsonRow } from '../transfer.js';
import { linkTemplateOperations } from '../../signals/operations.js';
import { signalInputs } from './collector.js';
import { clickHouseSpanOperations } from './operations.js';
import { SqlPeriods } from './periods.js';

/** What an import knows that the derivation needs, beside the records already in the engine. */
export interface ImportedCatalog {
  manifest: SnapshotManifest;
  /** The window the store's meta holds (deriveWindow over the records' extent). */
  window: WindowInfo;
  /** The records' time extent (rates over an open baseline need it). */
  extent: TimeWindow | null;
  /** topology.json as declared: its edges are the known calls, its entities the names error statuses may give. */
  topology: Pick<Topology, 'entities' | 'edges'>;
  /** The eog_files ids of the bundle's record files: where the signals' lines are. */
  fileIds: Partial<Record<RecordFileName, number>>;
}

export interface ImportedSignals {
  counts: SignalCounts;
  /** Callee names error status messages give that match no topology entity (the import warns of them). */
  unresolvedCallees: UnresolvedCallee[];
}

const SIGNAL_COLUMNS = [
  'id',
  'entity',
  'kind',
  'extractor',
  'time',
  'score',
  'summary',
  'detail',
  'file_id',
  'line',
  'sample_lines',
  'hides_line',
];
/** Signal rows per INSERT, and metric points per line lookup. */
const ROWS_PER_INSERT = 5_000;
const POINTS_PER_QUERY = 500;

/**
 * Derives an imported bundle's signals in ClickHouse, once its records are in the engine's
 * tables, and writes them to eog_signals: the same derivation as for a database the Collector
 * wrote (signalInputs), over the periods a streaming import fixes (the manifest's window and
 * baseline, else the alerts', with the end left open) and compared with the declared topology,
 * citing the bundle's files and lines. Rows are what signals/insert.ts stores for a SQLite
 * import: a metric anomaly cites the first line of its point, a row whose file the bundle does
 * not have is left out, and a repeated id is stored once.
 */
export function deriveImportedSignals(runner: ChRunner, catalog: ImportedCatalog): ImportedSignals {
  const alerts = runner.rows('SELECT name, time, ends_at FROM alerts').map((r) => ({
    name: String(r.name),
    start: Number(r.time),
    end: r.ends_at === null ? null : Number(r.ends_at),
  }));
  // As a streaming import does: the periods are fixed before the records' extent is known.
  const periods = new SqlPeriods(derivationWindow(catalog.manifest, alerts, catalog.window));
  const { inputs, context } = signalInputs(runner, periods, catalog.topology, 'line');
  const built = builtSignalsOf(inputs, { ...context, final: catalog.window, extent: catalog.extent });
  linkTemplateOperations(built.rows, clickHouseSpanOperations(runner, periods));
  const lines = metricPointLines(runner, built.rows);
  const counts: SignalCounts = { log_template: 0, metric_anomaly: 0, trace_edge: 0, trace_fanout: 0, failure_event: 0 };
  const ids = new Set<string>();
  let batch: string[] = [];
  const flush = (): void => {
    if (batch.length > 0) runner.insert('eog_signals', SIGNAL_COLUMNS, Buffer.from(`${batch.join('\n')}\n`));
    batch = [];
  };
  for (const r of built.rows) {
    const fileId = catalog.fileIds[r.file];
    if (fileId === undefined || ids.has(r.id)) continue;
    ids.add(r.id);
    const line = r.point ? (lines.get(pointKey(r.entity, r.point)) ?? null) : r.line;
    const samples = r.point ? (line === null ? [] : [line]) : r.samples;
    const detail = JSON.stringify(r.detail);
    batch.push(
      jsonRow([
        r.id,
        r.entity,
        r.kind,
        r.extractor,
        r.time,
        r.score,
        r.summary,
        detail,
        fileId,
        line,
        JSON.stringify(samples),
        r.hidesLine,
      ]),
    );
    counts[r.extractor] += 1;
    if (batch.length >= ROWS_PER_INSERT) flush();
  }
  flush();
  return { counts, unresolvedCallees: built.unresolvedCallees };
}

const pointKey = (entity: string, point: { metric: string; time: number }): string => `${entity}\u0000${point.time}\u0000${point.metric}`;

/** The first line of each metric signal's point (entity, time, metric), asked of the engine a few hundred at a time. */
function metricPointLines(runner: ChRunner, rows: readonly SignalRow[]): Map<string, number> {
  const points = new Map<string, string>();
  for (const r of rows) {
    if (r.point) points.set(pointKey(r.entity, r.point), `(${sqlString(r.entity)}, ${r.point.time}, ${sqlString(r.point.metric)})`);
  }
  const tuples = [...points.values()];
  const out = new Map<string, number>();
  for (let i = 0; i < tuples.length; i += POINTS_PER_QUERY) {
    for (const r of runner.rows(
      `SELECT entity, time, name, min(line) AS line FROM metrics
       WHERE (entity, time, name) IN (${tuples.slice(i, i + POINTS_PER_QUERY).join(', ')}) GROUP BY entity, time, name`,
    )) {
      out.set(pointKey(String(r.entity), { time: Number(r.time), metric: String(r.name) }), Number(r.line));
    }
  }
  return out;
}
