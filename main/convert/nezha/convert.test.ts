import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { readBundleStrict } from '../test-helpers.js';
import { convertNezha, nezhaBundleName } from './convert.js';
import { readFaultList, type NezhaFault } from './layout.js';
import { serviceOfPod } from './names.js';
import { NEZHA_SLICE as ROOT } from './test-fixtures.js';
import { tempDir } from '../../platform/testing/temp-dirs.js';

/** The whole dataset (28 + 4 faults, 32 bundles) is checked by scripts/bench/datasets.ts, which takes its path. */
const PICKED = ['2023-01-30-f01', '2023-01-30-f02'];

describe('Nezha fault lists', () => {
  it('lists the faults in injection order, trusting inject_time (not the zone-shifted inject_timestamp)', () => {
    const day = readFaultList(ROOT, '2023-01-30');
    expect(day.map((f) => [f.index, new Date(f.injectTime).toISOString()])).toEqual([
      [1, '2023-01-30T11:51:46.000Z'],
      [2, '2023-01-30T11:59:21.000Z'],
    ]);
    expect(day.every((f, i) => i === 0 || f.injectTime > (day[i - 1] as NezhaFault).injectTime)).toBe(true);
  });
});

describe('convertNezha on the two real faults of the slice', async () => {
  const out = tempDir('eog-nezha-');
  const progress: number[] = [];
  const { bundles, warnings } = await convertNezha(ROOT, out, {
    onProgress: (p) => progress.push(p.done),
  });
  const faults = new Map(readFaultList(ROOT, '2023-01-30').map((f) => [nezhaBundleName(f), f]));

  it('finds nothing missing in a complete capture', () => {
    expect(warnings).toEqual([]);
    for (const dir of bundles) expect(readBundleStrict(dir).manifest.warnings).toBeUndefined();
  });

  it('writes one schema-valid bundle per selected fault, named by day and index only', () => {
    expect(bundles.map((b) => basename(b))).toEqual(PICKED);
    expect(progress).toEqual([1, 2]);
    for (const dir of bundles) {
      const bundle = readBundleStrict(dir);
      expect(bundle.files).toEqual([
        'alerts.jsonl.gz',
        'ground_truth.yaml',
        'logs.jsonl.gz',
        'metrics.jsonl.gz',
        'snapshot.json',
        'spans.jsonl.gz',
        'topology.json',
      ]);
      expect(bundle.manifest.source).toMatchObject({
        kind: 'nezha',
        alerts: expect.stringMatching(/^synthesised from the entry SLI against the baseline/),
      });
    }
  });

  it('sets the incident time, the window from the three files and the baseline from construct_data', () => {
    const { manifest } = readBundleStrict(join(out, '2023-01-30-f02'));
    expect(manifest.incidentTime).toBe('2023-01-30T11:59:21.000Z');
    const window = manifest.window as { start: string; end: string };
    expect(Date.parse(window.start)).toBeLessThan(Date.parse('2023-01-30T11:59:21Z'));
    expect(Date.parse(window.end) - Date.parse(window.start)).toBeGreaterThan(150_000);
    expect(Date.parse(window.end) - Date.parse(window.start)).toBeLessThan(190_000);
    expect(manifest.baseline).toEqual({ start: '2023-01-30T11:38:52.047Z', end: '2023-01-30T11:39:51.209Z' });
    expect(manifest.source).toMatchObject({ system: 'TrainTicket', namespace: 'train-ticket' });
    expect(manifest.source?.baselinePeriod).toBeUndefined();
  });

  it('carries baseline and window telemetry, with metrics for the pre-window and the clean baseline minutes', () => {
    const { records, manifest } = readBundleStrict(join(out, '2023-01-30-f01'));
    const baseline = manifest.baseline as { start: string; end: string };
    const window = manifest.window as { start: string; end: string };
    const ms = (t: unknown): number => (typeof t === 'number' ? t : Date.parse(String(t)));
    const inRange = (t: unknown, r: { start: string; end: string }): boolean => ms(t) >= Date.parse(r.start) && ms(t) <= Date.parse(r.end);
    expect(records.spans.filter((s) => inRange(s.start, baseline)).length).toBeGreaterThan(1000);
    expect(records.spans.filter((s) => inRange(s.start, window)).length).toBeGreaterThan(1000);
    expect(records.logs.filter((l) => inRange(l.time, baseline)).length).toBeGreaterThan(1000);
    const metricTimes = new Set(records.metrics.map((m) => Date.parse(String(m.time))));
    const metricBaseline = z.object({ start: z.string(), end: z.string() }).parse(manifest.source?.metricBaseline);
    expect([...metricTimes].filter((t) => inRange(t, metricBaseline)).length).toBeGreaterThanOrEqual(20);
    expect([...metricTimes].some((t) => t < Date.parse(window.start) - 5 * 60_000)).toBe(true);
    expect(records.metrics.some((m) => m.name === 'CpuUsageRate' && m.unit === '%')).toBe(true);
    expect(records.metrics.every((m) => Number.isFinite(m.value))).toBe(true);
  });

  it('marks spans with an ERROR log line inside them as errors and extracts log severity', () => {
    const { records } = readBundleStrict(join(out, '2023-01-30-f02'));
    const errors = records.spans.filter((s) => s.status === 'error');
    expect(errors.length).toBeGreaterThan(0);
    const errorLogs = new Set(records.logs.filter((l) => l.severity === 'ERROR').map((l) => `${String(l.traceId)}/${String(l.spanId)}`));
    const direct = errors.filter((s) => errorLogs.has(`${String(s.traceId)}/${String(s.spanId)}`));
    expect(direct.length).toBeGreaterThan(0);
    // The others are the spans their pod served the request with, failed by the ERROR below them.
    const byKey = new Map(records.spans.map((s) => [`${String(s.traceId)}/${String(s.spanId)}`, s]));
    for (const span of errors.filter((s) => !direct.includes(s))) {
      expect(span.statusMessage).toMatch(/^an ERROR was logged while serving this request \(span /);
      const parent = span.parentSpanId === undefined ? undefined : byKey.get(`${String(span.traceId)}/${String(span.parentSpanId)}`);
      expect(parent?.entity).not.toBe(span.entity);
    }
    expect(new Set(records.logs.map((l) => l.severity))).toEqual(new Set(['INFO', 'WARN', 'ERROR']));
  });

  it('builds contains, runs_on and baseline call edges', () => {
    const { topology } = readBundleStrict(join(out, '2023-01-30-f02'));
    const relations = (r: string): string[] => topology.edges.filter((e) => e.relation === r).map((e) => `${e.source} ${e.target}`);
    expect(relations('contains')).toContain('train-ticket/Service/ts-basic-service train-ticket/Pod/ts-basic-service-5dc8d4f9fd-llznp');
    expect(relations('runs_on').length).toBeGreaterThan(20);
    expect(relations('calls')).toContain('train-ticket/Service/ts-gateway-service train-ticket/Service/ts-travel-service');
    expect(topology.entities.filter((e) => e.kind === 'Pod').length).toBeGreaterThanOrEqual(46);
  });

  it('does not leak the root cause outside ground_truth.yaml', () => {
    for (const dir of bundles) {
      const fault = faults.get(basename(dir)) as NezhaFault;
      const service = serviceOfPod(fault.injectPod);
      const forbidden = [fault.injectPod, service, fault.injectType];
      const names = [basename(dir), ...readdirSync(dir)];
      for (const name of names) for (const word of forbidden) expect(name).not.toContain(word);
      const manifest = readFileSync(join(dir, 'snapshot.json'), 'utf8');
      const alerts = gunzipSync(readFileSync(join(dir, 'alerts.jsonl.gz'))).toString('utf8');
      for (const text of [manifest, alerts]) {
        for (const word of forbidden) expect(text).not.toContain(word);
        expect(text).not.toMatch(/inject|root.?cause|fault/i);
      }
      const { topology } = readBundleStrict(dir);
      for (const entity of topology.entities) {
        expect(JSON.stringify({ ...entity.attrs, ...entity.labels })).not.toMatch(/inject|root.?cause|fault|culprit/i);
      }
      const injected = topology.entities.find((e) => e.name === fault.injectPod);
      expect(injected?.attrs).toEqual({ service });
      const truth = parse(readFileSync(join(dir, 'ground_truth.yaml'), 'utf8'));
      expect(truth.groups[0]).toMatchObject({ kind: 'Pod', name: fault.injectPod, root_cause: true });
      expect(truth.aliases).toEqual([['injected-pod', 'injected-service']]);
      expect(truth.fault[0].fault_mechanism).toBe(fault.injectType);
    }
  });
});
