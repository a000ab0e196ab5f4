import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { StoreSpec } from '../spec.js';
import { ClickHouseError, OUTPUT_SETTINGS, parseJsonRows, sqlString, type ChParams, type ChRow, type ChRunner } from './runner.js';

type ServerSpec = Extract<StoreSpec, { kind: 'clickhouse' }>;

/** Longest wait for one request before the store gives up on the server. */
const REQUEST_TIMEOUT_MS = 300_000;

/**
 * The worker: owns the @clickhouse/client instance and answers one request at a time, waking
 * the waiting caller through the shared flag once its reply is posted. Plain CommonJS text,
 * so it needs no build entry of its own.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { createClient, ClickHouseLogLevel } = require(workerData.clientPath);
const { port, options } = workerData;
// Failures reach the caller as errors; the client's own log would repeat them on stderr.
const client = createClient({ ...options, log: { level: ClickHouseLogLevel.OFF } });
async function handle(m) {
  switch (m.op) {
    case 'rows': {
      const rs = await client.query({ query: m.sql, query_params: m.params, format: 'JSONEachRow' });
      return await rs.text();
    }
    case 'exec':
      await client.command({ query: m.sql, query_params: m.params });
      return '';
    case 'insert': {
      // The rows are already JSONCompactEachRow text: sent as the body of a plain INSERT.
      const { Readable } = require('node:stream');
      const query = 'INSERT INTO ' + m.table + ' (' + m.columns.join(', ') + ') FORMAT JSONCompactEachRow';
      const result = await client.exec({ query, values: Readable.from([Buffer.from(m.body)], { objectMode: false }) });
      result.stream.resume();
      await new Promise((resolve, reject) => result.stream.on('end', resolve).on('error', reject));
      return '';
    }
    case 'insertFile': {
      // The file is the body of an INSERT ... SELECT ... FROM input(...): streamed, never held whole
      // (a gzipped one decompressed on the way, as chdb's file() reads it).
      const { createReadStream } = require('node:fs');
      const raw = createReadStream(m.path);
      let body = raw;
      if (m.path.endsWith('.gz')) {
        body = require('node:zlib').createGunzip();
        raw.on('error', (error) => body.destroy(error));
        raw.pipe(body);
      }
      const result = await client.exec({ query: m.sql, values: body });
      result.stream.resume();
      await new Promise((resolve, reject) => result.stream.on('end', resolve).on('error', reject));
      return '';
    }
    case 'close':
      await client.close();
      return '';
  }
  throw new Error('unknown op ' + m.op);
}
port.on('message', (m) => {
  handle(m).then(
    (text) => port.postMessage({ text }),
    (error) => port.postMessage({ error: error && error.message ? error.message : String(error) }),
  ).finally(() => {
    Atomics.store(m.flag, 0, 1);
    Atomics.notify(m.flag, 0);
  });
});
`;

interface Reply {
  text?: string;
  error?: string;
}

/**
 * A ClickHouse server over HTTP through @clickhouse/client, run in a worker thread this
 * thread waits on (Atomics.wait), so reads keep the store's synchronous contract. The
 * password comes from the environment variable the spec names; it is never stored.
 */
export class HttpRunner implements ChRunner {
  private isClosed = false;

  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    readonly label: string,
    readonly database: string,
  ) {}

  static open(spec: ServerSpec, env: NodeJS.ProcessEnv = process.env): HttpRunner {
    let password = '';
    if (spec.passwordEnv) {
      const value = env[spec.passwordEnv];
      if (value === undefined) throw new ClickHouseError(`environment variable ${spec.passwordEnv} (the store password) is not set`);
      password = value;
    }
    const clientPath = createRequire(import.meta.url).resolve('@clickhouse/client');
    const { port1, port2 } = new MessageChannel();
    const options = {
      url: spec.url,
      username: spec.user,
      password,
      database: spec.database,
      request_timeout: REQUEST_TIMEOUT_MS,
      clickhouse_settings: { ...OUTPUT_SETTINGS },
    };
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { clientPath, port: port2, options }, transferList: [port2] });
    worker.unref();
    const runner = new HttpRunner(worker, port1, `${spec.url}/${spec.database}`, spec.database);
    // Fails early (and clearly) when the server is not there.
    runner.rows('SELECT 1 AS ok');
    return runner;
  }

  rows(sql: string, params: ChParams = {}): ChRow[] {
    return parseJsonRows(this.call({ op: 'rows', sql, params }));
  }

  exec(sql: string, params: ChParams = {}): void {
    this.call({ op: 'exec', sql, params });
  }

  insert(table: string, columns: readonly string[], body: Buffer): void {
    if (body.length > 0) this.call({ op: 'insert', table, columns: [...columns], body });
  }

  readonly sourceRows = {
    number: 'rowNumberInAllBlocks()',
    settings: { max_threads: 1, input_format_parallel_parsing: 0, max_insert_threads: 1 },
  };

  insertBlock(path: string, format: string, structure: string, sql: (source: string) => string): void {
    this.call({ op: 'insertFile', sql: `${sql(`input(${sqlString(structure)})`)} FORMAT ${format}`, path });
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    try {
      this.call({ op: 'close' });
    } finally {
      this.port.close();
      void this.worker.terminate();
    }
  }

  private call(message: Record<string, unknown>): string {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    this.port.postMessage({ ...message, flag });
    const waited = Atomics.wait(flag, 0, 0, REQUEST_TIMEOUT_MS + 5_000);
    const received = receiveMessageOnPort(this.port);
    if (waited === 'timed-out' || !received) throw new ClickHouseError(`${this.label}: no answer from the ClickHouse client`);
    const reply = received.message as Reply;
    if (reply.error !== undefined) throw new ClickHouseError(`${this.label}: ${reply.error}`);
    return reply.text ?? '';
  }
}
