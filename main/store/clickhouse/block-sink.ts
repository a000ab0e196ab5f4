import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { Db } from '../../db/open.js';
import type { RecordFile } from '../../snapshot/bundle.js';
import type { RecordRow } from '../../snapshot/records.js';
import type { FileDone, ProducerSink } from '../ingest/produce.js';
import type { WriterHooks } from '../ingest/table-writer.js';
import { blockInsertSql, blockMappings, INGEST_ENTITIES, tsvCell } from './block-mapping.js';
import type { ChRunner } from './runner.js';
import { CH_RESOURCES } from './schema.js';
import { resourceOf, type Entity } from './transfer.js';

/**
 * Rows per block: one INSERT each. ClickHouse writes a part per block and partition, and
 * parses a large block on all its threads; the block waits on disk, not in memory.
 */
export const BLOCK_ROWS = 500_000;
/** Text kept in memory before it is appended to the block file. */
const WRITE_CHARS = 1 << 20;
/** Rows between two progress reports. */
const REPORT_ROWS = 16_384;

interface Block {
  file: RecordFile;
  fileId: number;
  path: string;
  fd: number;
  keys: Map<string, number>;
  pending: string;
  rows: number;
  unreported: number;
}

/**
 * Keeps the engine's ingest entity table (block-mapping.ts INGEST_ENTITIES) and the store's
 * resources (schema.ts CH_RESOURCES) level with the import's entity registry, which creates
 * undeclared entities as records name them: rows of an entity read before it was registered
 * (direct.ts) have their resources once it is.
 */
export class EntitySync {
  private sent = 0;

  constructor(
    private readonly catalog: Db,
    private readonly runner: ChRunner,
  ) {}

  sync(): void {
    const rows = this.catalog
      .prepare('SELECT id, eid, kind, name, namespace FROM entities WHERE id > ? ORDER BY id')
      .all(this.sent) as (Entity & { id: number })[];
    if (rows.length === 0) return;
    const ids = rows.map((e) => JSON.stringify([e.id, e.eid]));
    const resources = rows.map((e) => {
      const res = resourceOf(e);
      return JSON.stringify([e.eid, res.service, res.attrs]);
    });
    this.runner.insert(INGEST_ENTITIES, ['id', 'eid'], Buffer.from(`${ids.join('\n')}\n`));
    this.runner.insert(CH_RESOURCES, ['EogEntity', 'ServiceName', 'ResourceAttributes'], Buffer.from(`${resources.join('\n')}\n`));
    this.sent = rows[rows.length - 1]?.id ?? this.sent;
  }
}

export interface BlockCounts {
  /** Rows the engine wrote from blocks. */
  rows: number;
  /** Time spent in the engine's INSERTs (parsing, mapping, writing parts). */
  ms: number;
}

/**
 * The ClickHouse import's sink for validated records (ingest/produce.ts): each record kind
 * is appended as TSV to a block file in `dir`; every BLOCK_ROWS rows and at the end of the
 * file the engine inserts the block into its table in one statement, mapping the columns in
 * SQL (block-mapping.ts), and the file starts over. Memory stays one write buffer per kind.
 */
export class ClickHouseBlockSink implements ProducerSink {
  readonly counts: BlockCounts = { rows: 0, ms: 0 };
  private readonly blocks = new Map<RecordFileName, Block>();

  constructor(
    private readonly runner: ChRunner,
    private readonly entities: EntitySync,
    private readonly dir: string,
    private readonly fileIds: Partial<Record<RecordFileName, number>>,
    private readonly hooks: WriterHooks,
    private readonly blockRows = BLOCK_ROWS,
  ) {}

  private block(file: RecordFile): Block {
    let b = this.blocks.get(file.kind);
    if (!b) {
      const fileId = this.fileIds[file.kind];
      if (fileId === undefined) throw new Error(`internal: rows for ${file.kind} without a registered file`);
      const path = join(this.dir, `${file.kind}.tsv`);
      b = { file, fileId, path, fd: openSync(path, 'w'), keys: new Map(), pending: '', rows: 0, unreported: 0 };
      this.blocks.set(file.kind, b);
    }
    return b;
  }

  row(file: RecordFile, line: number, row: RecordRow): void {
    const b = this.block(file);
    const entity = row[0];
    let key = b.keys.get(entity);
    if (key === undefined) {
      key = this.hooks.resolveEntity(entity, b.fileId, file.rel, line);
      b.keys.set(entity, key);
    }
    let text = `${line}\t${key}`;
    for (let i = 1; i < row.length; i++) text += `\t${tsvCell(row[i])}`;
    b.pending += `${text}\n`;
    b.rows++;
    if (b.pending.length >= WRITE_CHARS) this.write(b);
    if (++b.unreported === REPORT_ROWS) this.report(b);
    if (b.rows === this.blockRows) this.flush(b);
  }

  fileDone(file: RecordFile, done: FileDone): void {
    const b = this.block(file);
    this.flush(b);
    this.report(b);
    closeSync(b.fd);
    rmSync(b.path, { force: true });
    this.blocks.delete(file.kind);
    this.hooks.onFileDone(file, done);
  }

  /** Closes and removes block files left by a failed import. */
  close(): void {
    for (const b of this.blocks.values()) {
      closeSync(b.fd);
      rmSync(b.path, { force: true });
    }
    this.blocks.clear();
  }

  private write(b: Block): void {
    if (b.pending.length === 0) return;
    writeSync(b.fd, b.pending);
    b.pending = '';
  }

  private report(b: Block): void {
    if (b.unreported === 0) return;
    this.hooks.onRows(b.file, b.unreported);
    b.unreported = 0;
  }

  private flush(b: Block): void {
    this.write(b);
    if (b.rows === 0) return;
    const started = Date.now();
    this.entities.sync();
    const mapping = blockMappings[b.file.kind];
    this.runner.insertBlock(b.path, 'TSV', mapping.structure, (source) => blockInsertSql(mapping, source));
    this.counts.ms += Date.now() - started;
    this.counts.rows += b.rows;
    b.rows = 0;
    // The next block starts the file over.
    closeSync(b.fd);
    b.fd = openSync(b.path, 'w');
  }
}
