import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleFormatError, BundleMissingFileError, BundlePathError, LineTooLongError } from '../snapshot/errors.js';
import { T0, writeBundle } from '../snapshot/testdata/write-bundle.js';
import { importBundle } from './import.js';

const log = (i: number): string => JSON.stringify({ time: T0 + i * 1000, entity: 'shop/Service/cart', body: `line ${i}` });
const goodLogs = (n: number): string[] => Array.from({ length: n }, (_, i) => log(i));

let root: string;
let storeDir: string;
let store: string;
let storeHash: string;
const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'eog-bad-'));
  storeDir = join(root, 'stores');
  store = join(storeDir, 'store.sqlite');
  await importBundle(writeBundle({ records: { logs: goodLogs(3) } }, join(root, 'good')), store);
  storeHash = sha(store);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
const bundleDir = (): string => join(root, `b${++n}`);

/** Imports over the existing store and checks it was left exactly as it was. */
async function failingImport(bundle: string, worker: 'never' | 'always' = 'never'): Promise<Error> {
  const error = await importBundle(bundle, store, { worker }).then(
    () => new Error('expected the import to fail'),
    (e: unknown) => e as Error,
  );
  expect(sha(store)).toBe(storeHash);
  expect(readdirSync(storeDir).filter((f) => f.includes('.importing'))).toEqual([]);
  return error;
}

describe('bad input corpus: clear errors, existing store untouched', () => {
  it('truncated gzip', async () => {
    const dir = writeBundle({}, bundleDir());
    const gz = gzipSync(goodLogs(20_000).join('\n'));
    writeFileSync(join(dir, 'logs.jsonl.gz'), gz.subarray(0, gz.length - 100));
    const err = await failingImport(dir);
    expect(err).toBeInstanceOf(BundleFormatError);
    expect(err.message).toMatch(/^logs\.jsonl\.gz:\d+: gzip data is truncated or corrupt/);
  });

  it('a line that is not JSON, in the worker too', async () => {
    const dir = writeBundle({ records: { logs: [log(1), '{"time": 5, "entity": ', log(2)] } }, bundleDir());
    for (const worker of ['never', 'always'] as const) {
      const err = await failingImport(dir, worker);
      expect(err).toBeInstanceOf(BundleFormatError);
      expect(err.message).toMatch(/^logs\.jsonl:2: not valid JSON/);
    }
  });

  it("a worker's bad line fails the import while the main thread reads its own share, leaving no part file", async () => {
    const span = (i: number): string =>
      JSON.stringify({ traceId: 't', spanId: `s${i}`, entity: 'shop/Service/cart', name: 'GET', start: T0, durationMs: 1, status: 'ok' });
    // The costliest file (logs) is the main thread's share; spans go to the worker.
    const dir = writeBundle({ records: { logs: goodLogs(50_000), spans: [span(1), span(2), '{"traceId": 3}'] } }, bundleDir());
    const err = await failingImport(dir, 'always');
    expect(err).toBeInstanceOf(BundleFormatError);
    expect(err.message).toMatch(/^spans\.jsonl:3: /);
  });

  it('a wrong type names the field', async () => {
    const dir = writeBundle({ records: { metrics: [{ time: T0, entity: 'shop/Service/cart', name: 'cpu', value: 'high' }] } }, bundleDir());
    const err = await failingImport(dir);
    expect((err as BundleFormatError).field).toBe('value');
    expect(err.message).toMatch(/^metrics\.jsonl:1: field "value": /);
  });

  it('a zone-less timestamp', async () => {
    const dir = writeBundle(
      {
        records: { events: [{ time: '2026-03-01T10:00:00', entity: 'shop/Pod/cart-1', type: 'Warning', reason: 'BackOff', message: 'x' }] },
      },
      bundleDir(),
    );
    const err = await failingImport(dir);
    expect(err.message).toBe('events.jsonl:1: field "time": expected ISO-8601 with zone or epoch ms');
  });

  it('a 50 MB single line is refused at the 8 MiB cap without reading it whole', async () => {
    const dir = writeBundle({ records: { logs: [log(0)] } }, bundleDir());
    const fd = openSync(join(dir, 'logs.jsonl'), 'a');
    const chunk = Buffer.alloc(1 << 20, 'a');
    writeSync(fd, '{"time": 1, "entity": "shop/Service/cart", "body": "');
    for (let i = 0; i < 50; i++) writeSync(fd, chunk);
    writeSync(fd, '"}\n');
    closeSync(fd);
    const before = process.memoryUsage().rss;
    const err = await failingImport(dir);
    expect(err).toBeInstanceOf(LineTooLongError);
    expect(err.message).toMatch(/^logs\.jsonl:2: line is longer than 8 MiB/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('bytes that are not UTF-8', async () => {
    const dir = writeBundle({}, bundleDir());
    writeFileSync(
      join(dir, 'logs.jsonl'),
      Buffer.concat([
        Buffer.from(`${log(0)}\n{"time":1,"entity":"shop/Service/cart","body":"`),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('"}\n'),
      ]),
    );
    const err = await failingImport(dir);
    expect(err.message).toBe('logs.jsonl:2: line is not valid UTF-8; re-encode the file as UTF-8');
  });

  it('a record file symlinked to outside the bundle', async () => {
    const outside = join(root, 'outside.jsonl');
    writeFileSync(outside, `${log(0)}\n`);
    const dir = writeBundle({}, bundleDir());
    symlinkSync(outside, join(dir, 'logs.jsonl'));
    const err = await failingImport(dir);
    expect(err).toBeInstanceOf(BundlePathError);
    expect(err.message).toMatch(/^logs\.jsonl: resolves to .*outside\.jsonl, outside the bundle folder/);
  });

  it('a manifest window that is not a timestamp', async () => {
    const dir = writeBundle(
      { manifest: { format: 'eog-snapshot', version: 1, name: 'x', window: { start: 'soon', end: T0 } } },
      bundleDir(),
    );
    expect((await failingImport(dir)).message).toBe('snapshot.json: field "window.start": expected ISO-8601 with zone or epoch ms');
  });

  it('an empty or missing topology.json', async () => {
    const dir = writeBundle({}, bundleDir());
    writeFileSync(join(dir, 'topology.json'), '');
    expect((await failingImport(dir)).message).toMatch(/^topology\.json: not valid JSON/);
    rmSync(join(dir, 'topology.json'));
    expect(await failingImport(dir)).toBeInstanceOf(BundleMissingFileError);
  });
});

describe('bad input corpus: warnings, import proceeds', () => {
  it('times outside 1990–2100 are one warning per file, with their count and the first line', async () => {
    const far = (time: number | string, i: number): string => JSON.stringify({ time, entity: 'shop/Service/cart', body: `line ${i}` });
    const dir = writeBundle(
      {
        records: {
          logs: [log(0), far(86_400_000, 1), log(2), far('9999-01-01T00:00:00Z', 3), far('1960-05-01T00:00:00Z', 4)],
          metrics: [JSON.stringify({ time: T0, entity: 'shop/Service/cart', name: 'cpu', value: 1 })],
          alerts: [JSON.stringify({ name: 'A', entity: 'shop/Service/cart', severity: 's', startsAt: T0, endsAt: '2200-01-01T00:00:00Z' })],
        },
        manifest: {
          format: 'eog-snapshot',
          version: 1,
          name: 'far',
          incidentTime: '2150-01-01T00:00:00Z',
          window: { start: T0, end: T0 + 1000 },
        },
      },
      bundleDir(),
    );
    const summary = await importBundle(dir, join(root, 'far.sqlite'));
    expect(summary.rows.logs).toBe(5);
    expect(summary.warnings.map((w) => `${w.file}:${w.line ?? ''}: ${w.message}`)).toEqual([
      'snapshot.json:: incidentTime is outside 1990–2100: check the unit (epoch ms) or the year',
      'alerts.jsonl:1: 1 record has a time outside 1990–2100 (the first on this line): check its unit (epoch ms) or its year',
      'logs.jsonl:2: 3 records have a time outside 1990–2100 (the first on this line): check their unit (epoch ms) or their year',
    ]);
  });

  it('a numeric time in seconds fails the import, naming file:line and the unit', async () => {
    const dir = writeBundle(
      { records: { logs: [log(0), JSON.stringify({ time: T0 / 1000, entity: 'shop/Service/cart', body: 'x' })] } },
      bundleDir(),
    );
    expect((await failingImport(dir)).message).toMatch(/^logs\.jsonl:2: field "time": looks like epoch seconds \(~1e9\)/);
  });

  it('an unknown entity and an empty record file are warnings', async () => {
    const dir = writeBundle(
      { records: { logs: [JSON.stringify({ time: T0, entity: 'shop/ConfigMap/cart-env', body: 'x' })] } },
      bundleDir(),
    );
    writeFileSync(join(dir, 'events.jsonl'), '');
    const summary = await importBundle(dir, join(root, 'other.sqlite'));
    expect(summary.warnings.map((w) => `${w.file}:${w.line ?? ''}: ${w.message}`)).toEqual([
      'logs.jsonl:1: entity "shop/ConfigMap/cart-env" is not in topology.json; created it with kind "ConfigMap"',
      'events.jsonl:: file has no records; nothing imported from it',
    ]);
  });
});
