/**
 * What the ClickHouse engine alone does with a bundle's large files on this machine: chdb
 * inserts spans.jsonl and logs.jsonl into the store's own tables (the OpenTelemetry
 * exporter's, schema.ts) with the plainest mapping, no checks, no entity join and no line
 * scan, on every core. No import can write faster through this engine and these tables, so
 * `eog import`'s rate is read against it (scripts/bench/clickhouse.ts). Prints one JSON line.
 *
 *   npx tsx scripts/bench/clickhouse-ceiling.ts <bundle> <chdb dir>
 */
import { existsSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ChdbRunner } from '../../main/store/clickhouse/chdb-runner.js';
import { chSchema } from '../../main/store/clickhouse/schema.js';

const FILES = {
  spans: {
    table: 'otel_traces',
    columns:
      'EogLine, EogEntity, Timestamp, Duration, TraceId, SpanId, ParentSpanId, SpanName, StatusCode, StatusMessage, SpanKind, ResourceAttributes',
    structure:
      'traceId String, spanId String, parentSpanId String, entity String, name String, start String, durationMs Float64, status String, statusMessage String, kind String',
    select: `_row_number + 1, entity, parseDateTime64BestEffort(start, 3, 'UTC'), toUInt64(durationMs * 1e6), traceId, spanId, parentSpanId,
      name, status, statusMessage, kind, map('eog.entity', entity)`,
  },
  logs: {
    table: 'otel_logs',
    columns: 'EogLine, EogEntity, Timestamp, SeverityText, Body, TraceId, SpanId, ResourceAttributes',
    structure: 'time String, entity String, severity String, body String, traceId String, spanId String',
    select: `_row_number + 1, entity, parseDateTime64BestEffort(time, 3, 'UTC'), severity, body, traceId, spanId, map('eog.entity', entity)`,
  },
} as const;

const [bundle, dir] = process.argv.slice(2);
if (!bundle || !dir) throw new Error('usage: clickhouse-ceiling.ts <bundle> <chdb dir>');
rmSync(dir, { recursive: true, force: true });
const runner = await ChdbRunner.open(dir);
try {
  for (const sql of chSchema) runner.exec(sql);
  let rows = 0;
  const started = Date.now();
  for (const [kind, f] of Object.entries(FILES)) {
    const path = join(bundle, `${kind}.jsonl`);
    if (!existsSync(path)) continue;
    runner.exec(
      `INSERT INTO ${f.table} (${f.columns}) SELECT ${f.select} FROM file('${path}', 'JSONEachRow', '${f.structure}')
       SETTINGS max_insert_threads = ${availableParallelism()}`,
    );
    rows += Number(runner.rows(`SELECT count() AS n FROM ${f.table}`)[0]?.n ?? 0);
  }
  const ms = Date.now() - started;
  process.stdout.write(`${JSON.stringify({ rows, ms })}\n`);
} finally {
  runner.close();
  rmSync(dir, { recursive: true, force: true });
}
