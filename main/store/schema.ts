import type { RecordFileName } from '../../core/snapshot/schema.js';

/**
 * Raw record tables carry their provenance as `line`, the primary key: a bundle has one
 * file per kind, recorded in `files` with its kind and sha256, so the line is unique and
 * makes ids like `log:12` readable, and no per-row file column is needed.
 * They have no foreign keys and their (entity, time) indexes are created after the bulk
 * insert: both would slow the import several-fold, and the importer writes them from a
 * validated entity map.
 */
const v1 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE files (
  id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, sha256 TEXT NOT NULL,
  lines INTEGER NOT NULL, rows INTEGER NOT NULL
) STRICT;
CREATE TABLE entities (
  id INTEGER PRIMARY KEY, eid TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, name TEXT NOT NULL, namespace TEXT,
  labels TEXT NOT NULL, attrs TEXT NOT NULL, is_declared INTEGER NOT NULL,
  file_id INTEGER NOT NULL REFERENCES files(id), line INTEGER
) STRICT;
CREATE TABLE edges (
  source INTEGER NOT NULL REFERENCES entities(id), target INTEGER NOT NULL REFERENCES entities(id),
  relation TEXT NOT NULL, file_id INTEGER NOT NULL REFERENCES files(id), line INTEGER,
  PRIMARY KEY (source, target, relation)
) STRICT;
CREATE TABLE alerts (
  line INTEGER PRIMARY KEY, entity INTEGER NOT NULL, time INTEGER NOT NULL,
  ends_at INTEGER, name TEXT NOT NULL, severity TEXT NOT NULL, summary TEXT, labels TEXT, extra TEXT
) STRICT;
CREATE TABLE events (
  line INTEGER PRIMARY KEY, entity INTEGER NOT NULL, time INTEGER NOT NULL,
  type TEXT NOT NULL, reason TEXT NOT NULL, message TEXT NOT NULL, count INTEGER, extra TEXT
) STRICT;
CREATE TABLE logs (
  line INTEGER PRIMARY KEY, entity INTEGER NOT NULL, time INTEGER NOT NULL,
  severity TEXT, body TEXT NOT NULL, trace_id TEXT, span_id TEXT, attrs TEXT, extra TEXT
) STRICT;
CREATE TABLE metrics (
  line INTEGER PRIMARY KEY, entity INTEGER NOT NULL, time INTEGER NOT NULL,
  name TEXT NOT NULL, value REAL NOT NULL, unit TEXT, labels TEXT, extra TEXT
) STRICT;
CREATE TABLE spans (
  line INTEGER PRIMARY KEY, entity INTEGER NOT NULL, time INTEGER NOT NULL,
  duration_ms REAL NOT NULL, trace_id TEXT NOT NULL, span_id TEXT NOT NULL, parent_span_id TEXT,
  name TEXT NOT NULL, status TEXT NOT NULL, status_message TEXT, kind TEXT, extra TEXT
) STRICT;
CREATE TABLE changes (
  line INTEGER PRIMARY KEY, entity INTEGER NOT NULL, time INTEGER NOT NULL,
  kind TEXT NOT NULL, summary TEXT NOT NULL, diff TEXT, actor TEXT, extra TEXT
) STRICT;
-- Derived signals are evidence too: same provenance, plus the extractor that made them and
-- sample source lines for the inspector (a template summarises many lines).
CREATE TABLE signals (
  id TEXT PRIMARY KEY, entity INTEGER NOT NULL REFERENCES entities(id), kind TEXT NOT NULL,
  extractor TEXT NOT NULL, time INTEGER NOT NULL, score REAL NOT NULL, summary TEXT NOT NULL,
  detail TEXT NOT NULL, file_id INTEGER NOT NULL REFERENCES files(id), line INTEGER,
  sample_lines TEXT NOT NULL, hides_line INTEGER
) STRICT;
CREATE INDEX signals_entity_time ON signals(entity, time);
`;

export const storeMigrations: readonly string[] = [v1];

/**
 * Column types of each raw table after `line` and `entity`, in table order: `n` a number,
 * `s` text, either of them nullable. Import batches are laid out by these (ingest/table-writer.ts).
 */
export const rawColumnTypes: Record<RecordFileName, string> = {
  alerts: 'nnsssss', // time, ends_at, name, severity, summary, labels, extra
  events: 'nsssns', // time, type, reason, message, count, extra
  logs: 'nssssss', // time, severity, body, trace_id, span_id, attrs, extra
  metrics: 'nsnsss', // time, name, value, unit, labels, extra
  spans: 'nnssssssss', // time, duration_ms, trace_id, span_id, parent_span_id, name, status, status_message, kind, extra
  changes: 'nsssss', // time, kind, summary, diff, actor, extra
};

const ERROR_SEVERITIES = ['ERROR', 'FATAL', 'CRITICAL', 'ALERT', 'EMERGENCY', 'EMERG'];

/**
 * Whether a log line is an error (1, else 0); the evidence query lists those first. Building
 * the index evaluates this for every line: one upper() and a CASE cost half of what
 * upper() IN (...) does.
 */
export const IS_ERROR_LOG = `(CASE upper(severity) ${ERROR_SEVERITIES.map((s) => `WHEN '${s}' THEN 1`).join(' ')} ELSE 0 END)`;

/**
 * Each built once its table is complete (see the note above), while other files may still
 * be read. Logs are indexed by error-ness between entity and time, so "errors first, then
 * by time" reads a page straight off the index instead of sorting the entity's window.
 */
export const rawIndexes: Record<RecordFileName, string> = {
  alerts: 'CREATE INDEX alerts_entity_time ON alerts(entity, time)',
  events: 'CREATE INDEX events_entity_time ON events(entity, time)',
  logs: `CREATE INDEX logs_entity_error_time ON logs(entity, ${IS_ERROR_LOG}, time)`,
  metrics: 'CREATE INDEX metrics_entity_time ON metrics(entity, time)',
  spans: 'CREATE INDEX spans_entity_time ON spans(entity, time)',
  changes: 'CREATE INDEX changes_entity_time ON changes(entity, time)',
};

/** Failure events hide the raw event they stand for (see store/query.ts). */
export const signalIndexes: readonly string[] = [
  'CREATE INDEX signals_hides_line ON signals(entity, hides_line) WHERE hides_line IS NOT NULL',
];
