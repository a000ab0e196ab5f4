import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { Db } from '../../db/open.js';
import type { SignalCounts, SignalRow } from './build.js';

export interface SignalTargets {
  fileIds: Partial<Record<RecordFileName, number>>;
  entityKey: (id: string) => number;
}

/** Stores signal rows; runs after the raw indexes exist, which the metric line lookup uses. */
export function insertSignals(db: Db, rows: readonly SignalRow[], targets: SignalTargets): SignalCounts {
  const counts: SignalCounts = { log_template: 0, metric_anomaly: 0, trace_edge: 0, trace_fanout: 0, failure_event: 0 };
  const insert = db.prepare(
    // Ids are unique by construction; a crafted entity name that still collides loses a
    // duplicate summary rather than failing the whole import.
    'INSERT OR IGNORE INTO signals (id, entity, kind, extractor, time, score, summary, detail, file_id, line, sample_lines, hides_line) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)',
  );
  const lineOf = db.prepare('SELECT line FROM metrics WHERE entity = ? AND time = ? AND name = ? ORDER BY line LIMIT 1');
  for (const r of rows) {
    const fileId = targets.fileIds[r.file];
    if (fileId === undefined) continue;
    const entity = targets.entityKey(r.entity);
    let { line, samples } = r;
    if (r.point) {
      line = (lineOf.get(entity, r.point.time, r.point.metric) as { line: number } | undefined)?.line ?? null;
      samples = line === null ? [] : [line];
    }
    const result = insert.run(
      r.id,
      entity,
      r.kind,
      r.extractor,
      r.time,
      r.score,
      r.summary,
      JSON.stringify(r.detail),
      fileId,
      line,
      JSON.stringify(samples),
      r.hidesLine,
    );
    counts[r.extractor] += result.changes;
  }
  return counts;
}
