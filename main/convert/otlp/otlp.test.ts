import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertCapture } from '../capture/convert.js';
import { ConvertInputError } from '../errors.js';
import { readBundleStrict } from '../test-helpers.js';

const data = join(import.meta.dirname, 'testdata');
const root = mkdtempSync(join(tmpdir(), 'eog-otlp-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function convert(files: string[], name: string): ReturnType<typeof readBundleStrict> & { warnings: unknown[] } {
  const result = convertCapture({ otlp: files }, join(root, name));
  return { ...readBundleStrict(result.bundle), warnings: result.warnings };
}

function fileWith(name: string, text: string): string {
  const file = join(root, name);
  writeFileSync(file, text);
  return file;
}

describe('eog convert otlp: a Collector file-exporter capture', () => {
  const bundle = convert([join(data, 'traces.jsonl'), join(data, 'logs.jsonl'), join(data, 'metrics.jsonl')], 'ok');

  it('reads spans with hex ids lower-cased, exact durations, status and kind', () => {
    expect(bundle.records.spans).toEqual([
      {
        traceId: '5b8efff798038103d269b633813fc60c',
        spanId: 'eee19b7ec3c1b174',
        entity: 'shop/Pod/frontend-7d8bb-rnvjn',
        name: 'GET /api/cart',
        start: '2026-03-01T09:00:01.132Z',
        durationMs: 39.5,
        status: 'unset',
        kind: 'server',
        attrs: { 'http.response.status_code': 200 },
      },
      {
        traceId: '5b8efff798038103d269b633813fc60c',
        spanId: '1eadb4263c8ac4b9',
        parentSpanId: 'eee19b7ec3c1b174',
        entity: 'shop/Pod/cart-fa276-pl9v7',
        name: 'redis GET',
        start: '2026-03-01T09:00:01.138Z',
        durationMs: 23.123456,
        status: 'error',
        statusMessage: 'connection refused',
        kind: 'client',
      },
      {
        traceId: '0af7651916cd43dd8448eb211c80319c',
        spanId: 'b7ad6b7169203331',
        entity: 'Service/unknown',
        name: 'orphan',
        start: '2026-03-01T09:00:02.000Z',
        durationMs: 0,
        status: 'ok',
        kind: 'internal',
      },
    ]);
  });

  it('maps resource attributes to entities and the structure they state, and spans to call edges', () => {
    const edges = bundle.topology.edges.map((e) => `${e.source} ${e.relation} ${e.target}`);
    expect(edges).toEqual(
      expect.arrayContaining([
        'shop/Deployment/frontend contains shop/ReplicaSet/frontend-7d8bb',
        'shop/ReplicaSet/frontend-7d8bb contains shop/Pod/frontend-7d8bb-rnvjn',
        'shop/Pod/frontend-7d8bb-rnvjn runs_on Node/node-1',
        'shop/Service/frontend contains shop/Pod/frontend-7d8bb-rnvjn',
        'shop/Service/cart contains shop/Pod/cart-fa276-pl9v7',
        'shop/Service/frontend calls shop/Service/cart',
      ]),
    );
    expect(edges).toHaveLength(6);
    expect(bundle.warnings).toContainEqual({
      file: join(data, 'traces.jsonl'),
      message: expect.stringContaining('attributed to Service/unknown') as string,
    });
  });

  it('keeps a log body with markup as data, maps severityNumber, falls back to the observed time', () => {
    expect(bundle.records.logs).toEqual([
      {
        time: '2026-03-01T09:00:01.150Z',
        entity: 'shop/Pod/cart-fa276-pl9v7',
        severity: 'ERROR',
        body: "<script>alert('x')</script> redis: connection refused",
        traceId: '5b8efff798038103d269b633813fc60c',
        spanId: '1eadb4263c8ac4b9',
        attrs: { 'code.lineno': 42, retry: true },
      },
      { time: '2026-03-01T09:00:03.000Z', entity: 'shop/Pod/cart-fa276-pl9v7', severity: 'Information', body: '{"msg":"ok","n":1.5}' },
    ]);
  });

  it('reads the level and message of a JSON body when the record states no severity', () => {
    const record = (body: string, extra: object = {}) => ({ timeUnixNano: '1772355601000000000', body: { stringValue: body }, ...extra });
    const line = {
      resourceLogs: [
        {
          resource: {
            attributes: [
              { key: 'k8s.pod.name', value: { stringValue: 'cart-fa276-pl9v7' } },
              { key: 'k8s.namespace.name', value: { stringValue: 'shop' } },
            ],
          },
          scopeLogs: [
            {
              logRecords: [
                record('{"level":"error","msg":"redis: connection refused","attempt":3}', {
                  attributes: [{ key: 'attempt', value: { intValue: '4' } }],
                }),
                record('{"level":"error","msg":"stated wins"}', { severityText: 'WARN' }),
                record('plain text'),
              ],
            },
          ],
        },
      ],
    };
    const logs = convert([fileWith('json-bodies.jsonl', `${JSON.stringify(line)}\n`)], 'json-bodies').records.logs;
    expect(logs.map(({ severity, body, attrs }) => ({ severity, body, attrs }))).toEqual([
      { severity: 'ERROR', body: 'redis: connection refused', attrs: { attempt: 4 } },
      { severity: 'WARN', body: '{"level":"error","msg":"stated wins"}', attrs: undefined },
      { severity: undefined, body: 'plain text', attrs: undefined },
    ]);
  });

  it('reads gauges, rates from a cumulative counter, p95 from a histogram; warns about summaries', () => {
    const metrics = bundle.records.metrics.map((m) => [m.time, m.name, m.value, m.unit, m.labels]);
    expect(metrics).toEqual([
      ['2026-03-01T09:01:00.000Z', 'k8s.pod.memory.working_set', 188604997, 'By', undefined],
      // (220 - 100) requests over 60 s, stated per second.
      ['2026-03-01T09:02:00.000Z', 'rate(http.server.request.count)', 2, '{request}/s', { 'http.route': '/api/cart' }],
      // 19th of 20 observations: 9 of the 10 in (50, 100] → 50 + 50 × 0.9.
      ['2026-03-01T09:02:00.000Z', 'p95(http.server.request.duration)', 95, 'ms', undefined],
      ['2026-03-01T09:02:00.000Z', 'queue.size', 3.5, '1', undefined],
    ]);
    expect(bundle.warnings).toContainEqual({
      file: join(data, 'metrics.jsonl'),
      message: expect.stringContaining('rpc.duration.summary') as string,
    });
  });

  it('writes the warnings into snapshot.json', () => {
    expect(bundle.manifest.warnings).toEqual(bundle.warnings);
  });
});

describe('eog convert otlp: bad input names file and line', () => {
  const good = '{"resourceSpans":[]}';

  it('a truncated last line', () => {
    const file = fileWith('cut.jsonl', `${good}\n{"resourceSpans":[{"resource":{"attri`);
    expect(() => convert([file], 'cut')).toThrow(ConvertInputError);
    expect(() => convert([file], 'cut')).toThrow(/cut\.jsonl:2: not valid JSON \(the last line may be cut short/);
  });

  it('a field of the wrong type', () => {
    const span = {
      traceId: '5b8efff798038103d269b633813fc60c',
      spanId: 'eee19b7ec3c1b174',
      name: 'x',
      startTimeUnixNano: 12.5,
      endTimeUnixNano: '1',
    };
    const file = fileWith('types.jsonl', `${good}\n\n${JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] })}\n`);
    expect(() => convert([file], 'types')).toThrow(
      /types\.jsonl:3: field "resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]\.startTimeUnixNano": expected unix nanoseconds/,
    );
  });

  it('a missing span id', () => {
    const span = { traceId: '5b8efff798038103d269b633813fc60c', name: 'x', startTimeUnixNano: '1', endTimeUnixNano: '2' };
    const file = fileWith('missing.jsonl', JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] }));
    expect(() => convert([file], 'missing')).toThrow(
      /missing\.jsonl:1: field "resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]\.spanId": expected a string/,
    );
  });

  it('a line of an unknown kind', () => {
    const file = fileWith('unknown.jsonl', `${good}\n{"resourceProfiles":[]}\n`);
    expect(() => convert([file], 'unknown')).toThrow(/unknown\.jsonl:2: not an OTLP export line/);
  });

  it('writes nothing when it fails', () => {
    const file = fileWith('bad.jsonl', '{');
    expect(() => convert([file], 'bad')).toThrow(ConvertInputError);
    expect(() => readBundleStrict(join(root, 'bad'))).toThrow();
  });
});
