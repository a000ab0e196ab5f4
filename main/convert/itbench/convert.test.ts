import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConvertInputError, UnrecognisedInputError } from '../errors.js';
import { readBundleStrict } from '../test-helpers.js';
import { convertItbenchLite } from './convert.js';
import { tempDir } from '../../platform/testing/temp-dirs.js';

const fixture = join(import.meta.dirname, 'testdata', 'Scenario-1');
const CHECKOUT_POD = 'otel-demo/Pod/checkout-7c9f6d8b4-x2x9q';

describe('convertItbenchLite (fixture modelled on ground truth gt_24)', async () => {
  const out = tempDir('eog-itb-');
  const result = await convertItbenchLite(fixture, out);
  const bundle = readBundleStrict(result.bundle);
  const edges = new Set(bundle.topology.edges.map((e) => `${e.source} ${e.relation} ${e.target}`));

  it('writes a schema-valid bundle named after the scenario, ground truth copied through', () => {
    expect(result.bundle).toBe(join(out, 'Scenario-1'));
    expect(bundle.manifest.source).toMatchObject({ kind: 'itbench-lite', namespace: 'otel-demo' });
    expect(readFileSync(join(result.bundle, 'ground_truth.yaml'), 'utf8')).toBe(readFileSync(join(fixture, 'ground_truth.yaml'), 'utf8'));
    expect(parse(readFileSync(join(result.bundle, 'ground_truth.yaml'), 'utf8')).groups[0].id).toBe('checkout-deployment');
  });

  it('diffs consecutive object observations into exactly the configuration change', () => {
    const deployment = bundle.records.changes.filter((c) => c.entity === 'otel-demo/Deployment/checkout');
    expect(deployment).toHaveLength(1);
    expect(deployment[0]).toMatchObject({
      time: '2025-03-01T10:05:00.000Z',
      kind: 'config',
      actor: 'kubectl-edit',
      diff: [{ path: 'spec.template.spec.containers[checkout].env[KAFKA_ADDR].value', from: 'kafka:9092', to: 'kafka:9999' }],
    });
    expect(bundle.records.changes.some((c) => c.entity === 'otel-demo/Deployment/frontend')).toBe(false);
    expect(bundle.records.changes.find((c) => c.entity === 'otel-demo/Service/checkout')?.summary).toMatch(/notReadyAddresses/);
  });

  it('derives the topology from owners, endpoints, nodes, config references and traces', () => {
    for (const edge of [
      'otel-demo/Deployment/checkout contains otel-demo/ReplicaSet/checkout-7c9f6d8b4',
      `otel-demo/ReplicaSet/checkout-7c9f6d8b4 contains ${CHECKOUT_POD}`,
      `otel-demo/Service/checkout contains ${CHECKOUT_POD}`,
      'otel-demo/Service/frontend-proxy contains otel-demo/Pod/frontend-proxy-5c4d8b7a9-fghij',
      `${CHECKOUT_POD} runs_on Node/worker-1`,
      `otel-demo/ConfigMap/checkout-config configures ${CHECKOUT_POD}`,
      `otel-demo/Secret/checkout-secrets configures ${CHECKOUT_POD}`,
      'otel-demo/Service/frontend-proxy calls otel-demo/Service/frontend',
      'otel-demo/Service/frontend calls otel-demo/Service/checkout',
    ]) {
      expect(edges).toContain(edge);
    }
    expect(bundle.topology.entities.some((e) => e.kind === 'Endpoints')).toBe(false);
    const gone = bundle.topology.entities.find((e) => e.id === 'otel-demo/Pod/checkout-5d8f7b9c6-qrstu');
    expect(gone?.attrs).toEqual({ lastSeen: '2025-03-01T10:00:00.000Z' });
  });

  it('keeps quoting quirks intact: embedded newlines, doubled quotes, Python dicts', () => {
    const panic = bundle.records.logs.find((l) => l.severity === 'FATAL');
    expect(panic?.body).toMatch(/^panic: runtime error.*\n\[signal SIGSEGV.*\n\ngoroutine 42/s);
    expect(panic?.attrs).toMatchObject({ nested: { lines: [1, 2.5, -3], ok: true, none: null } });
    expect(bundle.records.logs[0]).toMatchObject({
      body: 'starting checkout service with KAFKA_ADDR "kafka:9999"',
      attrs: { note: "it's fine" },
    });
    expect(bundle.records.logs.every((l) => String(l.time).endsWith('Z'))).toBe(true);
  });

  it('maps spans to pods with OTel status and kind, and durations in ms', () => {
    const frontend = bundle.records.spans.find((s) => s.spanId === 'b7ad6b7169203331');
    expect(frontend).toMatchObject({
      entity: 'otel-demo/Pod/frontend-6b7d9c8f5-abcde',
      status: 'error',
      kind: 'server',
      durationMs: 240,
      parentSpanId: 'a1a1a1a1a1a1a1a1',
    });
    expect(bundle.records.spans.find((s) => s.spanId === 'e5e5e5e5e5e5e5e5')?.status).toBe('ok');
    expect(bundle.records.spans.find((s) => s.spanId === 'd4d4d4d4d4d4d4d4')?.status).toBe('unset');
  });

  it('dedupes repeated events and alerts, keeping the latest count and earliest start', () => {
    const backoff = bundle.records.events.filter((e) => e.reason === 'BackOff');
    expect(backoff).toEqual([expect.objectContaining({ entity: CHECKOUT_POD, type: 'Warning', count: 12 })]);
    const errors = bundle.records.alerts.filter((a) => a.name === 'HighRequestErrorRate');
    expect(errors).toEqual([
      expect.objectContaining({ entity: 'otel-demo/Service/frontend', startsAt: '2025-03-01T10:04:30.000Z', severity: 'critical' }),
    ]);
    expect(bundle.records.alerts.find((a) => a.name === 'KubePodCrashLooping')?.entity).toBe(CHECKOUT_POD);
    expect(bundle.manifest.incidentTime).toBe('2025-03-01T10:04:30.000Z');
  });

  it('converts counters to rates and buckets to p95, dropping NaN samples', () => {
    const metric = (name: string): { time: unknown; value: unknown }[] =>
      bundle.records.metrics.filter((m) => m.name === name).map((m) => ({ time: m.time, value: m.value }));
    expect(metric('rate(kube_pod_container_status_restarts_total)')).toEqual([
      { time: '2025-03-01T10:04:00.000Z', value: 2 / 60 },
      { time: '2025-03-01T10:05:00.000Z', value: 1 / 60 },
    ]);
    // interval 1: deltas 10/10/55/100 → rank 95 lies in +Inf → highest finite bound.
    expect(metric('p95(http_server_request_duration_seconds)')[0]).toEqual({ time: '2025-03-01T10:04:00.000Z', value: 1 });
    expect(metric('container_memory_working_set_bytes')).toHaveLength(3);
  });

  it('warns about records naming entities that no object describes, on the result and in snapshot.json', () => {
    expect(result.warnings).toEqual(['alerts: entity Namespace/otel-demo is not among the Kubernetes objects; created from its id']);
    expect(bundle.manifest.warnings).toEqual([
      { file: 'alerts', message: 'entity Namespace/otel-demo is not among the Kubernetes objects; created from its id' },
    ]);
  });
});

describe('convertItbenchLite on a scenario with files missing', () => {
  it('converts what is there and names each missing input, on the result and in snapshot.json', async () => {
    const partial = join(tempDir('eog-itb-'), 'Scenario-1');
    cpSync(fixture, partial, { recursive: true });
    rmSync(join(partial, 'otel_traces_raw.tsv'));
    rmSync(join(partial, 'metrics'), { recursive: true });
    const result = await convertItbenchLite(partial, tempDir('eog-itb-'));
    const bundle = readBundleStrict(result.bundle);
    expect(result.warnings.slice(0, 2)).toEqual([
      'otel_traces_raw.tsv: missing: no spans and no call edges',
      'metrics: missing: no metrics',
    ]);
    expect(bundle.manifest.warnings?.slice(0, 2)).toEqual([
      { file: 'otel_traces_raw.tsv', message: 'missing: no spans and no call edges' },
      { file: 'metrics', message: 'missing: no metrics' },
    ]);
    expect(bundle.records.spans).toEqual([]);
    expect(bundle.records.logs.length).toBeGreaterThan(0);
  });
});

describe('convertItbenchLite on broken input', () => {
  it('names the file and line of an unbalanced quote', async () => {
    const out = tempDir('eog-itb-');
    const broken = join(import.meta.dirname, 'testdata', 'Scenario-broken');
    const failure = convertItbenchLite(broken, out);
    await expect(failure).rejects.toThrow(ConvertInputError);
    await expect(convertItbenchLite(broken, out)).rejects.toThrow(`${join(broken, 'otel_logs_raw.tsv')}:3:`);
  });

  it('refuses a folder that is not a scenario', async () => {
    await expect(convertItbenchLite(tempDir('eog-empty-'), tempDir('eog-itb-'))).rejects.toThrow(UnrecognisedInputError);
  });
});
