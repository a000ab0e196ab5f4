import { describe, expect, it } from 'vitest';
import { metricMeaning } from './meaning.js';

describe('metricMeaning', () => {
  it.each([
    // OpenTelemetry semantic conventions, with their declared units
    ['process.cpu.utilization', '1', { quantity: 'cpu', measure: 'share', scale: 1 }],
    ['process.cpu.time', 's', { quantity: 'cpu', measure: 'usage' }],
    ['system.cpu.utilization', '1', { quantity: 'cpu', measure: 'share', scale: 1, scope: 'host' }],
    ['k8s.node.memory.usage', 'By', { quantity: 'memory', measure: 'usage', scope: 'host' }],
    ['container.memory.working_set', 'By', { quantity: 'memory', measure: 'usage' }],
    ['http.server.request.duration', 's', { quantity: 'latency', measure: 'duration' }],
    ['db.client.operation.duration', 's', { quantity: 'latency', measure: 'duration' }],
    ['db.client.connection.count', '{connection}', { quantity: 'saturation', measure: 'count' }],
    ['k8s.container.restarts', '{restart}', { quantity: 'restarts', measure: 'count' }],
    ['jvm.memory.used', 'By', { quantity: 'memory', measure: 'usage' }],
    ['container_memory_failures_total', null, { quantity: 'memory', measure: 'pressure', cumulative: true }],
    ['container.memory.pressure', '1', { quantity: 'memory', measure: 'pressure' }],
    // A counter the OTLP converter turned into a rate, a histogram into its p95
    ['rate(process.cpu.time)', 's/s', { quantity: 'cpu', measure: 'usage' }],
    ['rate(http.server.request.count)', '{request}/s', { quantity: 'requests', measure: 'rate' }],
    ['rate(app.checkout.errors)', null, { quantity: 'errors', measure: 'rate' }],
    ['p95(http.server.request.duration)', 's', { quantity: 'latency', measure: 'duration' }],
    // Prometheus naming, the unit from the suffix
    ['process_cpu_seconds_total', 's', { quantity: 'cpu', measure: 'usage', cumulative: true }],
    ['job:process_cpu_seconds:rate1m', 's', { quantity: 'cpu', measure: 'usage' }],
    ['instance:node_cpu_utilisation:rate1m', null, { quantity: 'cpu', measure: 'share', scope: 'host' }],
    ['container_cpu_cfs_throttled_seconds_total', 's', { quantity: 'cpu', measure: 'pressure', cumulative: true }],
    ['node_memory_MemAvailable_bytes', 'By', { quantity: 'memory', measure: 'free', scope: 'host' }],
    ['node_memory_MemTotal_bytes', 'By', { quantity: 'memory', measure: 'capacity', scope: 'host' }],
    ['kube_pod_container_resource_limits_memory_bytes', 'By', { quantity: 'memory', measure: 'capacity' }],
    ['nodejs_heap_size_used_bytes', 'By', { quantity: 'memory', measure: 'usage', scope: 'part' }],
    ['nodejs_eventloop_lag_p99_seconds', 's', { quantity: 'saturation', measure: 'duration', scope: 'part' }],
    ['job:http_errors:ratio1m', null, { quantity: 'errors', measure: 'share' }],
    ['job_target:http_client_errors:rate1m', null, { quantity: 'errors', measure: 'rate' }],
    ['job:http_requests:rate1m', null, { quantity: 'requests', measure: 'rate' }],
    ['job:http_request_duration_seconds:p95_1m', 's', { quantity: 'latency', measure: 'duration' }],
    ['pg_locks_count', null, { quantity: 'saturation', measure: 'count' }],
    ['pg_stat_activity_max_tx_duration', null, { quantity: 'latency', measure: 'duration' }],
    // Columns stating their unit in parentheses, read as the converter splits them
    ['CpuUsageRate', '%', { quantity: 'cpu', measure: 'share', scale: 100 }],
    ['CpuUsage', 'm', { quantity: 'cpu', measure: 'usage' }],
    ['MemoryUsage', 'Mi', { quantity: 'memory', measure: 'usage' }],
    ['NodeCpuUsageRate', '%', { quantity: 'cpu', measure: 'share', scale: 100, scope: 'host' }],
    ['PodSuccessRate', '%', { quantity: 'errors', measure: 'success', scale: 100 }],
    ['PodClientLatencyP95', 's', { quantity: 'latency', measure: 'duration' }],
    ['PodWorkload', 'Ops', { quantity: 'requests', measure: 'count' }],
    ['request_p95', 'ms', { quantity: 'latency', measure: 'duration' }],
    ['queue_depth', '{message}', { quantity: 'saturation', measure: 'count' }],
  ] as const)('%s [%s]', (name, unit, expected) => {
    const meaning = metricMeaning(name, unit);
    expect(meaning).toEqual(Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined)));
  });

  it('says nothing of a metric neither its unit nor its name explains', () => {
    for (const [name, unit] of [
      ['up', null],
      ['SyscallRead', null],
      ['pg_stat_activity_count', null],
      ['redis_connected_clients', null],
      ['widgets', 'By'],
    ] as const)
      expect(metricMeaning(name, unit)).toBeNull();
  });

  it('takes a quantile of a time as a latency, and operations per second as requests', () => {
    expect(metricMeaning('checkout_p99', 's')).toEqual({ quantity: 'latency', measure: 'duration' });
    expect(metricMeaning('shop_orders', '{operation}/s')).toEqual({ quantity: 'requests', measure: 'rate' });
  });
});
