import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const convertDir = join(import.meta.dirname, '..', '..');

/** The converters' own test exports, by the subfolder they go into. */
const EXPORTS: Record<string, readonly string[]> = {
  otlp: ['traces.jsonl', 'logs.jsonl', 'metrics.jsonl'],
  prometheus: ['container_cpu_usage_rate.json', 'alerts.json'],
  kubectl: ['before.json', 'after.json', 'events.json'],
};

/** Markup and a terminal escape in a Kubernetes kind: a warning quotes it, and every view must show it as text. */
export const HOSTILE_KIND = '<img src=x onerror="document.title=\'pwned\'">\u001b[31m';

/** An error status naming a callee no entity of the capture has, with markup after it. */
export const UNKNOWN_CALLEE_STATUS = 'downstream ledger-gateway returned 503 <img src=x onerror="document.title=\'pwned\'">';

/** One OTLP export line: the frontend pod's failed calls, their status naming UNKNOWN_CALLEE_STATUS. */
function unknownCalleeSpans(): string {
  const resource = {
    attributes: [
      { key: 'service.name', value: { stringValue: 'frontend' } },
      { key: 'k8s.namespace.name', value: { stringValue: 'shop' } },
      { key: 'k8s.pod.name', value: { stringValue: 'frontend-7d8bb-rnvjn' } },
    ],
  };
  // 09:45, after the alert (09:43) that fixes the window: these failures are in the window.
  const start = 1772358300000000000n;
  const spans = Array.from({ length: 3 }, (_, i) => ({
    traceId: `5b8efff798038103d269b633813fc6${(10 + i).toString(16).padStart(2, '0')}`,
    spanId: `eee19b7ec3c1b1${(10 + i).toString(16).padStart(2, '0')}`,
    parentSpanId: '',
    name: 'POST /api/checkout',
    kind: 2,
    startTimeUnixNano: String(start + BigInt(i) * 1_000_000n),
    endTimeUnixNano: String(start + BigInt(i) * 1_000_000n + 20_000_000n),
    status: { code: 2, message: UNKNOWN_CALLEE_STATUS },
  }));
  return JSON.stringify({ resourceSpans: [{ resource, scopeSpans: [{ spans }] }] });
}

/**
 * Test helper: a folder of exports as a user of the OpenTelemetry Collector, Prometheus and
 * kubectl would hand over, made of the converters' own test fixtures (OTLP JSON lines,
 * Prometheus API responses, `kubectl get -o json` lists) in subfolders. With `hostile`, one more
 * kubectl list holds an object of a kind the converter does not read, named with markup, so
 * the conversion warns about it (file and line) quoting hostile text; and one more OTLP file
 * holds failed spans whose status names a callee no entity has, which the import warns of.
 */
export function writeCaptureFolder(dir: string, options: { hostile?: boolean } = {}): string {
  for (const [format, files] of Object.entries(EXPORTS)) {
    mkdirSync(join(dir, format), { recursive: true });
    for (const file of files) copyFileSync(join(convertDir, format, 'testdata', file), join(dir, format, file));
  }
  if (options.hostile) {
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: [{ apiVersion: 'example.com/v1', kind: HOSTILE_KIND, metadata: { name: 'widget', namespace: 'shop' } }],
    };
    writeFileSync(join(dir, 'kubectl', 'custom.json'), `${JSON.stringify(list, null, 2)}\n`);
    writeFileSync(join(dir, 'otlp', 'z-errors.jsonl'), `${unknownCalleeSpans()}\n`);
  }
  return dir;
}
