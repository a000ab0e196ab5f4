import type { Db } from '../../db/open.js';
import type { ChRunner } from './runner.js';

/** Rows per INSERT: large blocks are what MergeTree writes fastest. */
const CHUNK_ROWS = 200_000;

type Cell = string | number | bigint | null | undefined;
export type Entity = { eid: string; kind: string; name: string; namespace: string | null };

/** Resource attributes of an entity as the Collector would write them, plus `eog.entity` (see schema.ts). */
export function resourceOf(e: Entity): { attrs: Record<string, string>; service: string } {
  const attrs: Record<string, string> = { 'eog.entity': e.eid };
  if (e.namespace) attrs['k8s.namespace.name'] = e.namespace;
  if (e.kind === 'Pod') attrs['k8s.pod.name'] = e.name;
  const service = e.kind === 'Service' ? e.name : '';
  if (service) attrs['service.name'] = service;
  return { attrs, service };
}

/** JSON for ClickHouse: a number that is not finite has no JSON form. */
export function jsonRow(values: unknown[]): string {
  return JSON.stringify(values, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v));
}

export interface TransferCounts {
  rows: number;
  ms: number;
}

/**
 * Copies the import catalog's small tables (files, entities, topology edges, derived
 * signals; see clickhouse/ingest.ts) into ClickHouse (schema.ts), in JSONCompactEachRow
 * blocks. The records themselves go through block files (block-sink.ts).
 */
export function transferStore(db: Db, runner: ChRunner, onRows: (rows: number) => void = () => undefined): TransferCounts {
  const started = Date.now();
  const entities = new Map<number, Entity>();
  for (const e of db.prepare('SELECT id, eid, kind, name, namespace FROM entities').all() as (Entity & { id: number })[])
    entities.set(e.id, e);
  const entity = (key: Cell): Entity => entities.get(Number(key)) ?? { eid: `unknown#${String(key)}`, kind: '', name: '', namespace: null };
  let rows = 0;
  const copy = (from: string, to: string, columns: readonly string[], row: (r: Cell[]) => unknown[]): void => {
    let lines: string[] = [];
    const flush = (): void => {
      if (lines.length === 0) return;
      runner.insert(to, columns, Buffer.from(`${lines.join('\n')}\n`));
      rows += lines.length;
      lines = [];
      onRows(rows);
    };
    for (const r of db.prepare(from).raw(true).iterate() as IterableIterator<Cell[]>) {
      lines.push(jsonRow(row(r)));
      if (lines.length >= CHUNK_ROWS) flush();
    }
    flush();
  };
  copy('SELECT id, path, kind, sha256, lines, rows FROM files', 'eog_files', ['id', 'path', 'kind', 'sha256', 'lines', 'rows'], (r) => r);
  copy(
    'SELECT id, eid, kind, name, namespace, labels, attrs, is_declared, file_id, line FROM entities',
    'eog_entities',
    ['id', 'eid', 'kind', 'name', 'namespace', 'labels', 'attrs', 'is_declared', 'file_id', 'line'],
    (r) => r,
  );
  copy(
    'SELECT rowid, source, target, relation, file_id, line FROM edges ORDER BY rowid',
    'eog_edges',
    ['ord', 'source', 'target', 'relation', 'file_id', 'line'],
    (r) => [r[0], entity(r[1]).eid, entity(r[2]).eid, ...r.slice(3)],
  );
  copy(
    'SELECT id, entity, kind, extractor, time, score, summary, detail, file_id, line, sample_lines, hides_line FROM signals',
    'eog_signals',
    ['id', 'entity', 'kind', 'extractor', 'time', 'score', 'summary', 'detail', 'file_id', 'line', 'sample_lines', 'hides_line'],
    (r) => [r[0], entity(r[1]).eid, ...r.slice(2)],
  );
  return { rows, ms: Date.now() - started };
}
