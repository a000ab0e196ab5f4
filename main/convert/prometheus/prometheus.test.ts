import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertCapture } from '../capture/convert.js';
import { unitOfName } from './read.js';
import { ConvertInputError } from '../errors.js';
import { readBundleStrict } from '../test-helpers.js';

const data = join(import.meta.dirname, 'testdata');
const root = mkdtempSync(join(tmpdir(), 'eog-prom-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const convert = (files: string[], name: string): ReturnType<typeof convertCapture> =>
  convertCapture({ prometheus: files }, join(root, name));

function fileWith(name: string, text: string): string {
  const file = join(root, name);
  writeFileSync(file, text);
  return file;
}

describe('eog convert prometheus: HTTP API dumps', () => {
  const result = convert([join(data, 'container_cpu_usage_rate.json'), join(data, 'alerts.json')], 'ok');
  const bundle = readBundleStrict(result.bundle);

  it('reads a range query into metrics on the entity its labels name, dropping NaN samples', () => {
    expect(bundle.records.metrics).toEqual([
      {
        time: '2026-03-01T09:00:00.000Z',
        entity: 'shop/Pod/cart-fa276-pl9v7',
        name: 'container_cpu_usage_rate',
        value: 0.25,
        labels: { container: 'server', job: 'kubelet', instance: '10.0.0.4:10250' },
      },
      // A series with only a job label belongs to that job's service.
      { time: '2026-03-01T09:00:00.000Z', entity: 'Service/node-exporter', name: 'container_cpu_usage_rate', value: 1 },
      {
        time: '2026-03-01T09:01:00.500Z',
        entity: 'shop/Pod/cart-fa276-pl9v7',
        name: 'container_cpu_usage_rate',
        value: 0.5,
        labels: { container: 'server', job: 'kubelet', instance: '10.0.0.4:10250' },
      },
    ]);
    const file = join(data, 'container_cpu_usage_rate.json');
    // NaN samples are what Prometheus answers for a ratio over no requests: counted, not warned about.
    expect(result.warnings.some((w) => w.message.includes('NaN'))).toBe(false);
    expect((bundle.manifest.source as { droppedSamples?: number }).droppedSamples).toBeGreaterThan(0);
    expect(result.warnings).toContainEqual({ file, message: expect.stringContaining('name no entity; skipped') as string });
  });

  it('reads firing alerts (not pending ones) with their annotations kept as data', () => {
    expect(bundle.records.alerts).toEqual([
      {
        name: 'HighErrorRate',
        entity: 'shop/Service/frontend',
        severity: 'critical',
        startsAt: '2026-03-01T09:43:00.123Z',
        summary: '25% of <b>frontend</b> requests fail',
        labels: { namespace: 'shop', service: 'frontend' },
      },
    ]);
  });
});

describe('eog convert prometheus: an Alertmanager /api/v2/alerts dump', () => {
  it('reads active alerts at the time they fired', () => {
    const bundle = readBundleStrict(convert([join(data, 'alertmanager-alerts.json')], 'am').bundle);
    expect(bundle.records.alerts).toEqual([
      {
        name: 'HighRequestLatency',
        entity: 'shop/Service/frontend',
        severity: 'critical',
        startsAt: '2026-03-01T09:43:30.000Z',
        summary: 'p95 latency of frontend is 564 ms',
        labels: { namespace: 'shop', service: 'frontend', prometheus: 'monitoring/k8s' },
      },
    ]);
  });
});

describe('eog convert prometheus: bad input names file and line', () => {
  it('a truncated file', () => {
    const file = fileWith('cut.json', '{\n "status": "success",\n "data": {"resultType": "matrix", "result": [');
    expect(() => convert([file], 'cut')).toThrow(ConvertInputError);
    expect(() => convert([file], 'cut')).toThrow(/cut\.json:3: not valid JSON/);
  });

  it('a sample of the wrong type, at its line', () => {
    const text = [
      '{"status": "success", "data": {"resultType": "matrix", "result": [',
      '{"metric": {"pod": "p", "namespace": "n"},',
      ' "values": [[1772355600, 0.5]]}',
      ']}}',
    ].join('\n');
    expect(() => convert([fileWith('types.json', text)], 'types')).toThrow(
      /types\.json:3: field "data\.result\[0\]\.values\[0\]\[1\]": expected a string/,
    );
  });

  it('an error response and a result type without series', () => {
    const error = fileWith('error.json', '{"status":"error","errorType":"bad_data","error":"parse error"}');
    expect(() => convert([error], 'error')).toThrow(/error\.json:1: the saved response is an error \(bad_data: parse error\)/);
    const scalar = fileWith('scalar.json', '{"status":"success","data":{"resultType":"scalar","result":[1,"2"]}}');
    expect(() => convert([scalar], 'scalar')).toThrow(/resultType "scalar" holds no series/);
  });

  it('an alert without its name', () => {
    const text =
      '{"status":"success","data":{"alerts":[\n{"labels":{"severity":"critical"},"state":"firing","activeAt":"2026-03-01T09:43:00Z"}]}}';
    expect(() => convert([fileWith('alerts.json', text)], 'alerts')).toThrow(
      /alerts\.json:2: field "data\.alerts\[0\]\.labels\.alertname"/,
    );
  });
});

describe('eog convert prometheus: the limits kube-state-metrics states become the pod’s', () => {
  const series = (labels: Record<string, string>, values: Array<[number, string]>) => ({
    metric: { __name__: 'kube_pod_container_resource_limits', namespace: 'shop', pod: 'cart-1', ...labels },
    values,
  });
  const file = fileWith(
    'limits.json',
    JSON.stringify({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [
          series({ container: 'server', resource: 'cpu', unit: 'core' }, [
            [1772355600, '0.25'],
            [1772355660, '0.5'],
          ]),
          series({ container: 'proxy', resource: 'cpu', unit: 'core' }, [[1772355600, '0.1']]),
          series({ container: 'server', resource: 'memory', unit: 'byte' }, [[1772355600, '536870912']]),
          series({ container: 'server', resource: 'nvidia_com_gpu', unit: 'integer' }, [[1772355600, '1']]),
        ],
      },
    }),
  );

  it('sums each container’s latest limit per resource; other resources are left as metrics', () => {
    const bundle = readBundleStrict(convert([file], 'limits').bundle);
    const pod = bundle.topology.entities.find((e) => e.id === 'shop/Pod/cart-1');
    expect(pod?.attrs).toEqual({ cpuLimitCores: 0.6, memoryLimitBytes: 536870912 });
    expect(bundle.records.metrics.filter((m) => m.name === 'kube_pod_container_resource_limits')).toHaveLength(5);
  });
});

describe('units from Prometheus naming conventions', () => {
  it('reads the base-unit suffix, before a counter or histogram suffix and in a recording rule’s metric part', () => {
    expect(unitOfName('http_request_duration_seconds_bucket')).toBe('s');
    expect(unitOfName('process_resident_memory_bytes')).toBe('By');
    expect(unitOfName('job:http_request_duration_seconds:p95_1m')).toBe('s');
    expect(unitOfName('node_network_receive_bytes_total')).toBe('By');
    expect(unitOfName('container_memory_working_set_ratio')).toBe('1');
    expect(unitOfName('up')).toBeNull();
    expect(unitOfName('job:http_errors:ratio1m')).toBeNull();
    expect(unitOfName('seconds_since_boot_widgets')).toBeNull();
  });
});
